import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import countries from 'i18n-iso-countries';
import { AGREEMENTS, IGV_DEVELOPING, IGV_GSP, IGV_GSP_PLUS, IGV_LDC } from '../../src/reference/agreements.js';
import { REGULATIONS } from '../../src/reference/regulations.js';
import {
  TARIFF_CHAPTERS, TARIFF_DATA_FROM, TARIFF_MEASURES, isValidOn, matchingMeasures, mostSpecific,
} from '../../src/reference/tariffs.js';
import type { MeasureKind, TariffMeasure } from '../../src/reference/tariffs.js';

const DATA = new URL('../../../shared/data/', import.meta.url);
const hsRows = parse(readFileSync(new URL('harmonized-system.csv', DATA)), { columns: true, bom: true }) as { hscode: string; level: string }[];
const HS_CODES = new Set(hsRows.map((r) => r.hscode));
const HS_CHAPTERS = hsRows.filter((r) => r.level === '2' && r.hscode !== '99').map((r) => r.hscode);

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const SAMPLE_DATES = [TARIFF_DATA_FROM, '2021-06-30', '2023-07-09', '2023-07-10', '2030-01-01'];
const known = (alpha2: string): boolean => alpha2 === 'XK' || countries.isValid(alpha2);

describe('tariff measures: coverage', () => {
  it('cover exactly the HS 2022 chapters 01–97', () => {
    expect(HS_CHAPTERS).toHaveLength(96);
    expect([...TARIFF_CHAPTERS].sort()).toEqual([...HS_CHAPTERS].sort());
  });

  it('give every chapter one customs duty, VAT and KKDF rate on any date from the start of the data', () => {
    for (const ch of HS_CHAPTERS) {
      for (const date of SAMPLE_DATES) {
        for (const kind of ['customs_duty', 'vat', 'kkdf'] as const) {
          const own = matchingMeasures(TARIFF_MEASURES, kind, ch, date).filter((m) => m.hs_prefix === ch);
          expect(own, `${kind} ${ch} ${date}`).toHaveLength(1);
        }
      }
    }
  });

  it('have specific rules for the typical headings', () => {
    const specific = (kind: MeasureKind, code: string): string | undefined =>
      mostSpecific(matchingMeasures(TARIFF_MEASURES, kind, code, '2024-01-01'))?.hs_prefix;
    expect(specific('customs_duty', '870322')).toBe('8703');
    expect(specific('customs_duty', '870899')).toBe('8708');
    expect(specific('customs_duty', '851713')).toBe('8517');
    expect(specific('customs_duty', '080221')).toBe('0802');
    expect(specific('customs_duty', '100199')).toBe('1001');
    expect(specific('customs_duty', '270900')).toBe('2709');
    expect(specific('customs_duty', '710812')).toBe('7108');
    expect(specific('customs_duty', '401110')).toBe('4011');
    expect(specific('additional_duty', '610910')).toBe('61');
    expect(specific('additional_duty', '620342')).toBe('62');
    expect(specific('additional_duty', '640399')).toBe('64');
    expect(specific('additional_duty', '330499')).toBe('3304');
    expect(specific('additional_duty', '940360')).toBe('9403');
    expect(specific('special_consumption_tax', '851713')).toBe('851713');
    expect(specific('special_consumption_tax', '220300')).toBe('2203');
    expect(specific('special_consumption_tax', '240220')).toBe('2402');
    expect(specific('vat', '300490')).toBe('30');
  });
});

