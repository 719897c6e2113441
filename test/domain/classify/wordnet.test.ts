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
    // The dev half's best bin was 46 % right over 109 answers; its 90 % lower bound is 0.40.
    expect(confidenceOf(1, 1)).toBe(0.4);
    expect(confidenceOf(0, 0)).toBeLessThan(0.2);
  });
});
