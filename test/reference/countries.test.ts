import { describe, it, expect } from 'vitest';
import {
  COUNTRIES,
  COUNTRY_BY_ALPHA2,
  EXPORT_PARTNER_WEIGHTS,
  IMPORT_PARTNER_WEIGHTS,
  resolveCountry,
} from '../../src/reference/countries.js';

function sum(r: Record<string, number>): number {
  return Object.values(r).reduce((a, b) => a + b, 0);
}

describe('COUNTRIES', () => {
  it('lists every ISO 3166-1 entry once, with well-formed codes', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(249);
    for (const key of ['alpha2', 'alpha3', 'm49'] as const) {
      expect(new Set(COUNTRIES.map((c) => c[key])).size).toBe(COUNTRIES.length);
    }
    for (const c of COUNTRIES) {
      expect(c.alpha2).toMatch(/^[A-Z]{2}$/);
      expect(c.alpha3).toMatch(/^[A-Z]{3}$/);
      expect(c.m49).toMatch(/^\d{3}$/);
      expect(c.name_en.length).toBeGreaterThan(1);
      expect(c.name_tr.length).toBeGreaterThan(1);
    }
  });

  it('carries the known codes and names of Türkiye and Germany', () => {
    expect(COUNTRY_BY_ALPHA2.get('TR')).toMatchObject({ alpha3: 'TUR', m49: '792', name_tr: 'Türkiye', eu: false });
    expect(COUNTRY_BY_ALPHA2.get('DE')).toMatchObject({ alpha3: 'DEU', m49: '276', name_tr: 'Almanya', eu: true, region: 'Europe' });
    expect(COUNTRY_BY_ALPHA2.get('AF')?.m49).toBe('004');
  });

  it('flags exactly the 27 EU members, all in Europe', () => {
    const eu = COUNTRIES.filter((c) => c.eu);
    expect(eu).toHaveLength(27);
    expect(eu.every((c) => c.region === 'Europe')).toBe(true);
    expect(COUNTRY_BY_ALPHA2.get('GB')?.eu).toBe(false);
  });

  it('places neighbours in their trade regions', () => {
    expect(COUNTRY_BY_ALPHA2.get('IQ')?.region).toBe('Middle East');
    expect(COUNTRY_BY_ALPHA2.get('AZ')?.region).toBe('Caucasus and Central Asia');
    expect(COUNTRY_BY_ALPHA2.get('EG')?.region).toBe('North Africa');
    expect(COUNTRY_BY_ALPHA2.get('CN')?.region).toBe('East Asia');
  });
});

describe('resolveCountry', () => {
  it('accepts alpha-2, alpha-3 and M49 in any case', () => {
    for (const input of ['TR', 'tr', 'TUR', 'tur', 'Tur', '792', ' TR ']) {
      expect(resolveCountry(input)?.alpha2).toBe('TR');
    }
  });

  it('accepts M49 with or without leading zeros', () => {
    for (const input of ['4', '04', '004', '0004']) expect(resolveCountry(input)?.alpha2).toBe('AF');
    expect(resolveCountry('0792')?.alpha2).toBe('TR');
  });

  it('returns undefined for unknown or malformed input', () => {
    for (const input of ['', 'XX', 'ZZZ', '999', '0', '000', 'T', 'TURK', '79 2', '1000', 'Türkiye']) {
      expect(resolveCountry(input)).toBeUndefined();
    }
  });

  it('round-trips every country through each of its codes', () => {
    for (const c of COUNTRIES) {
      expect(resolveCountry(c.alpha2)).toBe(c);
      expect(resolveCountry(c.alpha3.toLowerCase())).toBe(c);
      expect(resolveCountry(c.m49)).toBe(c);
    }
  });
});

describe('partner weights', () => {
  it.each([
    ['export', EXPORT_PARTNER_WEIGHTS],
    ['import', IMPORT_PARTNER_WEIGHTS],
  ])('%s weights sum to 1 over 40–90 real partners, Türkiye excluded', (_flow, weights) => {
    expect(sum(weights)).toBeCloseTo(1, 12);
    const keys = Object.keys(weights);
    expect(keys.length).toBeGreaterThanOrEqual(40);
    expect(keys.length).toBeLessThanOrEqual(90);
    for (const k of keys) {
      expect(COUNTRY_BY_ALPHA2.has(k)).toBe(true);
      expect(weights[k]).toBeGreaterThan(0);
    }
    expect(keys).not.toContain('TR');
  });

  it('puts Germany first for exports and Russia and China first for imports', () => {
    const top = (w: Record<string, number>, n: number) =>
      Object.entries(w).sort((a, b) => b[1] - a[1]).slice(0, n).map(([k]) => k);
    expect(top(EXPORT_PARTNER_WEIGHTS, 3)).toEqual(['DE', 'US', 'GB']);
    expect(new Set(top(IMPORT_PARTNER_WEIGHTS, 2))).toEqual(new Set(['RU', 'CN']));
  });

  it('keeps the EU share near the published 41–43 % of exports and about a third of imports', () => {
    const euShare = (w: Record<string, number>) =>
      Object.entries(w).filter(([k]) => COUNTRY_BY_ALPHA2.get(k)?.eu).reduce((a, [, v]) => a + v, 0);
    expect(euShare(EXPORT_PARTNER_WEIGHTS)).toBeGreaterThan(0.37);
    expect(euShare(EXPORT_PARTNER_WEIGHTS)).toBeLessThan(0.46);
    expect(euShare(IMPORT_PARTNER_WEIGHTS)).toBeGreaterThan(0.28);
    expect(euShare(IMPORT_PARTNER_WEIGHTS)).toBeLessThan(0.4);
  });
});
