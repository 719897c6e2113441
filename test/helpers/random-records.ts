// Small, seeded, valid declarations for tests: few distinct values per field, so groups collide
// and declarations often carry several items of the same chapter (the cases that break sums).
import type { DeclarationInput } from '../../src/ingest/record.js';
import { vknCheckDigit } from '../../src/domain/codes/vkn.js';
import { mulberry32 } from '../../src/synth/prng.js';

export function prng(seed: number) {
  const next = mulberry32(seed);
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T,
  };
}

const GTIPS = ['610910000011', '610910000019', '610990000000', '620342000000', '870323191000', '870899970000', '080222000000', '720839000000', '271019000000', '851712000000'];
const COUNTRIES = ['DE', 'US', 'GB', 'IQ', 'CN', 'RU'];
const PORTS: [string, string, 'sea' | 'road' | 'air'][] = [['TRMER', 'sea', 'sea'], ['TRALI', 'sea', 'sea'], ['XTRKPK', 'road', 'road']].map(([p, , m]) => [p as string, '', m as 'sea']);
const INCOTERMS = ['FOB', 'CIF', 'EXW', null];
const CURRENCIES = ['USD', 'EUR'];

export function vkn(n: number): string {
  const first9 = String(100000000 + n).slice(-9);
  return first9 + vknCheckDigit(first9);
}

/** `count` valid declarations registered between 2024-01 and 2024-06; office codes come from `offices`. */
export function randomDeclarations(seed: number, count: number, offices: Record<string, string>, prefix = 'T'): DeclarationInput[] {
  const r = prng(seed);
  const out: DeclarationInput[] = [];
  for (let n = 0; n < count; n++) {
    const flow = r.next() < 0.5 ? 'import' : 'export';
    const [port, , mode] = r.pick(PORTS);
    const lines = r.int(1, 3);
    const items = [];
    for (let l = 1; l <= lines; l++) {
      const cents = r.int(1000, 5_000_000);
      const net = r.int(1, 20_000) / 10;
      items.push({
        line_no: l, gtip: r.pick(GTIPS), description: `goods ${l}`, quantity: r.int(1, 500), quantity_unit: 'kg',
        net_weight_kg: net, gross_weight_kg: net + 1, value_usd: cents / 100,
      });
    }
    const valueCents = items.reduce((s, i) => s + Math.round(i.value_usd * 100), 0);
    const net = items.reduce((s, i) => s + i.net_weight_kg, 0);
    const partner = r.pick(COUNTRIES);
    const company = r.int(1, 12);
    out.push({
      declaration_no: `${prefix}${seed}-${n}`,
      flow,
      regime: flow === 'import' ? r.pick(['4000', '5100']) : r.pick(['1000', '2100']),
      registered_at: `2024-0${r.int(1, 6)}-${String(r.int(1, 28)).padStart(2, '0')}`,
      customs_office: offices[port]!,
      company: { tax_number: vkn(company), name: `Firma ${company} Tekstil A.Ş.`, country: 'TR', city: 'İstanbul' },
      partner: { name: `Partner ${partner} ${r.int(1, 4)} GmbH`, country: partner },
      incoterm: r.pick(INCOTERMS),
      currency: r.pick(CURRENCIES),
      invoice_value: valueCents / 100,
      value_usd: valueCents / 100,
      transport_mode: mode,
      port,
      net_weight_kg: Math.round(net * 1000) / 1000,
      gross_weight_kg: Math.round((net + lines) * 1000) / 1000,
      items,
    });
  }
  return out;
}
