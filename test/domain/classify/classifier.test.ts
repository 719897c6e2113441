import { describe, it, expect } from 'vitest';
import { buildClassifier } from '../../../src/domain/classify/classifier.js';
import type { HsDoc } from '../../../src/domain/classify/classifier.js';

// A small corpus in our own words: English and Turkish tariff-style lines plus a few declaration
// descriptions with 12-digit GTİP codes, as a trader would write them.
const N = 'nomenclature' as const;
const D = 'declaration' as const;
const corpus: HsDoc[] = [
  { code: '0901', text: 'Coffee, whether or not roasted or decaffeinated', source: N },
  { code: '090111', text: 'Coffee, not roasted, not decaffeinated', source: N },
  { code: '090111', text: 'Kahve; kavrulmamış, kafeini alınmamış', source: N },
  { code: '090121', text: 'Coffee, roasted, not decaffeinated', source: N },
  { code: '090121', text: 'Kahve; kavrulmuş, kafeini alınmamış', source: N },
  { code: '0802', text: 'Other nuts, fresh or dried, shelled or not', source: N },
  { code: '080221', text: 'Hazelnuts, in shell', source: N },
  { code: '080221', text: 'Fındık; kabuklu', source: N },
  { code: '080222', text: 'Hazelnuts, shelled', source: N },
  { code: '080222', text: 'Fındık; kabuksuz', source: N },
  { code: '080222000011', text: 'İç fındık, naturel, 50 kg jüt çuvallarda', source: D, weight: 3 },
  { code: '080222000019', text: 'Kavrulmuş iç fındık, vakumlu paket', source: D },
  { code: '610910', text: 'T-shirts, singlets and other vests, knitted or crocheted, of cotton', source: N },
  { code: '610910', text: 'Tişörtler, atletler ve diğer iç giyim eşyası; örme, pamuktan', source: N },
  { code: '610910001000', text: 'Erkek pamuklu tişört, örme, karışık beden', source: D, weight: 5 },
  { code: '870323', text: 'Motor cars with spark-ignition engine, cylinder capacity over 1500 cc but not over 3000 cc', source: N },
  { code: '870323', text: 'Otomobiller; kıvılcım ateşlemeli motorlu, silindir hacmi 1500 cm3 ile 3000 cm3 arası', source: N },
  { code: '401110', text: 'New pneumatic tyres of rubber, of a kind used on motor cars', source: N },
  { code: '401110', text: 'Kauçuktan yeni dış lastikler; otomobiller için', source: N },
  { code: '151710', text: 'Margarine, excluding liquid margarine', source: N },
  { code: '151710', text: 'Margarin (sıvı margarin hariç)', source: N },
  { code: '150920', text: 'Olive oil, extra virgin', source: N },
  { code: '150920', text: 'Zeytinyağı; natürel sızma', source: N },
  { code: '850760', text: 'Lithium-ion accumulators', source: N },
  { code: '850760', text: 'Lityum iyon akümülatörler', source: N },
  { code: '940161', text: 'Seats with wooden frames, upholstered', source: N },
  { code: '940161', text: 'Ahşap iskeletli oturmaya mahsus mobilyalar; döşemeli', source: N },
  { code: '020130', text: 'Meat of bovine animals, fresh or chilled, boneless', source: N },
  { code: '020130', text: 'Sığır eti; taze veya soğutulmuş, kemiksiz', source: N },
  { code: '020230', text: 'Meat of bovine animals, frozen, boneless', source: N },
  { code: '020230', text: 'Sığır eti; dondurulmuş, kemiksiz', source: N },
];
const classifier = buildClassifier(corpus);
const top = (q: string) => classifier.classify(q, { top_k: 3 })[0]?.code;

