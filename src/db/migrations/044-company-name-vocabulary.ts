// Company name search ranks names by the trigrams they share with the text asked. On SQLite the
// rarest trigrams of the text decide (a common one such as 'tic' is in most Turkish trade names and
// costs a walk over all of them): FTS5's vocabulary table tells how many names hold each trigram of
// the name index (migration 042). It stores nothing; PostgreSQL's pg_trgm weighs trigrams itself.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connect.js';

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine !== 'sqlite') return;
  await sql`create virtual table if not exists companies_name_vocab using fts5vocab(companies_name_text, 'row')`.execute(db);
}
