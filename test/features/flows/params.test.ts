// Pure pieces of the flow families: comparison periods, change, period ranges and zero filling,
// and declaration cursors, against hand-computed values.
import { describe, it, expect } from 'vitest';
import { change, previousPeriod } from '../../../src/features/flows/params.js';
import { periodKey, periodRange, zeroFill } from '../../../src/features/flows/breakdowns.js';
import { lastTwelveMonths } from '../../../src/features/flows/destination.js';
import { declarationCursor, decodeDeclarationCursor } from '../../../src/features/shared/declarations.js';
import { ApiError } from '../../../src/http/errors.js';

describe('previousPeriod', () => {
  it('shifts whole months by whole months, across years', () => {
    expect(previousPeriod({ from: '2024-02-01', to: '2024-04-30' })).toEqual({ from: '2023-11-01', to: '2024-01-31' });
    expect(previousPeriod({ from: '2024-01-01', to: '2024-12-31' })).toEqual({ from: '2023-01-01', to: '2023-12-31' });
    expect(previousPeriod({ from: '2024-03-01', to: '2024-03-31' })).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });
  it('shifts other ranges by their number of days', () => {
    expect(previousPeriod({ from: '2024-03-10', to: '2024-03-19' })).toEqual({ from: '2024-02-29', to: '2024-03-09' });
    expect(previousPeriod({ from: '2024-01-01', to: '2024-01-01' })).toEqual({ from: '2023-12-31', to: '2023-12-31' });
  });
  it('has the same length as the period and ends the day before it, for many ranges', () => {
    const day = 86_400_000;
    for (let k = 0; k < 300; k++) {
      const start = Date.UTC(2020, 0, 1) + ((k * 7919) % 1500) * day;
      const len = 1 + ((k * 104729) % 400);
      const from = new Date(start).toISOString().slice(0, 10);
      const to = new Date(start + (len - 1) * day).toISOString().slice(0, 10);
      const p = previousPeriod({ from, to })!;
      expect(Date.parse(p.to) + day).toBe(Date.parse(from));
      if (!(from.endsWith('-01') && new Date(Date.parse(to) + day).getUTCDate() === 1)) {
        expect((Date.parse(p.to) - Date.parse(p.from)) / day + 1).toBe(len);
      }
    }
  });
  it('is null without both bounds', () => {
    expect(previousPeriod({ from: '2024-01-01', to: null })).toBeNull();
    expect(previousPeriod({ from: null, to: '2024-01-31' })).toBeNull();
  });
});

describe('change', () => {
  it('is a fraction of the base, null on a zero base', () => {
    expect(change(150, 100)).toBe(0.5);
    expect(change(50, 100)).toBe(-0.5);
    expect(change(10, 0)).toBeNull();
    expect(change(0, 0)).toBeNull();
  });
});

describe('period ranges', () => {
  it('lists every period between two, inclusive', () => {
    expect(periodRange('2023-11', '2024-02', 'month')).toEqual(['2023-11', '2023-12', '2024-01', '2024-02']);
    expect(periodRange('2023-Q4', '2024-Q2', 'quarter')).toEqual(['2023-Q4', '2024-Q1', '2024-Q2']);
    expect(periodRange('2022', '2024', 'year')).toEqual(['2022', '2023', '2024']);
    expect(periodKey('2024-08-15', 'quarter')).toBe('2024-Q3');
    expect(periodKey('2024-08-15', 'month')).toBe('2024-08');
  });
  it('zero-fills missing periods and keeps found ones', () => {
    const rows = [{ period: '2024-02', value_usd: 5, net_weight_kg: 1, records: 1, unit_value_usd_per_kg: 5, share: 1 }];
    const filled = zeroFill(rows, { from: '2024-01-10', to: '2024-03-31' }, 'month');
    expect(filled.map((r) => [r.period, r.value_usd])).toEqual([['2024-01', 0], ['2024-02', 5], ['2024-03', 0]]);
    expect(zeroFill([], { from: null, to: null }, 'month')).toEqual([]);
  });
  it('defaults the destination window to the twelve months ending with the data', () => {
    expect(lastTwelveMonths('2024-06-17')).toEqual({ from: '2023-07-01', to: '2024-06-30' });
    expect(lastTwelveMonths(null)).toBeNull();
  });
});

describe('declaration cursors', () => {
  it('round-trips under the same sort and is refused under another', () => {
    const c = declarationCursor('-value_usd', { registered_at: '2024-01-02', value_usd_cents: 1234, id: 7 });
    expect(decodeDeclarationCursor(c, '-value_usd')).toEqual({ key: 1234, id: 7 });
    expect(() => decodeDeclarationCursor(c, 'value_usd')).toThrow(ApiError);
    const d = declarationCursor('registered_at', { registered_at: '2024-01-02', value_usd_cents: 1234, id: 7 });
    expect(decodeDeclarationCursor(d, 'registered_at')).toEqual({ key: '2024-01-02', id: 7 });
    expect(decodeDeclarationCursor(undefined, 'registered_at')).toBeNull();
    for (const bad of ['x', Buffer.from('[1,2]').toString('base64url'), Buffer.from('["registered_at","2024-1-2",1]').toString('base64url')]) {
      expect(() => decodeDeclarationCursor(bad, 'registered_at')).toThrow(ApiError);
    }
  });
});
