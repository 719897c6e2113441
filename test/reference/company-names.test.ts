import { describe, it, expect } from 'vitest';
import {
  COINED_STEMS,
  FOREIGN_NAME_MATERIAL,
  MIDDLE_WORDS,
  SECTOR_WORDS,
  TR_CITIES,
  TR_FIRST_NAMES_FEMALE,
  TR_FIRST_NAMES_MALE,
  TR_LEGAL_FORMS,
  TURKISH_SURNAMES,
} from '../../src/reference/company-names.js';
import { HS_CHAPTER_BY_CODE } from '../../src/reference/hs-nomenclature.js';
import { COUNTRY_BY_ALPHA2 } from '../../src/reference/countries.js';
import { foldTurkish } from '../../src/domain/codes/text.js';
import { readSharedCsv } from './shared-data.js';

function unique(list: readonly string[]): boolean {
  return new Set(list).size === list.length;
}

describe('Turkish name material', () => {
  it('has about 150 distinct surnames and stems', () => {
    expect(TURKISH_SURNAMES.length + COINED_STEMS.length).toBeGreaterThanOrEqual(140);
    expect(unique([...TURKISH_SURNAMES, ...COINED_STEMS])).toBe(true);
    for (const list of [MIDDLE_WORDS, TR_FIRST_NAMES_MALE, TR_FIRST_NAMES_FEMALE]) expect(unique(list)).toBe(true);
  });

  it('maps every sector word to real HS chapters', () => {
    for (const s of SECTOR_WORDS) {
      expect(s.chapters.length).toBeGreaterThan(0);
      for (const c of s.chapters) expect(HS_CHAPTER_BY_CODE.get(c)?.reserved, `${s.word} ${c}`).toBe(false);
    }
    expect(unique(SECTOR_WORDS.map((s) => s.word))).toBe(true);
  });

  it('offers the common legal forms, mostly A.Ş. and Ltd. Şti.', () => {
    const total = TR_LEGAL_FORMS.reduce((a, f) => a + f.weight, 0);
    const main = TR_LEGAL_FORMS.filter((f) => f.code === 'A.Ş.' || f.code === 'Ltd. Şti.').reduce((a, f) => a + f.weight, 0);
    expect(main / total).toBeGreaterThan(0.9);
  });
});

describe('TR_CITIES', () => {
  it('use real province plate codes', () => {
    const provinces = new Map(readSharedCsv('unlocode-subdivision-codes.csv').filter((r) => r.SUCountry === 'TR').map((r) => [r.SUCode, r.SUName]));
    expect(provinces.size).toBe(81);
    expect(unique(TR_CITIES.map((c) => c.plate))).toBe(true);
    for (const c of TR_CITIES) {
      expect(provinces.has(c.plate), c.name).toBe(true);
      expect(c.export_weight).toBeGreaterThan(0);
      expect(c.districts.length).toBeGreaterThan(0);
    }
    // The plate must name the same province, whatever the spelling of its dotted letters.
    for (const c of TR_CITIES) expect(foldTurkish(provinces.get(c.plate)!), c.name).toBe(foldTurkish(c.name));
  });

  it('rank İstanbul, Kocaeli and İzmir first by exports', () => {
    const ranked = [...TR_CITIES].sort((a, b) => b.export_weight - a.export_weight).map((c) => c.name);
    expect(ranked.slice(0, 3)).toEqual(['İstanbul', 'Kocaeli', 'İzmir']);
  });
});

describe('foreign name material', () => {
  it('covers the ten largest export markets with complete material', () => {
    const covered = new Set(FOREIGN_NAME_MATERIAL.map((m) => m.country));
    for (const cc of ['DE', 'US', 'GB', 'IQ', 'IT', 'FR', 'ES', 'RU', 'AE', 'NL']) expect(covered.has(cc), cc).toBe(true);
    expect(covered.size).toBe(FOREIGN_NAME_MATERIAL.length);
    for (const m of FOREIGN_NAME_MATERIAL) {
      expect(COUNTRY_BY_ALPHA2.has(m.country)).toBe(true);
      for (const list of [m.stems, m.sector_words, m.legal_forms, m.cities, m.first_names, m.last_names]) {
        expect(list.length, m.country).toBeGreaterThan(0);
        expect(unique(list), m.country).toBe(true);
      }
    }
  });
});
