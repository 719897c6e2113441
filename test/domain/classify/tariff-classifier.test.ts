// The tariff classifier over the public nomenclatures in ../shared/data, built once for the file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, it, expect, beforeAll } from 'vitest';
import { buildTariffClassifier, type TariffClassifier } from '../../../src/domain/classify/tariff-classifier.js';
import { loadKnowledge } from '../../../src/reference/tariff-files.js';
import { loadWordNet } from '../../../src/reference/wordnet.js';
import { fold } from '../../../src/domain/matching/fold.js';

const dataDir = path.resolve(process.cwd(), '../shared/data');

describe('tariff classifier over HS 2022, US HTS, EU CN, UK tariff and HMRC search terms', () => {
  let classifier: TariffClassifier;
  beforeAll(async () => {
    const knowledge = await loadKnowledge(dataDir);
    classifier = buildTariffClassifier(knowledge!, await loadWordNet());
  }, 300_000);

  it('indexes no evaluation description, verbatim or inside a longer line', () => {
    const evalRows = parse(readFileSync(path.join(dataDir, 'eval/hs-real-descriptions.csv')), { columns: true }) as Array<{ description: string }>;
    expect(evalRows.length).toBeGreaterThan(800);
    const indexed = [...classifier.indexedTexts()].map(fold);
    // Texts by every run of three words they hold: a description inside a line shares its first run.
    const byRun = new Map<string, number[]>();
    indexed.forEach((text, i) => {
      const w = text.split(' ');
      for (let j = 0; j + 3 <= w.length; j++) {
        const key = w.slice(j, j + 3).join(' ');
        const list = byRun.get(key);
        if (!list) byRun.set(key, [i]);
        else if (list[list.length - 1] !== i) list.push(i);
      }
    });
    const leaked = evalRows.map((r) => fold(r.description)).filter((d) => {
      const w = d.split(' ');
      const candidates = w.length >= 3 ? byRun.get(w.slice(0, 3).join(' ')) ?? [] : indexed.map((_, i) => i);
      return candidates.some((i) => indexed[i]!.includes(d));
    });
    expect(leaked).toEqual([]);
  });

  it('says which sources it holds, and holds tens of thousands of lines', () => {
    expect(classifier.sources).toEqual(expect.arrayContaining(['hs2022', 'us-hts', 'eu-cn', 'uk-tariff', 'uk-search-terms', 'builtin']));
    expect(classifier.lineCount).toBeGreaterThan(40_000);
  });

  it('finds goods from shop words and explains the answer with the lines that matched', () => {
    const [first] = classifier.classify('Hot sale 2024 canvas sneakers with rubber soles', 5);
    expect(first!.hs6).toBe('640411');
    expect(first!.evidence.matched_terms).toEqual(expect.arrayContaining(['sneakers', 'rubber']));
    expect(first!.evidence.matched_terms.length).toBeGreaterThan(0);
    expect(first!.evidence.lines[0]).toMatchObject({ source: expect.any(String), text: expect.any(String) });
    expect(first!.evidence.lines[0]!.code.startsWith(first!.hs6)).toBe(true);
    expect(first!.confidence).toBeGreaterThan(0);
    expect(first!.confidence).toBeLessThanOrEqual(1);
  });

  it('keeps jewellery without precious metal out of 7113, and sends sterling silver there', () => {
    const imitation = classifier.classify('Stainless steel gold color pendant necklace jewelry', 3);
    expect(imitation[0]!.hs6.slice(0, 4)).not.toBe('7113');
    expect(classifier.classify('925 sterling silver necklace jewelry', 3)[0]!.hs6.slice(0, 4)).toBe('7113');
  });

  it('reads a gemstone as a precious or semi-precious stone (7116), and rain boots as footwear, not machinery for it', () => {
    expect(classifier.classify('Amethyst bead bracelet', 1)[0]!.hs6).toBe('711620');
    const boots = classifier.classify('rain boots', 5).map((c) => c.hs6);
    expect(boots[0]!.startsWith('64')).toBe(true);
    expect(boots.some((c) => c.startsWith('8453'))).toBe(false);
  });

  it('reads a Turkish loanword the glossary does not know by its spelling', () => {
    expect(classifier.classify('Evaporatif hava soğutucu', 1)[0]!.hs6).toBe('847960');
  });

  it("files a decoration of a named material with that material's ornamental articles", () => {
    expect(classifier.classify('acrylic table decoration', 1)[0]!.hs6).toBe('392640');
    expect(classifier.classify('resin garden decoration', 1)[0]!.hs6).toBe('392640');
    // …but a festive one is an article for Christmas festivities (9505.10), whatever its material.
    expect(classifier.classify('plastic christmas tree decoration', 1)[0]!.hs6).toBe('950510');
  });

  it('does not match a line on the words it excludes', () => {
    // 7117.90 is imitation jewellery 'of other than base metal': steel is a base metal.
    expect(classifier.classify('stainless steel pendant necklace imitation jewellery', 3)[0]!.hs6).toBe('711719');
  });

  it('reads Turkish through its folding, stemming and glossary', () => {
    const toys = classifier.classify('PLASTİKTEN MAMUL OYUNCAK', 5).map((c) => c.hs6.slice(0, 2));
    expect(toys).toContain('95');
    expect(classifier.classify('fındık, kabuksuz', 3).map((c) => c.hs6)).toContain('080222');
    // A two-word glossary entry: 'saç kurutma' (hair drying), not 'kurutma makinesi' (drying machines).
    expect(classifier.classify('saç kurutma makinesi', 3)[0]!.hs6).toBe('851631');
    // A case suffix that stemming leaves on a short word: 'camdan' (of glass), 'taştan' (of stone).
    expect(classifier.classify('camdan vazo', 3)[0]!.hs6.slice(0, 2)).toBe('70');
    expect(classifier.classify('taştan heykel', 3)[0]!.evidence.matched_terms).toContain('tastan');
  });

  it('knows the goods words of every chapter in Turkish, inflected forms included', () => {
    // Chapter vocabulary (glossary-tr-chapters.ts): screwdrivers 8205, wrist-watches 91, puzzles 9503.
    expect(classifier.classify('tornavida', 3)[0]!.hs6.slice(0, 4)).toBe('8205');
    expect(classifier.classify('kol saati', 3)[0]!.hs6.slice(0, 2)).toBe('91');
    expect(classifier.classify('yapboz', 3)[0]!.hs6.slice(0, 4)).toBe('9503');
    // The tariff's qualifiers: 'sıvı' (liquid) brings the liquid soap of 3401.30 among the first answers.
    expect(classifier.classify('sıvı sabun', 3).map((c) => c.hs6)).toContain('340130');
    // 'bıçak' softens to 'bıçağı' before a vowel: the entry is still found (knives, 8211).
    expect(classifier.classify('çelik bıçağı', 3)[0]!.hs6.slice(0, 4)).toBe('8211');
  });

  it('reads letter compounds and one-word compounds, and lets a distinctive word choose among siblings', () => {
    // 'T-shirt' is the tariff's 'T-shirts' (6109), not the woven shirts of 6205/6206.
    expect(classifier.classify('printed t-shirt', 3)[0]!.hs6.slice(0, 4)).toBe('6109');
    // 'keychain' is not in the tariff; 'key' and 'chain' are.
    const keychain = classifier.classify('metal keychain', 3)[0]!;
    expect(keychain.hs6.slice(0, 2)).toBe('83');
    expect(keychain.evidence.matched_terms).toContain('keychain');
    // 'human' sets 6704.20 apart from the synthetic wigs of 6704.11.
    expect(classifier.classify('lace front human hair wig', 3)[0]!.hs6).toBe('670420');
  });

  it("reads 'PU leather' as plastic: a PU leather handbag has an outer surface of plastics", () => {
    expect(classifier.classify('PU leather crossbody handbag for women', 3)[0]!.hs6).toBe('420222');
    expect(classifier.classify('genuine leather crossbody handbag', 3)[0]!.hs6).toBe('420221');
  });

  it('keeps live, unworked and waste headings for descriptions that name that state', () => {
    expect(classifier.classify('human hair bundles straight 100% human hair', 3)[0]!.hs6.slice(0, 2)).toBe('67');
    expect(classifier.classify('raw human hair', 3)[0]!.hs6).toBe('050100');
  });

  it('says when the question names every word of the best line, and is then more confident', () => {
    const [sink] = classifier.classify('stainless steel kitchen sink', 3);
    expect(sink).toMatchObject({ hs6: '732410', contained: true });
    const [shirt] = classifier.classify('cotton t-shirt knitted', 3);
    expect(shirt!.contained).toBe(false);
    expect(sink!.confidence).toBeGreaterThan(shirt!.confidence);
  });

  it('answers nothing for filler alone, and the first answer is the most confident', () => {
    expect(classifier.classify('new hot sale 2024 high quality', 5)).toEqual([]);
    const ranked = classifier.classify('cotton t-shirt knitted', 5);
    for (const c of ranked.slice(1)) expect(c.confidence).toBeLessThanOrEqual(ranked[0]!.confidence);
  });
});
