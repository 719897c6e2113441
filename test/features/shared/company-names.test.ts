// The in-memory substring search over folded company names must find exactly what
// `name_folded LIKE '%q%'` finds.
import { it, expect } from 'vitest';
import { CompanyNames } from '../../../src/features/shared/cube-cache.js';

function build(names: [number, string][]): CompanyNames {
  return new CompanyNames(Int32Array.from(names.map(([id]) => id)), names.map(([, n]) => n));
}

const names: [number, string][] = [[3, 'anadolu tekstil a.s.'], [7, 'tekstil tekstil ltd'], [9, 'ege gida'], [12, 'mavi tekstil'], [15, 'x'], [20, 'gida tekstil']];

it('matches like a LIKE on each folded name: start, middle, end, once per name, never across names', () => {
  const idx = build(names);
  const like = (q: string) => names.filter(([, n]) => n.includes(q)).map(([id]) => id).sort((a, b) => a - b);
  for (const q of ['tekstil', 'anadolu', 'gida', 'a', 'x', 'l ltd', 'ida', 'tekstil a.s.', 'zz', 'gidatekstil', 'lege', 's.m']) {
    expect(idx.matching(q), q).toEqual(like(q));
  }
  expect(idx.matching('l\nmavi')).toEqual([]);
  expect(idx.matching('')).toEqual([]);
});
