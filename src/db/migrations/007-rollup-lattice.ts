// Replaces the three first rollups with the lattice of src/ingest/rollups.ts (narrow tables for
// fast scans, and declaration counts that stay exact at HS depths 2, 4 and 6), then fills every
// rollup from the raw records, so a store loaded before this migration is correct after it.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connect.js';
import { ROLLUPS, recomputeSql, measuresOf, type RollupDef } from '../../ingest/rollups.js';

const INTEGER_KEYS = new Set(['period']);
const BIGINT_KEYS = new Set(['company_id', 'partner_company_id']);

const EXTRA_INDEXES: Record<string, string[][]> = {
  rollup_hs_country_monthly: [['flow', 'hs6', 'period'], ['flow', 'partner_country', 'period']],
  rollup_items_monthly: [['flow', 'hs6', 'period'], ['flow', 'partner_country', 'period']],
  rollup_company_monthly: [['company_id', 'flow', 'period'], ['partner_company_id', 'flow', 'period'], ['flow', 'hs6', 'period']],
};

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  for (const old of ['rollup_items_monthly', 'rollup_declarations_monthly', 'rollup_company_monthly']) {
    await db.schema.dropTable(old).ifExists().execute();
  }
  for (const def of ROLLUPS.filter((d) => FIRST_LATTICE.has(d.table))) await createRollup(db, def);
}

/** The tables this migration made; later ones are made by later migrations with createRollup. */
const FIRST_LATTICE = new Set<RollupDef['table']>([
  'rollup_country_monthly', 'rollup_declarations_monthly', 'rollup_hs_monthly', 'rollup_hs_country_monthly',
  'rollup_items_monthly', 'rollup_company_monthly',
]);

/** Creates one rollup table from its definition, with its indexes, filled from the raw records. */
export async function createRollup(db: Kysely<unknown>, def: RollupDef): Promise<void> {
  let t = db.schema.createTable(def.table);
  for (const k of def.keys) t = t.addColumn(k, INTEGER_KEYS.has(k) ? 'integer' : BIGINT_KEYS.has(k) ? 'bigint' : 'text', (c) => c.notNull());
  for (const m of def.exact) t = t.addColumn(m, 'bigint', (c) => c.notNull());
  for (const m of def.approx) t = t.addColumn(m, 'double precision', (c) => c.notNull());
  await t.addPrimaryKeyConstraint(`${def.table}_pk`, [...def.keys] as never).execute();
  for (const cols of EXTRA_INDEXES[def.table] ?? []) {
    await db.schema.createIndex(`${def.table}_${cols.join('_')}`).on(def.table).columns(cols).execute();
  }
  const columns = [...def.keys, ...measuresOf(def)].join(', ');
  await sql.raw(`insert into ${def.table} (${columns}) ${recomputeSql(def)}`).execute(db);
}