describe('tariff measures: well-formed', () => {
  it('have unique ids, digit prefixes that exist in HS 2022, and ordered dates', () => {
    const ids = new Set<string>();
    for (const m of TARIFF_MEASURES) {
      expect(ids.has(m.id), m.id).toBe(false);
      ids.add(m.id);
      expect(m.hs_prefix, m.id).toMatch(/^\d{2}(\d{2}){0,5}$/);
      // National subdivisions beyond 6 digits are not in the HS file; check their subheading.
      expect(HS_CODES.has(m.hs_prefix.slice(0, 6)), m.id).toBe(true);
      expect(m.valid_from, m.id).toMatch(isoDate);
      expect(m.valid_from >= TARIFF_DATA_FROM, m.id).toBe(true);
      if (m.valid_to !== null) {
        expect(m.valid_to, m.id).toMatch(isoDate);
        expect(m.valid_to >= m.valid_from, m.id).toBe(true);
      }
      expect(m.legal_basis.length, m.id).toBeGreaterThan(5);
      expect(typeof m.illustrative).toBe('boolean');
    }
  });

  it('have rates in plausible ranges', () => {
    const rates = (m: TariffMeasure): number[] => {
      switch (m.kind) {
        case 'customs_duty': return [m.mfn_pct, ...Object.values(m.preferential_pct), ...Object.values(m.by_agreement_pct ?? {})];
        case 'additional_duty': return [...m.by_group_pct];
        case 'vat': case 'kkdf': return [m.pct];
        default: return [m.levy.basis === 'ad_valorem' ? m.levy.pct : m.levy.usd_per];
      }
    };
    for (const m of TARIFF_MEASURES) {
      for (const r of rates(m)) {
        expect(Number.isFinite(r) && r >= 0 && r <= 300, m.id).toBe(true);
        expect(Math.round(r * 100) / 100, m.id).toBe(r); // at most two decimals: the money code relies on it
      }
      if (m.kind === 'additional_duty') {
        expect(m.by_group_pct).toHaveLength(8);
        expect(m.by_group_pct[0], `${m.id}: group 1 pays no İGV`).toBe(0);
      }
      if (m.kind === 'customs_duty') {
        for (const p of Object.values(m.preferential_pct)) expect(p <= m.mfn_pct, m.id).toBe(true);
      }
      if (m.kind === 'vat') expect([0, 1, 8, 10, 18, 20], m.id).toContain(m.pct);
    }
  });

  it('never let two measures of one kind, prefix and origin overlap in time (resolution is deterministic)', () => {
    const key = (m: TariffMeasure): string[] =>
      (m.kind === 'anti_dumping' || m.kind === 'safeguard')
        ? (m.origins === 'all' ? ['*'] : [...m.origins]).map((o) => `${m.kind}|${m.hs_prefix}|${o}`)
        : [`${m.kind}|${m.hs_prefix}`];
    const byKey = new Map<string, TariffMeasure[]>();
    for (const m of TARIFF_MEASURES) for (const k of key(m)) byKey.set(k, [...(byKey.get(k) ?? []), m]);
    for (const [k, ms] of byKey) {
      for (const date of SAMPLE_DATES) {
        expect(ms.filter((m) => isValidOn(m, date)).length, `${k} on ${date}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('switch VAT on 10 Jul 2023 for every chapter without a gap', () => {
    for (const ch of TARIFF_CHAPTERS) {
      const before = mostSpecific(matchingMeasures(TARIFF_MEASURES, 'vat', `${ch}0000`, '2023-07-09'));
      const after = mostSpecific(matchingMeasures(TARIFF_MEASURES, 'vat', `${ch}0000`, '2023-07-10'));
      expect(before?.pct, ch).toBeDefined();
      const expected: Record<number, number> = { 18: 20, 8: 10, 1: 1, 0: 0 };
      expect(after?.pct, ch).toBe(expected[before?.pct ?? -1]);
    }
  });

  it('name only real country codes as anti-dumping or safeguard origins', () => {
    for (const m of TARIFF_MEASURES) {
      if (m.kind !== 'anti_dumping' && m.kind !== 'safeguard') continue;
      for (const o of [...(m.origins === 'all' ? [] : m.origins), ...m.exempt_origins]) expect(known(o), `${m.id} ${o}`).toBe(true);
    }
  });
});

describe('agreements: well-formed', () => {
  it('have unique ids, real partners and dates in order', () => {
    expect(new Set(AGREEMENTS.map((a) => a.id)).size).toBe(AGREEMENTS.length);
    for (const a of AGREEMENTS) {
      expect(a.partners.length, a.id).toBeGreaterThan(0);
      for (const p of a.partners) expect(known(p), `${a.id} ${p}`).toBe(true);
      for (const d of [a.signed, a.in_force, a.ended]) if (d !== null) expect(d, a.id).toMatch(isoDate);
      if (a.in_force !== null && a.ended !== null) expect(a.in_force < a.ended, a.id).toBe(true);
    }
  });

  it('list İGV groups 4–7 without overlap and with real codes', () => {
    const all = [...IGV_LDC, ...IGV_GSP_PLUS, ...IGV_GSP, ...IGV_DEVELOPING];
    expect(new Set(all).size).toBe(all.length);
    for (const c of all) expect(known(c), c).toBe(true);
  });
});

describe('regulations: well-formed', () => {
  it('have unique ids, HS 2022 prefixes, dates and real country codes', () => {
    expect(new Set(REGULATIONS.map((r) => r.id)).size).toBe(REGULATIONS.length);
    for (const r of REGULATIONS) {
      expect(r.hs_prefix, r.id).toMatch(/^\d{2}(\d{2}){0,5}$/);
      expect(HS_CODES.has(r.hs_prefix.slice(0, 6)), r.id).toBe(true);
      expect(r.valid_from, r.id).toMatch(isoDate);
      if (r.valid_to !== null) expect(r.valid_to >= r.valid_from, r.id).toBe(true);
      for (const c of [...(r.applies_to.origins ?? []), ...(r.applies_to.except_origins ?? [])]) expect(known(c), r.id).toBe(true);
      expect(r.kind === 'prohibition' || r.document_required !== null, r.id).toBe(true);
    }
  });
});