describe('classify', () => {
  it.each([
    ['frozen boneless bovine meat', '020230'],
    ['fresh chilled beef meat boneless', '020130'],
    ['roasted coffee beans', '090121'],
    ['green coffee, not roasted', '090111'],
    ['shelled hazelnuts', '080222'],
    ['hazelnuts in shell', '080221'],
    ["men's cotton t-shirts, knitted", '610910'],
    ['new rubber tyres for passenger motor cars', '401110'],
    ['extra virgin olive oil', '150920'],
    ['lithium ion accumulators for electric vehicles', '850760'],
    ['upholstered seats with wooden frames', '940161'],
  ])('English: %s -> %s', (q, code) => {
    expect(top(q)).toBe(code);
  });

  it.each([
    ['dondurulmuş kemiksiz sığır eti', '020230'],
    ['taze kemiksiz sığır etleri', '020130'],
    ['kavrulmuş kahve', '090121'],
    ['kabuksuz fındıklar', '080222'],
    ['kabuklu fındık', '080221'],
    ['pamuklu erkek tişörtleri', '610910'],
    ['otomobiller için kauçuk dış lastik', '401110'],
    ['natürel sızma zeytinyağı', '150920'],
    ['LİTYUM İYON AKÜMÜLATÖR', '850760'],
    ['döşemeli ahşap iskeletli mobilya', '940161'],
  ])('Turkish: %s -> %s', (q, code) => {
    expect(top(q)).toBe(code);
  });

  it('explains a candidate with the matched words and the examples behind it', () => {
    const [c] = classifier.classify('iç fındık naturel 50 kg', { top_k: 1 });
    expect(c).toMatchObject({ code: '080222', hs6: '080222' });
    expect(c!.evidence.matched_terms).toEqual(expect.arrayContaining(['ic', 'findik', 'naturel', '50', 'kg']));
    expect(c!.evidence.similar_examples[0]).toBe('İç fındık, naturel, 50 kg jüt çuvallarda');
  });

  it('answers at 12 digits from declaration examples only', () => {
    const r = classifier.classify('iç fındık naturel', { level: 12, top_k: 5 });
    expect(r[0]).toMatchObject({ code: '080222000011', hs6: '080222' });
    expect(r.every((c) => c.code.length === 12)).toBe(true);
    expect(classifier.classify('olive oil', { level: 12 })).toEqual([]);
  });

  it('falls back on similar known words for a misspelt or unknown one', () => {
    const [c] = classifier.classify('margarne', { top_k: 1 });
    expect(c?.code).toBe('151710');
    expect(c!.score).toBeGreaterThan(0);
    expect(c!.score).toBeLessThan(1);
  });

  it('answers a misspelling the same way the second time (its stand-ins are remembered)', () => {
    const first = classifier.classify('margarne', { top_k: 3 });
    expect(classifier.classify('margarne', { top_k: 3 })).toEqual(first);
  });

  it('does not read an unknown number as a misspelt known one', () => {
    expect(classifier.classify('87654', { top_k: 3 })).toEqual([]);
  });

  it('ranks with scores in [0, 1], best first, distinct codes, at most top_k', () => {
    for (const q of ['coffee', 'hazelnuts', 'motor cars', 'kemiksiz et', 'cotton', 'oil']) {
      const r = classifier.classify(q, { top_k: 2 });
      expect(r.length).toBeGreaterThan(0);
      expect(r.length).toBeLessThanOrEqual(2);
      expect(new Set(r.map((c) => c.code)).size).toBe(r.length);
      const scores = r.map((c) => c.score);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
      for (const s of scores) expect(s > 0 && s <= 1).toBe(true);
      for (const c of r) expect(c.code).toMatch(/^\d{6}$/);
    }
  });

  it('gives a weighted code with many matching examples the edge', () => {
    const c = buildClassifier([
      { code: '111111', text: 'blue widget', source: N },
      { code: '222222', text: 'blue widget', source: D, weight: 4 },
    ]);
    expect(c.classify('blue widget')[0]?.code).toBe('222222');
    const support = buildClassifier([
      { code: '111111', text: 'red gadget', source: N },
      { code: '222222', text: 'red gadget', source: N },
      { code: '222222', text: 'red gadget small', source: D },
    ]);
    expect(support.classify('red gadget')[0]?.code).toBe('222222');
  });

  it('returns nothing for an empty or meaningless description', () => {
    expect(classifier.classify('')).toEqual([]);
    expect(classifier.classify('the and of ve')).toEqual([]);
  });

  it('refuses malformed codes', () => {
    expect(() => buildClassifier([{ code: '12345', text: 'x', source: N }])).toThrow(/invalid HS code/);
    expect(() => buildClassifier([{ code: '0901ab', text: 'x', source: N }])).toThrow(/invalid HS code/);
  });
});

describe('searchNomenclature', () => {
  it('ranks tariff lines for English and Turkish queries, never declarations', () => {
    expect(classifier.searchNomenclature('olive oil')[0]).toMatchObject({ code: '150920', level: 6, description: 'Olive oil, extra virgin' });
    expect(classifier.searchNomenclature('zeytinyağı')[0]).toMatchObject({ code: '150920', description: 'Zeytinyağı; natürel sızma' });
    const hits = classifier.searchNomenclature('iç fındık naturel');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.code.length < 12)).toBe(true);
  });

  it('reaches headings and filters by level', () => {
    expect(classifier.searchNomenclature('nuts', { level: 4 }).map((h) => h.code)).toEqual(['0802']);
    expect(classifier.searchNomenclature('coffee').map((h) => h.code)).toContain('0901');
  });

  it('lists the lines under a code prefix, broadest first', () => {
    expect(classifier.searchNomenclature('0802').map((h) => h.code)).toEqual(['0802', '080221', '080222']);
    expect(classifier.searchNomenclature('09.01', { level: 6 }).map((h) => h.code)).toEqual(['090111', '090121']);
    expect(classifier.searchNomenclature('0802', { limit: 1 })).toHaveLength(1);
  });
});
