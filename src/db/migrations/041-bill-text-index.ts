// Free text on bills of lading (shipper, consignee, goods description) is looked up in an index the
// engine keeps, instead of a copy of every bill held in process memory. The index holds the texts
// folded as `foldedSql` folds them, so a search matches exactly what `foldedSql(column) LIKE '%q%'`
// matches:
// - SQLite: a contentless FTS5 table with the trigram tokenizer, one row per bill under the bill's
//   rowid, kept in step by triggers (every writer, seed or API, goes through them). Case-sensitive
//   because the texts are already folded; a phrase of trigrams is a substring match.
// - PostgreSQL: pg_trgm GIN indexes on the folded expressions, used by that LIKE as written.
// Company filters get an index per party, so a company's bills are found without a scan.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Engine } from '../connect.js';
import { foldedSql } from '../dialect.js';

const TEXTS = [['shipper', 'shipper_name'], ['consignee', 'consignee_name'], ['goods', 'goods_description']] as const;

function foldedRow(prefix: string): RawBuilder<unknown> {
  return sql.join(TEXTS.map(([, column]) => foldedSql(sql.raw(`${prefix}${column}`))));
}

/** Indexes the texts of the bills above rowid `after` (SQLite): what the insert trigger does, in one statement. */
export function billTextFill(after: number): RawBuilder<unknown> {
  const names = sql.raw(TEXTS.map(([name]) => name).join(', '));
  return sql`insert into bills_of_lading_text (rowid, ${names}) select rowid, ${foldedRow('')} from bills_of_lading where rowid > ${after}`;
}

/**
 * The schema-qualified `gin_trgm_ops` of pg_trgm, creating the extension in public when it is
 * missing: an extension made in a store's own schema would be dropped with that schema, and with
 * it every other schema's indexes.
 */
export async function trigramOps(db: Kysely<unknown>): Promise<RawBuilder<unknown>> {
  const found = async () => (await sql<{ s: string }>`select n.nspname as s from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)).rows[0]?.s;
  if (!(await found())) await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  return sql`${sql.id(String(await found()))}.gin_trgm_ops`;
}

async function sqliteIndex(db: Kysely<unknown>): Promise<void> {
  const names = sql.raw(TEXTS.map(([name]) => name).join(', '));
  await sql`create virtual table bills_of_lading_text using fts5(${names}, content='', contentless_delete=1, tokenize='trigram case_sensitive 1')`.execute(db);
  await billTextFill(0).execute(db);
  const insert = sql`insert into bills_of_lading_text (rowid, ${names}) values (new.rowid, ${foldedRow('new.')});`;
  const remove = sql`delete from bills_of_lading_text where rowid = old.rowid;`;
  await sql`create trigger bills_of_lading_text_insert after insert on bills_of_lading begin ${insert} end`.execute(db);
  await sql`create trigger bills_of_lading_text_delete after delete on bills_of_lading begin ${remove} end`.execute(db);
  await sql`create trigger bills_of_lading_text_update after update of shipper_name, consignee_name, goods_description on bills_of_lading begin ${remove} ${insert} end`.execute(db);
}

async function postgresIndex(db: Kysely<unknown>): Promise<void> {
  // Building the indexes of millions of bills outlasts DB_STATEMENT_TIMEOUT_MS; the migrations run
  // in one transaction on PostgreSQL, so this lifts it for them only.
  await sql`set local statement_timeout = 0`.execute(db);
  const ops = await trigramOps(db);
  for (const [name, column] of TEXTS) {
    await sql`create index if not exists ${sql.id(`bills_of_lading_${name}_trgm`)} on bills_of_lading using gin ((${foldedSql(sql.ref(column))}) ${ops})`.execute(db);
  }
}

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine === 'sqlite') await sqliteIndex(db);
  else await postgresIndex(db);
  await db.schema.createIndex('bills_of_lading_shipper_company').ifNotExists().on('bills_of_lading').columns(['shipper_company_id', 'flow', 'issued_at', 'bl_number']).execute();
  await db.schema.createIndex('bills_of_lading_consignee_company').ifNotExists().on('bills_of_lading').columns(['consignee_company_id', 'flow', 'issued_at', 'bl_number']).execute();
}
