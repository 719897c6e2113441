import { describe, it, expect } from 'vitest';
import { buildRelated } from '../../../src/domain/classify/wordnet.js';
import { confidenceOf } from '../../../src/domain/classify/calibration.js';

// A three-synset WordNet in its own file format: sneaker → shoe → footwear.
const DATA = [
  '00000001 06 n 02 sneaker 0 gym_shoe 0 001 @ 00000002 n 0000 | a canvas shoe',
  '00000002 06 n 01 shoe 0 001 @ 00000003 n 0000 | footwear shaped to fit the foot',
  '00000003 06 n 01 footwear 0 000 | clothing worn on a person\'s feet',
].join('\n');
const INDEX = [
  '  1 this is the licence header',
  'sneaker n 1 1 @ 1 0 00000001',
  'shoe n 1 1 @ 1 0 00000002',
  'gym_shoe n 1 1 @ 1 0 00000001',
].join('\n');

function run<T>(g: Generator<void, T>): T {
  for (;;) {
    const s = g.next();
    if (s.done) return s.value;
  }
}

describe('WordNet related words', () => {
  it('climbs hypernyms, weaker with distance, and keeps only words the index knows', () => {
    const related = run(buildRelated(INDEX, DATA, (w) => (w.includes('_') ? null : w), (t) => t !== 'shoe'));
    expect(related.get('sneaker')).toEqual([{ word: 'footwear', weight: 0.55 }]);
    expect(related.get('shoe')).toEqual([{ word: 'footwear', weight: 0.7 }]);
    expect(related.has('gym_shoe')).toBe(false);
  });
});

describe('confidence table', () => {
  it('never falls as the margin or the explained share grows', () => {
    let prev = 0;
    for (const m of [0, 0.05, 0.15, 0.3, 0.6, 0.9]) {
      const c = confidenceOf(m, 0.8);
      expect(c).toBeGreaterThanOrEqual(prev);
      prev = c;
    }
    expect(confidenceOf(0.6, 0.8)).toBeGreaterThan(confidenceOf(0, 0));
  });

  it('claims no more than the lower bound of what real descriptions achieved', () => {
    // The dev half's best bin of answers whose best line is not named in full: 38 % right over
    // 85 answers, 90 % lower bound 0.31; of those whose line is: 74 % over 23, lower bound 0.61.
    expect(confidenceOf(1, 1)).toBe(0.31);
    expect(confidenceOf(1, 1, true)).toBe(0.61);
    expect(confidenceOf(0, 0)).toBeLessThan(0.2);
  });

  it('claims more when the question names every word of the best line, never less', () => {
    for (const m of [0, 0.05, 0.15, 0.3, 0.6]) {
      for (const e of [0, 0.5, 0.9]) expect(confidenceOf(m, e, true)).toBeGreaterThanOrEqual(confidenceOf(m, e));
    }
    expect(confidenceOf(0.3, 0.8, true)).toBeGreaterThan(confidenceOf(0.3, 0.8));
  });
});
