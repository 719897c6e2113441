// The NDJSON reader cuts lines itself: line numbers and records must not depend on where the
// file's chunks end (inside a line, between \r and \n, inside a multi-byte character).
import { describe, it, expect } from 'vitest';
import { Readable } from 'node:stream';
import { parseNdjson, type ParsedRow } from '../../src/ingest/parse.js';

async function read(chunks: Buffer[]): Promise<[number, unknown][]> {
  const out: [number, unknown][] = [];
  for await (const row of parseNdjson(Readable.from(chunks))) out.push(outcome(row));
  return out;
}

function outcome(row: ParsedRow): [number, unknown] {
  return 'error' in row ? [row.line, `error ${row.error.field}`] : [row.line, row.record];
}

/** The text cut into pieces of 1 to `max` bytes, at positions drawn from a fixed sequence. */
function cut(text: string, max: number, seed: number): Buffer[] {
  const bytes = Buffer.from(text);
  const out: Buffer[] = [];
  let s = seed;
  for (let at = 0; at < bytes.length; ) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const len = 1 + (s % max);
    out.push(bytes.subarray(at, at + len));
    at += len;
  }
  return out;
}

describe('parseNdjson', () => {
  const text = '{"a":1}\r\n{"b":"Çağlar ünlü"}\n\n   \r{"c":[1,2]}\r{broken\r\n{"d":"€"}';
  const expected: [number, unknown][] = [
    [1, { a: 1 }],
    [2, { b: 'Çağlar ünlü' }],
    [5, { c: [1, 2] }],
    [6, 'error (line)'],
    [7, { d: '€' }],
  ];

  it('counts \\n, \\r\\n and a lone \\r as line breaks and skips blank lines', async () => {
    expect(await read([Buffer.from(text)])).toEqual(expected);
  });

  it('gives the same rows however the input is cut into chunks', async () => {
    for (let seed = 1; seed <= 200; seed++) expect(await read(cut(text, 1 + (seed % 7), seed))).toEqual(expected);
  });

  it('reads a last line without a line break, and ignores a final line break', async () => {
    expect(await read([Buffer.from('{"x":1}\n{"y":2}')])).toEqual([[1, { x: 1 }], [2, { y: 2 }]]);
    expect(await read([Buffer.from('{"x":1}\r')])).toEqual([[1, { x: 1 }]]);
    expect(await read([Buffer.from('{"x":1}\n')])).toEqual([[1, { x: 1 }]]);
  });
});
