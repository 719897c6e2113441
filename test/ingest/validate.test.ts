import { describe, it, expect } from 'vitest';
import { validateDeclaration, toCents } from '../../src/ingest/validate.js';
import type { DeclarationInput } from '../../src/ingest/record.js';
import { makeDeclaration, makeDeclarations } from './fixtures.js';

const TODAY = '2025-06-30';

function errorsOf(d: unknown): { field: string; reason: string }[] {
  const v = validateDeclaration(d, TODAY);
  return v.ok ? [] : v.errors;
}

function broken(mutate: (d: DeclarationInput) => void): DeclarationInput {
  const d = structuredClone(makeDeclaration(1));
  mutate(d);
  return d;
}

describe('validateDeclaration', () => {
  it('accepts generated declarations and normalises them', () => {
    for (const d of makeDeclarations(300)) {
      const v = validateDeclaration(d, TODAY);
      expect(v.ok, JSON.stringify(v)).toBe(true);
      if (!v.ok) continue;
      expect(v.value.value_usd_cents).toBe(v.value.items.reduce((a, i) => a + i.value_usd_cents, 0));
      expect(v.value.period).toBe(Number(d.registered_at.slice(0, 7).replace('-', '')));
      expect(v.value.items.every((i) => i.hs6 === i.gtip.slice(0, 6) && i.gtip.length === 12)).toBe(true);
      expect(v.value.partner_country).toBe(d.flow === 'import' ? d.country_of_origin : d.country_of_destination);
    }
  });

  it('normalises country codes, GTİP punctuation and code case', () => {
    const d = broken((d) => {
      d.partner.country = 'DEU';
      d.country_of_origin = '276';
      d.flow = 'import';
      d.regime = '4000';
      d.items[0]!.gtip = '6109.10.00.00.11';
      d.currency = 'usd';
    });
    const v = validateDeclaration(d, TODAY);
    expect(v.ok).toBe(true);
    if (!v.ok) return;
    expect(v.value.partner.country).toBe('DE');
    expect(v.value.partner_country).toBe('DE');
    expect(v.value.items[0]!.gtip).toBe('610910000011');
    expect(v.value.currency).toBe('USD');
  });

  const cases: [string, (d: DeclarationInput) => void, string][] = [
    ['empty number', (d) => (d.declaration_no = ''), 'declaration_no'],
    ['number too long', (d) => (d.declaration_no = 'X'.repeat(41)), 'declaration_no'],
    ['number with spaces', (d) => (d.declaration_no = 'AB 12'), 'declaration_no'],
    ['unknown flow', (d) => ((d as { flow: string }).flow = 'transit'), 'flow'],
    ['regime of the other flow', (d) => { d.flow = 'import'; d.regime = '1000'; }, 'regime'],
    ['impossible date', (d) => (d.registered_at = '2024-02-30'), 'registered_at'],
    ['future date', (d) => (d.registered_at = '2025-07-01'), 'registered_at'],
    ['date format', (d) => (d.registered_at = '01/02/2024'), 'registered_at'],
    ['unknown office', (d) => (d.customs_office = '999999'), 'customs_office'],
    ['unknown port', (d) => (d.port = 'ZZZZZ'), 'port'],
    ['unknown currency', (d) => (d.currency = 'XYZ'), 'currency'],
    ['unknown incoterm', (d) => (d.incoterm = 'FOO'), 'incoterm'],
    ['unknown mode', (d) => ((d as { transport_mode: string }).transport_mode = 'teleport'), 'transport_mode'],
    ['unknown partner country', (d) => (d.partner.country = 'XX'), 'partner.country'],
    ['bad VKN check digit', (d) => (d.company.tax_number = d.company.tax_number!.slice(0, 9) + String((Number(d.company.tax_number!.at(9)) + 1) % 10)), 'company.tax_number'],
    ['missing VKN', (d) => (d.company.tax_number = null), 'company.tax_number'],
    ['Turkish party abroad', (d) => (d.company.country = 'DE'), 'company.country'],
    ['negative value', (d) => (d.items[0]!.value_usd = -1), 'items[0].value_usd'],
    ['NaN weight', (d) => (d.items[0]!.net_weight_kg = Number.NaN), 'items[0].net_weight_kg'],
    ['string amount', (d) => ((d.items[0] as unknown as Record<string, unknown>).quantity = '12 kg'), 'items[0].quantity'],
    ['net above gross', (d) => (d.items[0]!.net_weight_kg = d.items[0]!.gross_weight_kg + 1), 'items[0].net_weight_kg'],
    ['short GTİP', (d) => (d.items[0]!.gtip = '610910'), 'items[0].gtip'],
    ['letters in GTİP', (d) => (d.items[0]!.gtip = '61091000001A'), 'items[0].gtip'],
    ['unknown unit', (d) => (d.items[0]!.quantity_unit = 'bushel'), 'items[0].quantity_unit'],
    ['no items', (d) => (d.items = []), 'items'],
    ['duplicate line numbers', (d) => d.items.push({ ...d.items[0]!, value_usd: 0, net_weight_kg: 0, gross_weight_kg: 0 }), 'items[1].line_no'],
    ['header value off by a cent', (d) => (d.value_usd = Math.round(d.value_usd * 100 + 1) / 100), 'value_usd'],
    ['header weight off by 1 %', (d) => (d.net_weight_kg = d.net_weight_kg * 1.01), 'net_weight_kg'],
  ];
  for (const [name, mutate, field] of cases) {
    it(`rejects: ${name} (${field})`, () => {
      const errs = errorsOf(broken(mutate));
      expect(errs.map((e) => e.field)).toContain(field);
      expect(errs.every((e) => e.reason.length > 0)).toBe(true);
    });
  }

  it('tolerates header net weight within 0.5 % of the items', () => {
    expect(errorsOf(broken((d) => (d.net_weight_kg = d.items.reduce((a, i) => a + i.net_weight_kg, 0) * 1.004)))).toEqual([]);
  });

  it('rejects non-objects without throwing', () => {
    for (const raw of [null, 42, 'x', [], [1]]) expect(errorsOf(raw).length).toBeGreaterThan(0);
  });

  it('converts dollars to cents exactly for two-decimal amounts', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(19.99)).toBe(1999);
    for (let c = 0; c < 100_000; c += 7) expect(toCents(c / 100)).toBe(c);
  });
});
