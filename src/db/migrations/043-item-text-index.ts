// Free text on record lists also matches the goods description of the declarations' lines. A LIKE
// on the folded description of every line is a scan of the largest table, on the thread that
// serves every request; but lines repeat their descriptions (the same product is declared again
// and again), so each distinct description is stored once in `item_texts`, a line points at it by
// `text_id`, and a search looks the texts up in an index the engine keeps, then tests a line by
// an integer, or finds the lines of a rare text by their own index:
// - SQLite: a contentless FTS5 trigram table over the folded texts, kept in step by triggers (as
//   the bills' texts in migration 041).
// - PostgreSQL: a pg_trgm GIN index on the folded expression, used by the LIKE as written.
// The texts are folded by `foldedSql`, so a search matches exactly what the LIKE on the lines did.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connect.js';
import { foldedSql } from '../dialect.js';
import { trigramOps } from './041-bill-text-index.js';

async function sqliteIndex(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table item_texts_text using fts5(description, content='', contentless_delete=1, tokenize='trigram case_sensitive 1')`.execute(db);
  const insert = sql`insert into item_texts_text (rowid, description) values (new.id, ${foldedSql(sql.raw('new.description'))});`;
  await sql`create trigger item_texts_text_insert after insert on item_texts begin ${insert} end`.execute(db);
  await sql`create trigger item_texts_text_delete after delete on item_texts begin delete from item_texts_text where rowid = old.id; end`.execute(db);
}

async function postgresIndex(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists item_texts_description_trgm on item_texts using gin ((${foldedSql(sql.ref('description'))}) ${await trigramOps(db)})`.execute(db);
}

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  // Filling the text ids of millions of lines outlasts DB_STATEMENT_TIMEOUT_MS; PostgreSQL runs the
  // migrations in one transaction, so this lifts it for them only.
  if (engine === 'postgres') await sql`set local statement_timeout = 0`.execute(db);
  const id = engine === 'sqlite' ? sql`integer primary key` : sql`bigserial primary key`;
  await sql`create table item_texts (id ${id}, description text not null unique)`.execute(db);
  if (engine === 'sqlite') await sqliteIndex(db);
  else await postgresIndex(db);
  await sql`alter table declaration_items add column text_id bigint`.execute(db);
  // Existing lines: their distinct texts, then each line's id (both stores run UPDATE … FROM).
  await sql`insert into item_texts (description) select distinct description from declaration_items order by description`.execute(db);
  await sql`update declaration_items set text_id = t.id from item_texts t where t.description = declaration_items.description`.execute(db);
  // The lines of the texts a search found, so a rare word is answered from its own declarations.
  await sql`create index declaration_items_text on declaration_items (text_id, declaration_id)`.execute(db);
}
