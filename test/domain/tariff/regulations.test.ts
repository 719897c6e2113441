import { describe, it, expect } from 'vitest';
import { measuresFor } from '../../../src/reference/regulations.js';

const ids = (code: string, flow: 'import' | 'export', country: string, date: string): string[] =>
  measuresFor(code, flow, country, date).map((r) => r.id);

const D = '2024-03-15';

describe('measuresFor', () => {
  it('finds the TAREKS safety check on toys and tyres', () => {
    expect(ids('950300', 'import', 'CN', D)).toEqual(['tareks-toys']);
    expect(ids('4011.10.00.00.00', 'import', 'CN', D)).toEqual(['tareks-tyres']);
    expect(measuresFor('950300', 'import', 'CN', D)[0]).toMatchObject({
      kind: 'conformity_check', authority: 'Ticaret Bakanlığı — TAREKS',
    });
  });

  it('applies footwear and apparel surveillance to third countries only', () => {
    expect(ids('640399', 'import', 'CN', D)).toEqual(['surveillance-footwear']);
    expect(ids('640399', 'import', 'IT', D)).toEqual([]);
    expect(ids('640399', 'import', 'CH', D)).toEqual([]);
    expect(measuresFor('610910', 'import', 'VN', D)[0]?.unit_value_threshold).toEqual({ usd: 30, per: 'kg' });
  });

  it('keeps import measures off exports and the reverse', () => {
    expect(ids('080222', 'export', 'DE', D)).toEqual(['export-registration-hazelnut-080222', 'tob-phyto-0802']);
    expect(ids('080222', 'import', 'GE', D)).toEqual(['tob-phyto-0802', 'tob-control-08']);
    expect(ids('950300', 'export', 'DE', D)).toEqual([]);
    expect(ids('970600', 'export', 'US', D)).toEqual(['prohibit-antiques-export']);
    expect(ids('970600', 'import', 'US', D)).toEqual([]);
  });

  it('lists every matching measure, the most specific first', () => {
    const all = measuresFor('851713', 'import', 'CN', D);
    expect(all.map((r) => r.id)).toEqual(['btk-imei']);
    const prefixes = measuresFor('080221', 'import', 'IR', D).map((r) => r.hs_prefix.length);
    expect(prefixes).toEqual([...prefixes].sort((a, b) => b - a));
  });

  it('respects validity dates', () => {
    expect(ids('710812', 'import', 'CH', '2023-08-18')).toEqual([]);
    expect(ids('710812', 'import', 'CH', '2023-08-19')).toEqual(['quota-gold']);
  });

  it('covers licences and prohibitions', () => {
    expect(measuresFor('271019', 'import', 'RU', D).map((r) => [r.kind, r.authority])).toEqual([['licence', 'EPDK']]);
    expect(measuresFor('300490', 'import', 'DE', D)[0]).toMatchObject({ kind: 'licence', authority: 'TİTCK (Sağlık)' });
    expect(measuresFor('401220', 'import', 'DE', D).map((r) => r.kind)).toEqual(['prohibition']);
    expect(measuresFor('630900', 'import', 'DE', D)).toHaveLength(1);
    expect(measuresFor('720851', 'import', 'CN', D).map((r) => r.kind)).toEqual(['surveillance']);
    expect(measuresFor('720851', 'import', 'DE', D)).toEqual([]);
  });

  it('rejects a malformed date', () => {
    expect(() => measuresFor('950300', 'import', 'CN', '2024/03/15')).toThrow(RangeError);
  });
});
