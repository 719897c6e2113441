import { describe, it, expect } from 'vitest';
import { HS_CHAPTER_BY_CODE, HS_CHAPTERS, HS_SECTIONS } from '../../src/reference/hs-nomenclature.js';
import { readSharedCsv } from './shared-data.js';

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII', 'XIII', 'XIV', 'XV', 'XVI', 'XVII', 'XVIII', 'XIX', 'XX', 'XXI'];

describe('HS sections', () => {
  it('are I to XXI in order and partition chapters 01–97 without gaps', () => {
    expect(HS_SECTIONS.map((s) => s.section)).toEqual(ROMAN);
    let next = 1;
    for (const s of HS_SECTIONS) {
      expect(Number(s.chapters[0])).toBe(next);
      expect(Number(s.chapters[1])).toBeGreaterThanOrEqual(next);
      next = Number(s.chapters[1]) + 1;
    }
    expect(next).toBe(98);
  });
});

describe('HS chapters', () => {
  it('are 01 to 97 with 77 reserved', () => {
    expect(HS_CHAPTERS.map((c) => c.code)).toEqual(Array.from({ length: 97 }, (_, i) => String(i + 1).padStart(2, '0')));
    expect(HS_CHAPTERS.filter((c) => c.reserved).map((c) => c.code)).toEqual(['77']);
    for (const c of HS_CHAPTERS) {
      expect(c.description_en.length).toBeGreaterThan(2);
      expect(c.description_tr.length).toBeGreaterThan(2);
    }
  });

  it('sit in the same sections as in the HS 2022 dataset', () => {
    const rows = readSharedCsv('hs2022-chapters.csv').filter((r) => r.section !== 'TOTAL');
    expect(rows.length).toBe(96);
    for (const r of rows) {
      expect(HS_CHAPTER_BY_CODE.get(r.chapter!)?.section, r.chapter).toBe(r.section);
    }
  });
});
