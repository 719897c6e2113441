import { describe, it, expect } from 'vitest';
import { CARRIER_BY_CODE, CARRIERS, carriersForMode } from '../../src/reference/carriers.js';
import { COUNTRY_BY_ALPHA2 } from '../../src/reference/countries.js';

describe('carriers', () => {
  it('have unique codes in the shape their kind requires', () => {
    expect(CARRIERS.length).toBeGreaterThanOrEqual(20);
    expect(CARRIER_BY_CODE.size).toBe(CARRIERS.length);
    for (const c of CARRIERS) {
      const shape = { scac: /^[A-Z]{4}$/, iata_awb_prefix: /^\d{3}$/, project: /^X[A-Z]{5}$/ }[c.code_kind];
      expect(c.code).toMatch(shape);
      expect(COUNTRY_BY_ALPHA2.has(c.country)).toBe(true);
      expect(c.weight).toBeGreaterThan(0);
    }
  });

  it('use SCAC for sea and AWB prefixes for air', () => {
    expect(carriersForMode('sea').every((c) => c.code_kind === 'scac')).toBe(true);
    expect(carriersForMode('air').every((c) => c.code_kind === 'iata_awb_prefix')).toBe(true);
    for (const mode of ['road', 'rail'] as const) expect(carriersForMode(mode).length).toBeGreaterThan(0);
  });

  it('know the major lines by their codes', () => {
    expect(CARRIER_BY_CODE.get('MAEU')?.name).toBe('Maersk');
    expect(CARRIER_BY_CODE.get('MSCU')?.mode).toBe('sea');
    expect(CARRIER_BY_CODE.get('235')?.name).toBe('Turkish Cargo');
  });
});
