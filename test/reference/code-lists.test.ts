import { describe, it, expect } from 'vitest';
import {
  CALENDAR_YEARS,
  CODE_LIST_NAMES,
  CODE_LISTS,
  CURRENCIES,
  INCOTERMS,
  isCodeListName,
  REGIMES,
  toUsd,
  usdRate,
} from '../../src/reference/code-lists.js';

describe('CODE_LISTS', () => {
  it('serves the six lists named in the contract', () => {
    expect([...CODE_LIST_NAMES].sort()).toEqual(['currencies', 'event-codes', 'incoterms', 'regimes', 'transport-modes', 'units']);
    expect(isCodeListName('incoterms')).toBe(true);
    expect(isCodeListName('toString')).toBe(false);
    expect(isCodeListName('ports')).toBe(false);
  });

  it('has a non-empty code and name on every entry, codes unique per list', () => {
    for (const name of CODE_LIST_NAMES) {
      const list = CODE_LISTS[name];
      expect(list.length, name).toBeGreaterThan(0);
      expect(new Set(list.map((e) => e.code)).size, name).toBe(list.length);
      for (const e of list) {
        expect(e.code.length).toBeGreaterThan(0);
        expect(e.name.length).toBeGreaterThan(0);
      }
    }
  });

  it('lists exactly the transport modes the filters accept', () => {
    expect(CODE_LISTS['transport-modes'].map((m) => m.code)).toEqual(['sea', 'air', 'road', 'rail', 'pipeline', 'post', 'other']);
  });

  it('has the 11 Incoterms 2020 rules, four of them sea-only', () => {
    expect(INCOTERMS).toHaveLength(11);
    expect(INCOTERMS.filter((i) => i.mode === 'sea').map((i) => i.code).sort()).toEqual(['CFR', 'CIF', 'FAS', 'FOB']);
    expect(INCOTERMS.map((i) => i.code)).not.toContain('DAT');
  });

  it('uses four-digit procedure codes whose first digits fit the flow', () => {
    for (const r of REGIMES) {
      expect(r.code).toMatch(/^\d{4}$/);
      // 1x, 2x, 3x are export procedures; 4x–7x bring goods in.
      const requested = Number(r.code[0]);
      expect(r.flow).toBe(requested <= 3 ? 'export' : 'import');
    }
    expect(REGIMES.find((r) => r.code === '4000')?.flow).toBe('import');
    expect(REGIMES.find((r) => r.code === '1000')?.flow).toBe('export');
  });

  it('has DCSA event codes of four capital letters in three event types', () => {
    const events = CODE_LISTS['event-codes'];
    for (const e of events) expect(e.code).toMatch(/^[A-Z]{4}$/);
    expect(new Set(events.map((e) => e.event_type))).toEqual(new Set(['SHIPMENT', 'TRANSPORT', 'EQUIPMENT']));
    expect(events.map((e) => e.code)).toEqual(expect.arrayContaining(['ARRI', 'DEPA', 'LOAD', 'DISC', 'GTIN', 'GTOT']));
  });
});

describe('currencies', () => {
  it('have ISO-shaped codes and one positive rate per year', () => {
    expect(CURRENCIES.length).toBeGreaterThanOrEqual(15);
    for (const c of CURRENCIES) {
      expect(c.code).toMatch(/^[A-Z]{3}$/);
      expect(c.per_usd).toHaveLength(CALENDAR_YEARS.length);
      for (const r of c.per_usd) expect(r).toBeGreaterThan(0);
    }
  });

  it('keeps USD at 1 and the Gulf pegs fixed', () => {
    for (const y of CALENDAR_YEARS) {
      expect(usdRate('USD', y)).toBe(1);
      expect(usdRate('AED', y)).toBe(3.6725);
      expect(usdRate('SAR', y)).toBe(3.75);
    }
  });

  it('shows the lira losing value every year', () => {
    const tr = CALENDAR_YEARS.map((y) => usdRate('TRY', y)!);
    for (let i = 1; i < tr.length; i++) expect(tr[i]!).toBeGreaterThan(tr[i - 1]!);
  });

  it('converts at the year average, rounding to cents', () => {
    // 1000 EUR / 0.925 EUR per USD = 1081.081… USD
    expect(toUsd(1000, 'EUR', 2023)).toBe(1081.08);
    expect(toUsd(32.8, 'try', 2024)).toBe(1);
    expect(toUsd(5, 'USD', 2018)).toBe(5);
  });

  it('refuses unknown currencies and years outside the table', () => {
    expect(usdRate('XYZ', 2020)).toBeUndefined();
    expect(usdRate('EUR', 2017)).toBeUndefined();
    expect(usdRate('EUR', 2027)).toBeUndefined();
    expect(toUsd(1, 'EUR', 2020.5)).toBeUndefined();
  });
});
