// Loads a full HS edition from the common CSV layout `section,hscode,description,parent,level`
// (one row per chapter, heading and subheading; chapters have parent TOTAL). English text only:
// Turkish descriptions already in the store are kept.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Store } from '../db/connect.js';
import { migrate } from '../db/migrate.js';
import { normalizeHsCode } from '../domain/codes/hs-code.js';
import { EDITIONS, searchText, type HsCodeRow } from '../features/hs-codes/builtin.js';
import { bumpHsVersion, ensureBuiltins, upsertHsCodes } from '../features/hs-codes/queries.js';
import { loadConcordance } from './hs-concordance.js';
import { HsFileError, isEdition, type Rejected } from './hs-file.js';

export { HsFileError, isEdition, type Rejected };

export interface HsLoadReport { edition: string; rows: number; written: number; rejected: Rejected[] }

const SECTION = /^(X{0,2})(IX|IV|V?I{0,3})$/;
const HEADER = ['section', 'hscode', 'description', 'parent', 'level'];


/** Rows of the file, each validated; the header must name the five columns. */
export function parseHsCsv(text: string, edition: string): { rows: HsCodeRow[]; rejected: Rejected[]; total: number } {
  const records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true }) as string[][];
  const header = records[0]?.map((h) => h.trim().toLowerCase());
  if (!header || HEADER.some((h) => !header.includes(h))) throw new HsFileError(`expected a header with columns ${HEADER.join(',')}`);
  const col = Object.fromEntries(HEADER.map((h) => [h, header.indexOf(h)])) as Record<string, number>;
  const rows: HsCodeRow[] = [];
  const rejected: Rejected[] = [];
  const seen = new Set<string>();
  records.slice(1).forEach((r, i) => {
    const line = i + 2;
    const get = (name: string) => (r[col[name]!] ?? '').trim();
    const raw = get('hscode');
    // The grand-total row and blank lines describe no code.
    if (raw === 'TOTAL' || r.every((c) => c.trim() === '')) return;
    const code = normalizeHsCode(raw);
    const reject = (reason: string) => rejected.push({ line, code: code ?? (raw || null), reason });
    if (r.length !== header.length) return reject(`expected ${header.length} columns, found ${r.length}`);
    if (code === null) return reject(`hscode "${raw}" is not 2–12 digits of even count`);
    if (Number(get('level')) !== code.length) return reject(`level ${get('level')} does not match a ${code.length}-digit code`);
    const parent = get('parent');
    const parentCode = parent === 'TOTAL' || parent === '' ? null : parent;
    if (code.length === 2 ? parentCode !== null : parentCode === null || !code.startsWith(parentCode) || parentCode.length >= code.length) {
      return reject(`parent "${parent}" is not the code's parent`);
    }
    // Chapter 99 (goods not specified by kind) is a statistical code outside the 21 sections.
    const section = get('section') === 'TOTAL' ? null : get('section');
    if (section !== null && (!SECTION.test(section) || section === '')) return reject(`section "${section}" is not a Roman numeral`);
    const description = get('description');
    if (description === '') return reject('description is empty');
    if (seen.has(code)) return reject('code repeated in the file');
    seen.add(code);
    rows.push({ edition, code, level: code.length, parent: parentCode, section, description_en: description, description_tr: null, search_text: searchText(description, null) });
  });
  return { rows, rejected, total: records.length - 1 };
}

/** Validates and writes in one transaction; search indexes everywhere rebuild on their next use. */
export async function loadHsCodes(db: Kysely<DB>, text: string, edition: string): Promise<HsLoadReport> {
  if (!isEdition(edition)) throw new HsFileError(`edition must be one of ${EDITIONS.join(', ')}`);
  await ensureBuiltins(db);
  const { rows, rejected, total } = parseHsCsv(text, edition);
  const written = await db.transaction().execute((tx) => upsertHsCodes(tx, rows, 'update'));
  await bumpHsVersion(db);
  return { edition, rows: total, written, rejected };
}

/**
 * `tradeapi ingest hs-codes FILE [--edition HS2022]` and `tradeapi ingest hs-concordance FILE`:
 * dispatched to from the `ingest` command.
 */
export async function runHsIngest(
  args: string[],
  ctx: { openStore(): Promise<Store> },
): Promise<number> {
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { edition: { type: 'string' } } });
  const [what, file] = positionals;
  if ((what !== 'hs-codes' && what !== 'hs-concordance') || !file || positionals.length !== 2) {
    console.error('usage: tradeapi ingest hs-codes FILE [--edition HS2022|HS2017]\n       tradeapi ingest hs-concordance FILE');
    return 2;
  }
  if (!fs.existsSync(file)) {
    console.error(`tradeapi: no such file: ${file}`);
    return 2;
  }
  const text = fs.readFileSync(file, 'utf8');
  const store = await ctx.openStore();
  try {
    await migrate(store);
    const report = what === 'hs-codes'
      ? await loadHsCodes(store.db, text, (values.edition ?? 'HS2022').toUpperCase())
      : await loadConcordance(store.db, text);
    for (const r of report.rejected.slice(0, 20)) console.error(`line ${r.line}${r.code ? ` (${r.code})` : ''}: ${r.reason}`);
    if (report.rejected.length > 20) console.error(`… and ${report.rejected.length - 20} more rejected rows`);
    console.log(JSON.stringify({ ...report, rejected: report.rejected.length }));
    return report.rejected.length > 0 ? 1 : 0;
  } catch (err) {
    if (err instanceof HsFileError) {
      console.error(`tradeapi: ${err.message}`);
      return 2;
    }
    throw err;
  } finally {
    await store.close();
  }
}
