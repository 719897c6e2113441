// A read query's parameters written into its text as literals. Through @duckdb/node-api a query
// with parameters is three calls on the thread pool (extract, prepare, execute) where one without is
// a single call, and DuckDB plans a prepared statement before it knows the values. Measured at 1M
// declarations, one thread, the same queries alternately 600 times each: a grouped read of the HS ×
// country rollup 10.0 → 8.3 ms of CPU per query, a four-condition sum 1.8 → 1.4 ms.

/** A read query's parameter (Value in engine.ts). */
type Value = string | number | null;

/** `value` as a DuckDB literal, or null when it cannot be written as one exactly. */
function literal(value: Value): string | null {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) return String(value);
    // Written in full precision and read back as the same double.
    return Number.isFinite(value) ? `CAST('${value}' AS DOUBLE)` : null;
  }
  if (typeof value === 'string') {
    // Standard SQL strings: a quote is doubled, a backslash is an ordinary character. A NUL
    // cannot be in one, so such a value keeps its parameter.
    return value.includes('\0') ? null : `'${value.replaceAll("'", "''")}'`;
  }
  return null;
}

/**
 * `sqlText` with each placeholder (`?` in order, or `$n`) replaced by its parameter as a literal;
 * placeholders inside quoted strings, quoted names and comments are left alone. Null when a value
 * cannot be written as a literal or the placeholders do not match the parameters: the caller then
 * passes them as parameters.
 */
export function inlineParams(sqlText: string, params: readonly Value[]): string | null {
  if (!params.length) return sqlText;
  let out = '';
  let from = 0;
  let next = 0;
  let used = 0;
  const n = sqlText.length;
  let i = 0;
  while (i < n) {
    const ch = sqlText[i]!;
    if (ch === "'" || ch === '"') {
      // To the closing quote; a doubled quote is part of the text.
      i++;
      while (i < n && !(sqlText[i] === ch && sqlText[i + 1] !== ch)) i += sqlText[i] === ch ? 2 : 1;
      i++;
      continue;
    }
    if (ch === '-' && sqlText[i + 1] === '-') {
      const end = sqlText.indexOf('\n', i);
      i = end < 0 ? n : end;
      continue;
    }
    if (ch === '/' && sqlText[i + 1] === '*') {
      const end = sqlText.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
      continue;
    }
    let index = -1;
    let width = 1;
    if (ch === '?') index = next++;
    else if (ch === '$') {
      const m = /^\$(\d+)/.exec(sqlText.slice(i, i + 12));
      if (m) {
        index = Number(m[1]) - 1;
        width = m[0].length;
      }
    }
    if (index >= 0) {
      if (index >= params.length) return null;
      const lit = literal(params[index]!);
      if (lit === null) return null;
      out += sqlText.slice(from, i) + lit;
      used = Math.max(used, index + 1);
      i += width;
      from = i;
      continue;
    }
    i++;
  }
  return used === params.length ? out + sqlText.slice(from) : null;
}
