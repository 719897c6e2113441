// Parameters written into the query text must mean exactly what the bound parameters meant: the
// same rows for awkward values, and placeholders only where the SQL has them.
import { it, expect, describe } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { inlineParams } from '../../src/analytics/literal-sql.js';

describe('parameters as literals', () => {
  it('replaces placeholders in order, not inside strings, quoted names or comments', () => {
    expect(inlineParams(`select '?' as "a?", x from t -- what?\nwhere a = ? /* ? */ and b = ?`, ['x', 2])).toBe(
      `select '?' as "a?", x from t -- what?\nwhere a = 'x' /* ? */ and b = 2`,
    );
    expect(inlineParams(`select 'it''s ?' where a = ?`, [1])).toBe(`select 'it''s ?' where a = 1`);
    expect(inlineParams('where a = $2 and b = $1 and c = $10', ['a', 'b', 3, 4, 5, 6, 7, 8, 9, 'j'])).toBe(`where a = 'b' and b = 'a' and c = 'j'`);
    expect(inlineParams('where a = $3', [1, 2])).toBeNull();
    expect(inlineParams('where a = $2 and b = $1', ['a', 'b'])).toBe(`where a = 'b' and b = 'a'`);
    expect(inlineParams('where a = ? and b = ?', [1])).toBeNull();
    expect(inlineParams('where a = ?', [1, 2])).toBeNull();
    expect(inlineParams('where a = ?', ['nul\0byte'])).toBeNull();
    expect(inlineParams('where a = ?', [Number.NaN])).toBeNull();
    expect(inlineParams('select 1', [])).toBe('select 1');
  });

  it('selects the same rows as bound parameters for awkward values', async () => {
    const db = await DuckDBInstance.create(':memory:');
    const c = await db.connect();
    try {
      const texts = ["O'Brien", "''", "a\\'b", '\\', '\uffff', 'İstanbul ÇŞĞ', "x'; drop table t; --", '?', '$1', '"', ''];
      const numbers = [0, -1, 202501, 2 ** 53 - 1, 0.1, 1e-7, -2.5e-300, 1 / 3];
      await c.run('create table t (s VARCHAR, d DOUBLE, i BIGINT)');
      for (const s of texts) await c.run('insert into t values (?, 0, 0)', [s]);
      for (const d of numbers) await c.run('insert into t values (?, ?, ?)', ['n', d, Number.isSafeInteger(d) ? d : 0]);
      const read = async (q: string, params: (string | number | null)[]) => {
        const inlined = inlineParams(q, params);
        expect(inlined).not.toBeNull();
        const bound = (await c.runAndReadAll(q, params)).getRowObjectsJson();
        const literal = (await c.runAndReadAll(inlined!)).getRowObjectsJson();
        expect(literal).toEqual(bound);
        return literal.length;
      };
      for (const s of texts) expect(await read('select s from t where s = ? order by s', [s])).toBe(1);
      for (const d of numbers) expect(await read('select d from t where d = ? and s = ?', [d, 'n'])).toBe(1);
      for (const i of numbers.filter(Number.isSafeInteger)) expect(await read('select i from t where i = $1 and s = $2', [i, 'n'])).toBeGreaterThan(0);
      expect(await read('select count(*) as n from t where s is not distinct from ?', [null])).toBe(1);
      expect(await read("select s from t where s >= ? and s < ? || '\uffff' order by s", ['İ', 'İ'])).toBe(1);
      expect((await c.runAndReadAll('select count(*) as n from t')).getRowObjectsJson()).toEqual([{ n: String(texts.length + numbers.length) }]);
    } finally {
      c.closeSync();
      db.closeSync();
    }
  });
});
