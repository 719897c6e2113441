// The COPY encoder's numbers: whole numbers are written digit by digit in place (pg-copy.ts), and
// must read exactly as String(v) would write them; other numbers still go through String.
import { describe, it, expect } from 'vitest';
import { csv, type CopyValue } from '../../src/ingest/pg-copy.js';

const encode = (rows: CopyValue[][], width: number) => Buffer.concat([...csv({ count: rows.length, fill: (i, out) => rows[i]!.forEach((v, c) => (out[c] = v)) }, width)]).toString();

describe('csv', () => {
  it('writes whole numbers as String does, at every length and sign', () => {
    const values = [0, -0, 1, -1, 9, 10, 99, 100, 12345, -98765, 2 ** 31, -(2 ** 31) - 1, 1e15, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER];
    for (let k = 1; k < 1e15; k *= 7) values.push(k, k - 1, -k);
    expect(encode(values.map((v) => [v]), 1)).toBe(values.map((v) => `${String(v)}\n`).join(''));
  });

  it('writes other numbers as String does and leaves non-finite ones empty', () => {
    const rows: CopyValue[][] = [[0.5, -1.25, 1e21, 2 ** 53 + 2, 1 / 3, Number.NaN, Infinity, null, 'a"b']];
    expect(encode(rows, 9)).toBe(`0.5,-1.25,1e+21,9007199254740994,${String(1 / 3)},,,,"a""b"\n`);
  });
});
