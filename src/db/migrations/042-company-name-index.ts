// `q` on aggregates and record lists names companies by a substring of their folded name. A LIKE
// '%q%' reads every company (130,000 of them at a million declarations, about 20 ms on SQLite, on
// the thread that serves every request), so the names are looked up in an index the engine keeps:
// - SQLite: a contentless FTS5 table with the trigram tokenizer over `name_folded`, under the
//   company's id as rowid, kept in step by triggers (the names are folded already, so it is
//   case-sensitive; a phrase of trigrams is a substring match).
// - PostgreSQL: a pg_trgm GIN index on `name_folded`, which that LIKE uses as written.
// Texts shorter than a trigram still go through the LIKE (`companyIdsNamed` in dialect.ts).
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connect.js';
import { trigramOps } from './041-bill-text-index.js';

async function sqliteIndex(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table companies_name_text using fts5(name, content='', contentless_delete=1, tokenize='trigram case_sensitive 1')`.execute(db);
  await sql`insert into companies_name_text (rowid, name) select id, name_folded from companies`.execute(db);
  await sql`create trigger companies_name_text_insert after insert on companies begin insert into companies_name_text (rowid, name) values (new.id, new.name_folded); end`.execute(db);
  await sql`create trigger companies_name_text_delete after delete on companies begin delete from companies_name_text where rowid = old.id; end`.execute(db);
  await sql`create trigger companies_name_text_update after update of name_folded on companies begin delete from companies_name_text where rowid = old.id; insert into companies_name_text (rowid, name) values (new.id, new.name_folded); end`.execute(db);
}

async function postgresIndex(db: Kysely<unknown>): Promise<void> {
  await sql`set local statement_timeout = 0`.execute(db);
  await sql`create index if not exists companies_name_folded_trgm on companies using gin (name_folded ${await trigramOps(db)})`.execute(db);
}

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine === 'sqlite') await sqliteIndex(db);
  else await postgresIndex(db);
}
