import { describe, it, expect } from 'vitest';
import { labelOf, labelsBetween, shiftYears, yearBefore } from '../../../src/features/trade/periods.js';
import { parseGroupBy, parseMetrics, parseSort } from '../../../src/features/trade/cube-params.js';

describe('period labels', () => {
  it('labels dates by month, quarter and year', () => {
    expect(labelOf('2024-11-30', 'month')).toBe('2024-11');
    expect(labelOf('2024-11-30', 'quarter')).toBe('2024-Q4');
    expect(labelOf('2024-01-01', 'quarter')).toBe('2024-Q1');
    expect(labelOf('2024-07-15', 'year')).toBe('2024');
  });

  it('lists consecutive labels across year ends', () => {
    expect(labelsBetween('2023-11-15', '2024-02-01', 'month')).toEqual(['2023-11', '2023-12', '2024-01', '2024-02']);
    expect(labelsBetween('2023-08-01', '2024-04-30', 'quarter')).toEqual(['2023-Q3', '2023-Q4', '2024-Q1', '2024-Q2']);
    expect(labelsBetween('2021-06-01', '2024-01-01', 'year')).toEqual(['2021', '2022', '2023', '2024']);
    expect(labelsBetween('2024-03-01', '2024-03-31', 'month')).toEqual(['2024-03']);
  });

  it('has one label per month over many generated ranges', () => {
    for (let start = 0; start < 60; start += 7) {
      for (const len of [0, 1, 11, 12, 25]) {
        const y = 2020 + Math.floor(start / 12);
        const m = (start % 12) + 1;
        const endIndex = start + len;
        const from = `${y}-${String(m).padStart(2, '0')}-10`;
        const to = `${2020 + Math.floor(endIndex / 12)}-${String((endIndex % 12) + 1).padStart(2, '0')}-05`;
        const labels = labelsBetween(from, to, 'month');
        expect(labels).toHaveLength(len + 1);
        expect(new Set(labels).size).toBe(len + 1);
        expect([...labels].sort()).toEqual(labels);
      }
    }
  });

  it('moves back a year, clamping 29 February', () => {
    expect(yearBefore('2024-03')).toBe('2023-03');
    expect(yearBefore('2024-Q2')).toBe('2023-Q2');
    expect(yearBefore('2024')).toBe('2023');
    expect(shiftYears('2024-02-29', 1)).toBe('2023-02-28');
    expect(shiftYears('2024-02-29', 4)).toBe('2020-02-29');
    expect(shiftYears('2024-06-15', 1)).toBe('2023-06-15');
  });
});

describe('cube parameters', () => {
  it('maps hsN to the hs dimension with its depth, default 6', () => {
    expect(parseGroupBy('period,hs4,country', undefined)).toEqual({ groupBy: ['period', 'hs', 'country'], hsLevel: 4 });
    expect(parseGroupBy('hs', undefined)).toEqual({ groupBy: ['hs'], hsLevel: 6 });
    expect(parseGroupBy('hs', '8')).toEqual({ groupBy: ['hs'], hsLevel: 8 });
    expect(parseGroupBy('hs12', '12')).toEqual({ groupBy: ['hs'], hsLevel: 12 });
    expect(parseGroupBy(undefined, undefined)).toEqual({ groupBy: [], hsLevel: undefined });
    expect(() => parseGroupBy('hs2,hs4', undefined)).toThrow(/one HS depth/);
    expect(() => parseGroupBy(',', undefined)).toThrow(/at least one/);
  });

  it('accepts only the contract metrics and sorts on chosen fields', () => {
    expect(parseMetrics('records, value_usd,records', ['value_usd'])).toEqual(['records', 'value_usd']);
    expect(() => parseMetrics('vat_usd', ['value_usd'])).toThrow(/unknown metric/);
    expect(parseSort('-hs_code', ['hs'], ['value_usd'])).toEqual({ field: 'hs_code', desc: true });
    expect(parseSort('company_id', ['company'], ['value_usd'])).toEqual({ field: 'company', desc: false });
    expect(parseSort('-share', ['country'], ['records'])).toEqual({ field: 'value_usd', desc: true });
    expect(() => parseSort('records', ['country'], ['value_usd'])).toThrow(/cannot sort/);
  });
});
