// `tradeapi ingest tariff-lines FILE --source us-hts|eu-cn|uk-tariff` and `ingest search-terms FILE`:
// the classifier's knowledge through the row store, for servers without REFERENCE_DATA_DIR. Lines
// map to HS 2022 subheadings, so the HS 2022 nomenclature must be loaded first (ingest hs-codes).
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Store } from '../db/connect.js';
import { migrate } from '../db/migrate.js';
import { KnowledgeFileError, readNationalTariff, readSearchTerms, type Row } from '../domain/classify/knowledge.js';
import { DEFAULT_EDITION } from '../features/hs-codes/builtin.js';
import { replaceTariffLines } from '../features/hs-codes/tariff-lines.js';
import { forgetTariffIndex } from '../features/hs-codes/tariff-index.js';

const SOURCES = ['us-hts', 'eu-cn', 'uk-tariff'] as const;
type NationalSource = (typeof SOURCES)[number];

const USAGE = 'usage: tradeapi ingest tariff-lines FILE --source us-hts|eu-cn|uk-tariff\n       tradeapi ingest search-terms FILE';

/** Stores the file's lines in place of that source's earlier ones; returns how many were kept. */
export async function loadTariffLines(db: Kysely<DB>, text: string, source: NationalSource | 'uk-search-terms'): Promise<{ rows: number; written: number }> {
  const records = parse(text, { bom: true, columns: true, skip_empty_lines: true, relax_column_count: true }) as Row[];
  const known = new Set((await db.selectFrom('hs_codes').select('code').where('edition', '=', DEFAULT_EDITION).where('level', '=', 6).execute()).map((r) => r.code));
  if (known.size === 0) throw new KnowledgeFileError('no HS 2022 subheadings in the store: run `tradeapi ingest hs-codes harmonized-system.csv` first');
  const lines = source === 'uk-search-terms' ? readSearchTerms(records, known) : readNationalTariff(records, source, known);
  const written = await replaceTariffLines(db, source, lines);
  forgetTariffIndex(db);
  return { rows: records.length, written };
}

export async function runTariffIngest(args: string[], ctx: { openStore(): Promise<Store> }): Promise<number> {
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { source: { type: 'string' } } });
  const [what, file] = positionals;
  const source = what === 'search-terms' ? 'uk-search-terms' : values.source;
  if ((what !== 'tariff-lines' && what !== 'search-terms') || !file || positionals.length !== 2
    || (what === 'tariff-lines' && !SOURCES.includes(source as NationalSource))) {
    console.error(USAGE);
    return 2;
  }
  if (!fs.existsSync(file)) {
    console.error(`tradeapi: no such file: ${file}`);
    return 2;
  }
  const store = await ctx.openStore();
  try {
    await migrate(store);
    const report = await loadTariffLines(store.db, fs.readFileSync(file, 'utf8'), source as NationalSource | 'uk-search-terms');
    console.log(JSON.stringify({ source, ...report }));
    return 0;
  } catch (err) {
    if (err instanceof KnowledgeFileError) {
      console.error(`tradeapi: ${err.message}`);
      return 2;
    }
    throw err;
  } finally {
    await store.close();
  }
}
