import { describe, it, expect } from 'vitest';
import { apportion, bayramDays, defaultPeriod, monthIndex, monthsBetween, parseYearMonth, targetRatio, workingDays } from '../../src/synth/calendar.js';
import { Rng } from '../../src/synth/prng.js';

describe('calendar', () => {
  it('defaults to the 36 months ending with the last full month', () => {
    const p = defaultPeriod(new Date('2026-11-15T10:00:00Z'));
    expect(p.from).toMatchObject({ year: 2023, month: 11 });
    expect(p.to).toMatchObject({ year: 2026, month: 10 });
    expect(monthsBetween(p.from, p.to)).toHaveLength(36);
    const jan = defaultPeriod(new Date('2025-01-03T00:00:00Z'));
    expect(jan.to).toMatchObject({ year: 2024, month: 12 });
    expect(jan.from).toMatchObject({ year: 2022, month: 1 });
  });

  it('parses YYYY-MM and rejects other shapes', () => {
    expect(parseYearMonth('2024-02')).toEqual({ year: 2024, month: 2, period: 202402 });
    for (const bad of ['2024-13', '2024-2', '24-02', '2024/02', '']) expect(parseYearMonth(bad)).toBeNull();
  });

  it('knows the 2024 Bayram days (Ramazan 10–12 April, Kurban 16–19 June, with their eves)', () => {
    const days = bayramDays(2024);
    for (const d of ['2024-04-09', '2024-04-10', '2024-04-12', '2024-06-15', '2024-06-16', '2024-06-19']) expect(days.has(d)).toBe(true);
    expect(days.has('2024-04-14')).toBe(false);
    expect(days.size).toBe(9);
  });

  it('extrapolates Bayram about 11 days earlier each year outside the table', () => {
    const first = (y: number) => [...bayramDays(y)].sort()[0] as string;
    const d2030 = Date.parse(first(2030).replace(/^2030/, '2000'));
    const d2029 = Date.parse(first(2029).replace(/^2029/, '2000'));
    expect((d2029 - d2030) / 86_400_000).toBeGreaterThan(9);
    expect((d2029 - d2030) / 86_400_000).toBeLessThan(13);
  });

  it('puts troughs in January, August and Bayram months and peaks in March and December', () => {
    expect(monthIndex(2024, 1)).toBeLessThan(monthIndex(2024, 3));
    expect(monthIndex(2024, 8)).toBeLessThan(monthIndex(2024, 10));
    expect(monthIndex(2024, 6)).toBeLessThan(monthIndex(2023, 6) + 0.05); // Kurban in June 2024
    expect(monthIndex(2024, 4)).toBeLessThan(monthIndex(2022, 4)); // Ramazan moved into April
    for (let y = 2020; y <= 2028; y++) for (let m = 1; m <= 12; m++) {
      expect(monthIndex(y, m)).toBeGreaterThan(0.8);
      expect(monthIndex(y, m)).toBeLessThan(1.12);
    }
  });

  it('registers on working days only', () => {
    const days = workingDays(2024, 4);
    for (const d of days) expect(new Date(d).getUTCDay()).not.toBe(0);
    expect(days).not.toContain('2024-04-10');
    expect(days.length).toBeGreaterThan(20);
  });

  it('aims at the published export/import ratio', () => {
    expect(targetRatio(2022)).toBeCloseTo(254.2 / 363.7, 6);
    expect(targetRatio(2024)).toBeGreaterThan(0.75);
    expect(targetRatio(2024)).toBeLessThan(0.77);
  });

  it('apportions a total exactly and in proportion', () => {
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    const r = new Rng(5);
    for (let k = 0; k < 200; k++) {
      const weights = Array.from({ length: 1 + r.int(30) }, () => r.next());
      const total = r.int(10_000);
      const parts = apportion(total, weights);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      const sum = weights.reduce((a, b) => a + b, 0);
      parts.forEach((p, i) => expect(Math.abs(p - (total * (weights[i] as number)) / sum)).toBeLessThan(1));
    }
  });
});
