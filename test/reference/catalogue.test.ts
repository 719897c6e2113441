import { describe, it, expect } from 'vitest';
import {
  CATALOGUE,
  CATALOGUE_HEADINGS,
  CATALOGUE_SUBHEADINGS,
  CHAPTER_WEIGHTS,
  HEADING_BY_CODE,
  PRODUCT_BY_GTIP,
  productsInChapter,
  SUBHEADING_BY_CODE,
} from '../../src/reference/catalogue.js';
import { HS_CHAPTER_BY_CODE } from '../../src/reference/hs-nomenclature.js';
import { UNITS } from '../../src/reference/code-lists.js';
import { hsAncestors, normalizeHsCode } from '../../src/domain/codes/hs-code.js';
import { readSharedCsv } from './shared-data.js';

describe('catalogue codes', () => {
  it('has a few hundred products with unique 12-digit GTİPs', () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(300);
    expect(PRODUCT_BY_GTIP.size).toBe(CATALOGUE.length);
    for (const p of CATALOGUE) {
      expect(p.gtip).toMatch(/^\d{12}$/);
      expect(normalizeHsCode(p.gtip)).toBe(p.gtip);
      expect(p.gtip.startsWith(p.hs6)).toBe(true);
    }
  });

  it('describes every level of every code’s path', () => {
    for (const p of CATALOGUE) {
      const [chapter, heading, subheading] = hsAncestors(p.gtip);
      const ch = HS_CHAPTER_BY_CODE.get(chapter!);
      expect(ch?.reserved, p.gtip).toBe(false);
      const h = HEADING_BY_CODE.get(heading!);
      const s = SUBHEADING_BY_CODE.get(subheading!);
      for (const d of [h, s]) {
        expect(d?.description_en.length, p.gtip).toBeGreaterThan(2);
        expect(d?.description_tr.length, p.gtip).toBeGreaterThan(2);
      }
      expect(p.description_en.length).toBeGreaterThan(2);
      expect(p.description_tr.length).toBeGreaterThan(2);
    }
  });

  it('lists each heading and subheading once, each under an existing parent', () => {
    expect(HEADING_BY_CODE.size).toBe(CATALOGUE_HEADINGS.length);
    expect(SUBHEADING_BY_CODE.size).toBe(CATALOGUE_SUBHEADINGS.length);
    for (const s of CATALOGUE_SUBHEADINGS) expect(HEADING_BY_CODE.has(s.code.slice(0, 4)), s.code).toBe(true);
  });

  it('uses only headings and subheadings that exist in HS 2022', () => {
    const hs2022 = new Set(readSharedCsv('harmonized-system.csv').map((r) => r.hscode));
    for (const h of CATALOGUE_HEADINGS) expect(hs2022.has(h.code), h.code).toBe(true);
    for (const s of CATALOGUE_SUBHEADINGS) expect(hs2022.has(s.code), s.code).toBe(true);
  });
});

describe('catalogue quantities and values', () => {
  const units = new Set(UNITS.map((u) => u.code));

  it('uses known units, with a weight per unit exactly when the unit is not kg', () => {
    for (const p of CATALOGUE) {
      expect(units.has(p.unit), p.gtip).toBe(true);
      if (p.unit === 'kg') expect(p.kg_per_unit).toBeNull();
      else expect(p.kg_per_unit, p.gtip).toBeGreaterThan(0);
      expect(p.usd_per_kg).toBeGreaterThan(0);
      expect(p.flows.length).toBeGreaterThan(0);
    }
  });

  it('keeps unit values in their real-world ranges', () => {
    const v = (gtip: string) => PRODUCT_BY_GTIP.get(gtip)!.usd_per_kg;
    expect(v('270900900000')).toBeLessThan(1); // crude oil
    expect(v('710812000000')).toBeGreaterThan(40000); // gold
    expect(v('870323190000')).toBeGreaterThan(10); // cars
    expect(v('870323190000')).toBeLessThan(40);
    expect(v('610910000011')).toBeGreaterThan(10); // T-shirts
    expect(v('610910000011')).toBeLessThan(50);
    expect(v('720449300000')).toBeLessThan(1); // scrap
  });

  it('gives counted goods a plausible value per piece', () => {
    // A car is worth thousands of dollars, a T-shirt a few dollars.
    const perUnit = (gtip: string) => {
      const p = PRODUCT_BY_GTIP.get(gtip)!;
      return p.usd_per_kg * (p.kg_per_unit ?? 1);
    };
    expect(perUnit('870323190000')).toBeGreaterThan(15000);
    expect(perUnit('610910000011')).toBeLessThan(10);
    expect(perUnit('610910000011')).toBeGreaterThan(2);
  });

  it('has Turkey’s signature exports', () => {
    expect(productsInChapter('08', 'export').some((p) => p.hs6 === '080222')).toBe(true); // hazelnuts
    expect(productsInChapter('87', 'export').length).toBeGreaterThan(5);
    expect(productsInChapter('61', 'export').length).toBeGreaterThan(5);
  });
});

describe('CHAPTER_WEIGHTS', () => {
  it.each(['export', 'import'] as const)('%s weights sum to 1 and every chapter has products in that flow', (flow) => {
    const w = CHAPTER_WEIGHTS[flow];
    expect(Object.values(w).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    for (const [chapter, share] of Object.entries(w)) {
      expect(share).toBeGreaterThan(0);
      expect(HS_CHAPTER_BY_CODE.has(chapter)).toBe(true);
      expect(productsInChapter(chapter, flow).length, `${flow} ${chapter}`).toBeGreaterThan(0);
    }
  });

  it('ranks vehicles first for exports and mineral fuels first for imports', () => {
    const top = (w: Record<string, number>) => Object.entries(w).sort((a, b) => b[1] - a[1])[0]?.[0];
    expect(top(CHAPTER_WEIGHTS.export)).toBe('87');
    expect(top(CHAPTER_WEIGHTS.import)).toBe('27');
    expect(CHAPTER_WEIGHTS.import['27']).toBeGreaterThan(0.15);
  });
});
