// The classifier's knowledge in the row store: what `tradeapi ingest tariff-lines|search-terms`
// wrote, plus the HS 2022 subheadings `ingest hs-codes` loaded.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Knowledge, KnowledgeSource, TariffLine } from '../../domain/classify/knowledge.js';
import { DEFAULT_EDITION } from './builtin.js';

type Db = Kysely<DB>;

const CHUNK = 500;

/** Replaces every stored line of `source` with `lines`, in one transaction. */
export async function replaceTariffLines(db: Db, source: KnowledgeSource, lines: readonly TariffLine[]): Promise<number> {
  const unique = new Map(lines.map((l) => [`${l.code}\u0000${l.text}`, l]));
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('tariff_lines').where('source', '=', source).execute();
    const rows = [...unique.values()].map((l) => ({ source, code: l.code, hs6: l.hs6, text: l.text }));
    for (let i = 0; i < rows.length; i += CHUNK) await tx.insertInto('tariff_lines').values(rows.slice(i, i + CHUNK)).execute();
  });
  return unique.size;
}

/** Stored lines with the stored HS 2022 subheadings; null when nothing was ingested. */
export async function storedKnowledge(db: Db): Promise<Knowledge | null> {
  const stored = await db.selectFrom('tariff_lines').select(['source', 'code', 'hs6', 'text']).orderBy('source').orderBy('code').execute();
  if (stored.length === 0) return null;
  const hs = await db.selectFrom('hs_codes').select(['code', 'level', 'description_en'])
    .where('edition', '=', DEFAULT_EDITION).where('level', 'in', [2, 4, 6]).orderBy('code').execute();
  const titles = new Map(hs.filter((r) => r.level < 6).map((r) => [r.code, r.description_en]));
  const lines: TariffLine[] = hs.filter((r) => r.level === 6).map((r) => ({
    hs6: r.code, code: r.code, text: `${titles.get(r.code.slice(0, 4)) ?? ''} > ${r.description_en}`, source: 'hs2022',
  }));
  for (const r of stored) lines.push({ hs6: r.hs6, code: r.code, text: r.text, source: r.source as KnowledgeSource });
  return { lines, titles, sections: new Map() };
}
