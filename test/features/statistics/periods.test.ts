import { describe, it, expect } from 'vitest';
import { cyclePosition, isMonthAligned, lastMonths, periodAfter, periodsOf, previousWindow, yearAgoWindow } from '../../../src/features/statistics/periods.js';
import { annualCagr } from '../../../src/features/statistics/growth.js';
import { concentrationRow } from '../../../src/features/statistics/concentration.js';

describe('statistics windows', () => {
  it('previous window of whole months shifts by months', () => {
    expect(previousWindow({ from: '2024-01-01', to: '2024-03-31' })).toEqual({ from: '2023-10-01', to: '2023-12-31' });
    expect(previousWindow({ from: '2024-03-01', to: '2024-03-31' })).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(previousWindow({ from: '2024-01-01', to: '2024-12-31' })).toEqual({ from: '2023-01-01', to: '2023-12-31' });
  });

  it('previous window of days shifts by the same number of days', () => {
    expect(previousWindow({ from: '2024-03-01', to: '2024-03-10' })).toEqual({ from: '2024-02-20', to: '2024-02-29' });
    expect(previousWindow({ from: '2024-01-05', to: '2024-01-05' })).toEqual({ from: '2024-01-04', to: '2024-01-04' });
  });

  it('year-ago window keeps month ends and moves 29 February to the 28th', () => {
    expect(yearAgoWindow({ from: '2024-02-01', to: '2024-02-29' })).toEqual({ from: '2023-02-01', to: '2023-02-28' });
    expect(yearAgoWindow({ from: '2025-02-01', to: '2025-02-28' })).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(yearAgoWindow({ from: '2024-02-29', to: '2024-03-05' })).toEqual({ from: '2023-02-28', to: '2023-03-05' });
  });

  it('month alignment and trailing windows', () => {
    expect(isMonthAligned({ from: '2024-01-01', to: '2024-02-29' })).toBe(true);
    expect(isMonthAligned({ from: '2024-01-01', to: '2024-02-28' })).toBe(false);
    expect(lastMonths('2024-03-17', 12)).toEqual({ from: '2023-04-01', to: '2024-03-31' });
  });

  it('periods of a window at each frequency', () => {
    const w = { from: '2023-11-15', to: '2024-02-03' };
    expect(periodsOf(w, 'month')).toEqual(['2023-11', '2023-12', '2024-01', '2024-02']);
    expect(periodsOf(w, 'quarter')).toEqual(['2023-Q4', '2024-Q1']);
    expect(periodsOf(w, 'year')).toEqual(['2023', '2024']);
  });

  it('period arithmetic agrees with enumeration over many windows', () => {
    for (let start = 0; start < 40; start++) {
      const from = `20${20 + Math.floor(start / 12)}-${String((start % 12) + 1).padStart(2, '0')}-01`;
      for (const freq of ['month', 'quarter', 'year'] as const) {
        const ps = periodsOf({ from, to: '2030-12-31' }, freq);
        for (let i = 1; i < ps.length; i++) expect(periodAfter(ps[i - 1]!, freq, 1)).toBe(ps[i]);
        expect(periodAfter(ps[0]!, freq, ps.length - 1)).toBe(ps[ps.length - 1]);
      }
    }
    expect(cyclePosition('2024-Q3', 'quarter')).toBe(2);
    expect(cyclePosition('2024-11', 'month')).toBe(10);
  });
});

describe('annual CAGR and concentration rows', () => {
  it('CAGR compares the first and last whole years', () => {
    // 100 a month for a year, then 121 a month two years later: 10 % a year.
    const values = [...Array(12).fill(100), ...Array(12).fill(110), ...Array(12).fill(121)];
    expect(annualCagr(values, 12)!.value).toBeCloseTo(0.1, 10);
    expect(annualCagr(values, 12)!.years).toBe(2);
    expect(annualCagr(values.slice(0, 23), 12)).toBeNull();
    expect(annualCagr([0, 5], 1)!.value).toBeNull();
  });

  it('concentration row of 50/30/20 and of nothing', () => {
    // 2,500 + 900 + 400 = 3,800 points: high; 10,000 / 3,800 = 2.63 equal markets.
    expect(concentrationRow('2024', [50, 30, 20])).toEqual({ period: '2024', hhi: 3800, level: 'high', equivalent_number: 2.63, top1_share: 0.5, top3_share: 1, top5_share: 1, top10_share: 1, count: 3, value_usd: 100 });
    expect(concentrationRow(null, [])).toMatchObject({ hhi: null, level: null, count: 0, value_usd: 0 });
  });
});
