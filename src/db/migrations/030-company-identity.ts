// A company is one row per identity: a Turkish company by its tax number, a foreign one by country
// and folded name (src/ingest/companies.ts). Two batches naming the same new company at once
// (two API processes on PostgreSQL) each inserted it; with these unique indexes the second waits
// for the first and fails, and the batch writer runs it again, finding the company made by the first.
// A store that already holds duplicates (made before this migration) keeps working without the
// indexes: creating them is skipped there, and the resolver keeps using the oldest row.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connect.js';

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  const dupTax = await sql<{ n: number }>`select count(*) as n from (select tax_number from companies where country = 'TR' and tax_number is not null group by tax_number having count(*) > 1) d`.execute(db);
  if (Number(dupTax.rows[0]?.n ?? 0) === 0) {
    await sql`create unique index if not exists companies_tr_tax_unique on companies (tax_number) where country = 'TR' and tax_number is not null`.execute(db);
  }
  const dupName = await sql<{ n: number }>`select count(*) as n from (select country, name_folded from companies where country <> 'TR' group by country, name_folded having count(*) > 1) d`.execute(db);
  if (Number(dupName.rows[0]?.n ?? 0) === 0) {
    await sql`create unique index if not exists companies_foreign_name_unique on companies (country, name_folded) where country <> 'TR'`.execute(db);
  }
}
