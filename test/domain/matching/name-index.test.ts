import { describe, it, expect } from 'vitest';
import { buildNameIndex, DEFAULT_MATCH_THRESHOLD } from '../../../src/domain/matching/name-index.js';
import type { CompanyRecord } from '../../../src/domain/matching/name-index.js';
import { seededRng } from '../../../src/domain/matching/evaluate.js';
import { population } from './population.js';

const companies: CompanyRecord[] = [
  { id: 'c1', name: 'Yılmaz Tekstil San. ve Tic. Ltd. Şti.', aliases: ['Yılmaz Textile'], country: 'TR', tax_number: '1234567890', trade_value_usd: 5e6 },
  { id: 'c2', name: 'Yılmaz Tekstil A.Ş.', country: 'TR', tax_number: '2222222222', trade_value_usd: 9e6 },
  { id: 'c3', name: 'Yılmaz Gıda İth. İhr. Ltd. Şti.', country: 'TR', trade_value_usd: 1e6 },
  { id: 'c4', name: 'Demir Otomotiv Yedek Parça A.Ş.', country: 'TR', trade_value_usd: 3e6 },
  { id: 'c5', name: 'Demir Tekstil A.Ş.', country: 'TR', trade_value_usd: 2e6 },
  { id: 'c6', name: 'Müller Textil GmbH', country: 'DE', trade_value_usd: 4e6 },
  { id: 'c7', name: 'Yilmaz Tekstil GmbH', country: 'DE', trade_value_usd: 8e5 },
];
const index = buildNameIndex(companies);

describe('match', () => {
  it('lets an exact tax number win over any name', () => {
    const [r] = index.match([{ name: 'Something Else Entirely', tax_number: '123 456 78 90' }]);
    expect(r).toMatchObject({ matched: true, best: { id: 'c1', score: 1, reason: 'exact_tax_number' } });
  });

  it('falls back to the name when the tax number is unknown', () => {
    const [r] = index.match([{ name: 'Demir Otomotiv Yedek Parça A.Ş.', tax_number: '9999999999' }]);
    expect(r?.best).toMatchObject({ id: 'c4', reason: 'exact_name', score: 1 });
  });

  it('matches case and Turkish letters exactly, spellings of the same words as normalised', () => {
    expect(index.match([{ name: 'YILMAZ TEKSTİL A.Ş.' }])[0]?.best).toMatchObject({ id: 'c2', reason: 'exact_name' });
    expect(index.match([{ name: 'Yilmaz Tekstil Sanayi ve Ticaret Limited Sirketi' }])[0]?.best).toMatchObject({
      id: 'c1',
      reason: 'normalised_name',
      score: 0.97,
    });
  });

  it('keeps the legal form apart: an A.Ş. is not the Ltd. of the same name', () => {
    const [r] = index.match([{ name: 'Yılmaz Tekstil Anonim Şirketi' }]);
    expect(r?.best?.id).toBe('c2');
    const ltd = r?.candidates.find((c) => c.id === 'c1');
    expect(ltd!.score).toBeLessThan(DEFAULT_MATCH_THRESHOLD);
  });

  it('forgives a swapped pair of letters but not a different surname or sector', () => {
    const [typo, otherSector, otherSurname] = index.match([
      { name: 'Demir Otomotvi Yedek Parça A.Ş.' },
      { name: 'Yılmaz Mobilya San. ve Tic. Ltd. Şti.' },
      { name: 'Kaya Tekstil A.Ş.' },
    ]);
    expect(typo).toMatchObject({ matched: true, best: { id: 'c4', reason: 'fuzzy' } });
    expect(otherSector?.matched).toBe(false);
    expect(otherSurname?.matched).toBe(false);
  });

  it('uses the country: the same name abroad is another company', () => {
    const [tr, de] = index.match([{ name: 'Yilmaz Tekstil GmbH', country: 'TR' }, { name: 'Yilmaz Tekstil GmbH', country: 'DE' }]);
    expect(de?.best).toMatchObject({ id: 'c7', score: 1 });
    expect(tr?.best?.score).toBeLessThan(1);
  });

  it('matches aliases and returns distinct companies, best first, with scores in [0, 1]', () => {
    const [r] = index.match([{ name: 'Yilmaz Textile' }], { candidates: 5 });
    expect(r?.best).toMatchObject({ id: 'c1', matched_name: 'Yılmaz Textile' });
    const ids = r!.candidates.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const scores = r!.candidates.map((c) => c.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    for (const s of scores) expect(s >= 0 && s <= 1).toBe(true);
  });

  it('answers an unknown or empty name with no match', () => {
    const [a, b] = index.match([{ name: 'Zzqx Qqrv' }, { name: ' ... ' }]);
    expect(a?.matched).toBe(false);
    expect(b).toEqual({ matched: false, best: null, candidates: [] });
  });

  it('honours a custom threshold', () => {
    const [r] = index.match([{ name: 'Demir Otomotvi Yedek Parça A.Ş.' }], { threshold: 0.99 });
    expect(r?.matched).toBe(false);
    expect(r?.best?.id).toBe('c4');
  });
});

describe('scorePair', () => {
  it('scores an input against one named company, or null for an unknown id', () => {
    // Same words, legal form left out: normalised, a little below a full match.
    expect(index.scorePair({ name: 'Yilmaz Gida Ithalat Ihracat' }, 'c3')).toMatchObject({ reason: 'normalised_name', score: 0.95 });
    // Generic words left out as well: fuzzy, but still a match.
    const short = index.scorePair({ name: 'Yılmaz Gıda' }, 'c3');
    expect(short?.reason).toBe('fuzzy');
    expect(short!.score).toBeGreaterThanOrEqual(DEFAULT_MATCH_THRESHOLD);
    expect(index.scorePair({ name: 'x', tax_number: '2222222222' }, 'c2')?.reason).toBe('exact_tax_number');
    expect(index.scorePair({ name: 'x' }, 'nope')).toBeNull();
  });
});

describe('search', () => {
  it('finds names from a partial, folded query, ranked by relevance then trade size', () => {
    const hits = index.search('yilmaz tekst');
    expect(hits.map((h) => h.id).slice(0, 2)).toEqual(['c2', 'c1']); // equal relevance: larger trader first
    expect(hits.map((h) => h.id)).not.toContain('c4');
    expect(hits.find((h) => h.id === 'c3')?.score ?? 0).toBeLessThan(hits[0]!.score);
  });

  it('filters by country and limits the result', () => {
    const de = index.search('tekstil', { country: 'de' });
    expect(de.map((h) => h.id).sort()).toEqual(['c7']);
    expect(index.search('tekstil', { limit: 2 })).toHaveLength(2);
  });

  it('returns nothing for an empty query', () => {
    expect(index.search('  ')).toEqual([]);
  });

  it('finds the right company among thousands after generating candidates from trigrams', () => {
    const rng = seededRng(5);
    const { companies: many } = population(rng, 3000, 0);
    const big = buildNameIndex(many);
    expect(big.size).toBe(3000);
    for (const c of many.slice(0, 200)) {
      expect(big.search(c.name, { limit: 5 })[0]?.id).toBe(c.id);
      expect(big.match([{ name: c.name }])[0]?.best?.id).toBe(c.id);
    }
  });
});
