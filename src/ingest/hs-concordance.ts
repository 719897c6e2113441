// Loads a correlation table between two HS editions, layout `hs2022,hs2017,relationship` (the UNSD
// correlation table): the editions come from the column names, and every row is stored in both
// directions, so a lookup works either way (1:n read backwards is n:1).
import { parse } from 'csv-parse/sync';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { RELATIONSHIPS, bothWays, type ConcordanceRow, type Relationship } from '../features/hs-codes/builtin.js';
import { ensureBuiltins, upsertConcordance } from '../features/hs-codes/queries.js';
import { HsFileError, isEdition, type Rejected } from './hs-file.js';

export interface ConcordanceLoadReport { from_edition: string; to_edition: string; rows: number; written: number; rejected: Rejected[] }

export function parseConcordanceCsv(text: string): { from: string; to: string; rows: ConcordanceRow[]; rejected: Rejected[]; total: number } {
  const records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true }) as string[][];
  const header = records[0]?.map((h) => h.trim().toUpperCase());
  if (!header || header.length !== 3 || header[2] !== 'RELATIONSHIP') {
    throw new HsFileError('expected a header hsYYYY,hsYYYY,relationship (e.g. hs2022,hs2017,relationship)');
  }
  const [from, to] = header as [string, string];
  if (!isEdition(from) || !isEdition(to) || from === to) throw new HsFileError(`columns must name two different editions (HS2017, HS2022), found ${from}, ${to}`);
  const rows: ConcordanceRow[] = [];
  const rejected: Rejected[] = [];
  records.slice(1).forEach((r, i) => {
    const line = i + 2;
    const [a = '', b = '', rel = ''] = r.map((s) => s.trim());
    if (r.length !== 3) return rejected.push({ line, code: a || null, reason: `expected 3 columns, found ${r.length}` });
    if (!/^\d{6}$/.test(a) || !/^\d{6}$/.test(b)) return rejected.push({ line, code: a || null, reason: 'codes must be 6-digit subheadings' });
    if (!RELATIONSHIPS.includes(rel as Relationship)) return rejected.push({ line, code: a, reason: `relationship "${rel}" is not one of ${RELATIONSHIPS.join(', ')}` });
    rows.push(...bothWays(from, a, to, b, rel as Relationship));
  });
  return { from, to, rows, rejected, total: records.length - 1 };
}

export async function loadConcordance(db: Kysely<DB>, text: string): Promise<ConcordanceLoadReport> {
  await ensureBuiltins(db);
  const { from, to, rows, rejected, total } = parseConcordanceCsv(text);
  const written = await db.transaction().execute((tx) => upsertConcordance(tx, rows, 'update'));
  return { from_edition: from, to_edition: to, rows: total, written, rejected };
}
