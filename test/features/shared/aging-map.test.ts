import { describe, it, expect } from 'vitest';
import { AgingMap } from '../../../src/features/shared/aging-map.js';

describe('aging map', () => {
  it('serves an entry for its age only', () => {
    const m = new AgingMap<number>(1000, 10);
    m.set('a', 1, 0);
    expect(m.get('a', 999)).toBe(1);
    expect(m.get('a', 1000)).toBeUndefined();
  });

  it('drops entries past their age from the front when a new one is set', () => {
    const m = new AgingMap<number>(1000, 10);
    m.set('a', 1, 0);
    m.set('b', 2, 500);
    m.set('c', 3, 1200); // a is past its age; b is not
    expect(m.size).toBe(2);
    expect(m.get('b', 1200)).toBe(2);
    m.set('d', 4, 1600); // b is now past its age too
    expect(m.size).toBe(2);
    expect(m.get('c', 1600)).toBe(3);
  });

  it('keeps at most `max` entries, the newest, and an entry set again counts as new', () => {
    const m = new AgingMap<number>(60_000, 3);
    m.set('a', 1, 0);
    m.set('b', 2, 1);
    m.set('c', 3, 2);
    m.set('a', 10, 3); // a moves behind c
    m.set('d', 4, 4); // b, the oldest, goes
    expect(m.size).toBe(3);
    expect(m.get('b', 5)).toBeUndefined();
    expect([m.get('a', 5), m.get('c', 5), m.get('d', 5)]).toEqual([10, 3, 4]);
  });

  it('bounds the total weight when entries are weighed, and refuses a value heavier than the bound', () => {
    const m = new AgingMap<string>(60_000, 10, (v) => v.length);
    m.set('a', 'xxxx', 0);
    m.set('b', 'xxxx', 1);
    expect(m.weight).toBe(8);
    m.set('c', 'xxx', 2); // 11 > 10: a goes
    expect([m.get('a', 3), m.get('b', 3), m.get('c', 3)]).toEqual([undefined, 'xxxx', 'xxx']);
    expect(m.weight).toBe(7);
    m.set('b', 'x', 4); // set again: its old weight is given back
    expect(m.weight).toBe(4);
    m.set('d', 'x'.repeat(11), 5);
    expect(m.get('d', 6)).toBeUndefined();
    expect(m.size).toBe(2);
    m.delete('c');
    m.clear();
    expect([m.size, m.weight]).toEqual([0, 0]);
  });
});
