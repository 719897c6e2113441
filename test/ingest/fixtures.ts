// Small valid declarations for ingestion tests, deterministic per seed.
import { vknCheckDigit } from '../../src/domain/codes/vkn.js';
import type { DeclarationInput, ItemInput } from '../../src/ingest/record.js';
import { mulberry32, randomDigits } from '../domain/codes/prng.js';

export function vkn(first9: string): string {
  return first9 + String(vknCheckDigit(first9));
}

const ROUTES = [
  { customs_office: '340101', port: 'TRIST', transport_mode: 'sea' as const },
  { customs_office: '340105', port: 'XTRIST', transport_mode: 'air' as const },
  { customs_office: '220101', port: 'XTRKPK', transport_mode: 'road' as const },
];
const COUNTRIES = ['DE', 'CN', 'US', 'IT', 'IQ'];
const GTIPS = ['610910000011', '870323199000', '847130000000', '720839000000'];
const BUYERS = ['Müller GmbH', 'Shanghai Trading Co', 'Acme Corp', 'Rossi SpA'];

/** A valid declaration; `n` makes the number unique, `seed` varies the contents. */
export function makeDeclaration(n: number, seed = n, prefix = 'T'): DeclarationInput {
  const rand = mulberry32(seed * 7919 + 1);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const flow = rand() < 0.5 ? 'import' : 'export';
  const route = pick(ROUTES);
  const country = pick(COUNTRIES);
  const nItems = 1 + Math.floor(rand() * 3);
  const items: ItemInput[] = [];
  for (let i = 0; i < nItems; i++) {
    const net = Math.round(rand() * 10_000) / 10 + 1;
    items.push({
      line_no: i + 1,
      // Two lines may share an HS6: the rollups must count the declaration once.
      gtip: pick(GTIPS),
      description: `goods ${i + 1}`,
      quantity: Math.round(rand() * 1000) + 1,
      quantity_unit: 'kg',
      net_weight_kg: net,
      gross_weight_kg: Math.round(net * 1.1 * 10) / 10,
      value_usd: Math.round(rand() * 5_000_000) / 100,
      customs_duty_usd: flow === 'import' ? Math.round(rand() * 10_000) / 100 : 0,
    });
  }
  const cents = items.reduce((a, i) => a + Math.round(i.value_usd * 100), 0);
  const net = items.reduce((a, i) => a + i.net_weight_kg, 0);
  const month = 1 + Math.floor(rand() * 12);
  const day = 1 + Math.floor(rand() * 28);
  return {
    declaration_no: `${prefix}${String(n).padStart(8, '0')}`,
    flow,
    regime: flow === 'import' ? '4000' : '1000',
    registered_at: `2024-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    customs_office: route.customs_office,
    company: { tax_number: vkn(`1${randomDigits(rand, 2)}000000`), name: `Anadolu Tekstil ${Math.floor(rand() * 5)} A.Ş.`, country: 'TR', city: 'İstanbul' },
    partner: { name: pick(BUYERS), country },
    country_of_origin: flow === 'import' ? country : 'TR',
    country_of_destination: flow === 'export' ? country : 'TR',
    incoterm: rand() < 0.8 ? pick(['FOB', 'CIF', 'EXW']) : null,
    currency: 'USD',
    invoice_value: cents / 100,
    value_usd: cents / 100,
    transport_mode: route.transport_mode,
    port: route.port,
    net_weight_kg: Math.round(net * 1000) / 1000,
    gross_weight_kg: Math.round(net * 1.1 * 1000) / 1000 + 1,
    items,
  };
}

export function makeDeclarations(count: number, from = 0, prefix = 'T'): DeclarationInput[] {
  return Array.from({ length: count }, (_, i) => makeDeclaration(from + i, from + i, prefix));
}
