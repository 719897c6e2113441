// Tariff groups are resolved against the measures that can apply to the code and shared between
// codes of one class; both must give what resolving against the whole tariff gives.
import { describe, it, expect } from 'vitest';
import { builtinHsRows } from '../../../src/features/hs-codes/builtin.js';
import { TariffGroupMemo, computeGroups, measuresFor, tariffGroups } from '../../../src/features/hs-codes/tariff-groups.js';

const memo = new TariffGroupMemo();
const CODES = builtinHsRows().map((r) => r.code).filter((c) => c.length >= 6);

describe('tariff groups', () => {
  it('every origin group of a code is what the whole tariff gives, whether computed, remembered or shared with its class', () => {
    const sample = CODES.filter((_, i) => i % 20 === 0);
    expect(sample.length).toBeGreaterThan(30);
    for (const date of ['2026-11-22', '2023-07-01']) {
      for (const code of sample) {
        const reference = computeGroups(code, date, null);
        expect(tariffGroups(memo, code, date, null), `${code} ${date}`).toEqual(reference);
        expect(tariffGroups(memo, code, date, null)).toEqual(reference);
      }
    }
  });

  it('one origin, and errors, alike', () => {
    for (const code of CODES.filter((_, i) => i % 25 === 0)) {
      for (const origin of ['DE', 'CN', 'KR', 'US', 'BD']) {
        expect(tariffGroups(memo, code, '2026-11-22', origin), `${code} ${origin}`).toEqual(computeGroups(code, '2026-11-22', origin));
      }
    }
    expect(tariffGroups(memo, '870323', '2017-12-31', null)).toEqual(computeGroups('870323', '2017-12-31', null));
    expect(tariffGroups(memo, '870323', '2017-12-31', null).ok).toBe(false);
  });

  it('the measures of a code are those whose prefix it starts with, in data order', () => {
    const m = measuresFor('870323190000');
    expect(m.length).toBeGreaterThan(0);
    expect(m.every((x) => '870323190000'.startsWith(x.hs_prefix))).toBe(true);
    expect(m.some((x) => x.hs_prefix === '870323')).toBe(true);
    expect(measuresFor('870323').every((x) => x.hs_prefix.length <= 6)).toBe(true);
  });
});
