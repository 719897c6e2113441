// Hand-made declarations for the statistics tests: one item each, so every figure is easy to check.
import type { DeclarationInput } from '../../../src/ingest/record.js';
import type { Store } from '../../../src/db/connect.js';
import { writeBatch } from '../../../src/ingest/writer.js';
import { customsOfficeForPort } from '../../../src/reference/customs-offices.js';
import { invalidateSourceMeta } from '../../../src/features/shared/source-meta.js';
import { vkn } from '../../helpers/random-records.js';

export interface Line {
  flow: 'import' | 'export';
  month: string; // YYYY-MM
  country: string;
  gtip: string;
  usd: number;
}

let seq = 0;

export function declaration(l: Line): DeclarationInput {
  seq++;
  const office = customsOfficeForPort('TRMER')!.code;
  const kg = 100;
  return {
    declaration_no: `S${seq}`,
    flow: l.flow,
    regime: l.flow === 'import' ? '4000' : '1000',
    registered_at: `${l.month}-15`,
    customs_office: office,
    company: { tax_number: vkn(7), name: 'Deneme Dış Ticaret A.Ş.', country: 'TR', city: 'İzmir' },
    partner: { name: `Partner ${l.country}`, country: l.country },
    incoterm: 'FOB',
    currency: 'USD',
    invoice_value: l.usd,
    value_usd: l.usd,
    transport_mode: 'sea',
    port: 'TRMER',
    net_weight_kg: kg,
    gross_weight_kg: kg + 1,
    items: [{ line_no: 1, gtip: l.gtip, description: 'goods', quantity: 1, quantity_unit: 'kg', net_weight_kg: kg, gross_weight_kg: kg + 1, value_usd: l.usd }],
  };
}

/** Months of a year as YYYY-MM. */
export const monthsOf = (year: number) => Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);

export async function load(store: Store, lines: Line[], key: string): Promise<void> {
  const res = await writeBatch(store, lines.map(declaration), { batchKey: key, source: 'test' });
  if (res.rejected.length) throw new Error(`rejected rows: ${JSON.stringify(res.rejected.slice(0, 3))}`);
  // A test that has just loaded data starts with a fresh source meta.
  invalidateSourceMeta(store.db);
}
