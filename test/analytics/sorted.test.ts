// The sorted copies of the rollups: the company sides (each company rollup row once per side,
// sorted by that side's company) and the line rollups sorted by product. Filled in order, appended
// to by batches, sorted again range by range with every sum kept; read by the planner for a
// company's or a product's questions, and checked by verify against their rollups.
import { it, expect, describe, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '../../src/analytics/engine.js';
import { CODES_BY_GATEWAY, COMPANY_BY_GATEWAY, COMPANY_BY_HS, COMPANY_ROLLUP, COMPANY_SIDES, ITEMS_BY_GATEWAY, PAIR_PRODUCTS_BY_PAIR, rollupColumns, schemaStatements } from '../../src/analytics/schema.js';
import { appendSorted, fillSorted, insertSorted, needsSorting, sortAgain } from '../../src/analytics/sorted.js';
import { outOfOrder } from '../helpers/row-order.js';

const SIDES_TABLE = COMPANY_SIDES.table;
import { analyticsOf } from '../../src/analytics/registry.js';
import { verifyAnalytics } from '../../src/analytics/verify.js';
import { openStore } from '../../src/db/connect.js';
import { migrate } from '../../src/db/migrate.js';
import { writeBatch } from '../../src/ingest/writer.js';
import { sql } from 'kysely';
import { aggregate, companiesMatching } from '../../src/features/shared/aggregate.js';
import { parseFilters } from '../../src/features/shared/filters.js';
import { makeDeclarations } from '../ingest/fixtures.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sides-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// Company rollup rows spread over 97 traders and 53 partners (every fifth without one), months and flows.
const rollupRows = (n: number, from = 0) => `select case when i % 2 = 0 then 'export' else 'import' end as flow, 202401 + (i % 12) as period,
  1 + (i * 7919) % 97 as company_id, case when i % 5 = 0 then 0 else 1000 + (i * 104729) % 53 end as partner_company_id,
  'DE' as partner_country, lpad(((i * 31) % 9973)::VARCHAR, 6, '0') as hs6, 'P' || (i % 3) as port, 'O' || ((i * 13) % 7) as customs_office, '1' as transport_mode, 'FOB' as incoterm, 1 as records, 1 as records_decl, i as value_usd_cents
  from range(${from}, ${from + n}) t(i)`;
const ROLLUP_COLS = 'flow, period, company_id, partner_company_id, partner_country, hs6, port, customs_office, transport_mode, incoterm, records, records_decl, value_usd_cents';

/** Per side and company: rows, value; from the sides table and as the company rollup says. */
async function perSide(e: Engine) {
  const have = await e.query(`select as_partner, party_id, sum(value_usd_cents)::BIGINT as v, sum(records)::BIGINT as r from ${SIDES_TABLE} group by all order by all`);
  const want = await e.query(`select 0 as as_partner, company_id as party_id, sum(value_usd_cents)::BIGINT as v, sum(records)::BIGINT as r from ${COMPANY_ROLLUP.table} group by all
    union all select 1, partner_company_id, sum(value_usd_cents)::BIGINT, sum(records)::BIGINT from ${COMPANY_ROLLUP.table} where partner_company_id <> 0 group by all order by all`);
  return { have, want };
}

/** Per product: value and records, from the copy sorted by product and from the company rollup. */
async function perProduct(e: Engine) {
  const q = (t: string) => e.query(`select hs6, sum(value_usd_cents)::BIGINT as v, sum(records)::BIGINT as r from ${t} group by all order by all`);
  return { have: await q(COMPANY_BY_HS.table), want: await q(COMPANY_ROLLUP.table) };
}

/** Per office, port and month: value and records, from the copy sorted by gateway and from the company rollup. */
async function perGateway(e: Engine) {
  const q = (t: string) => e.query(`select customs_office, port, period, sum(value_usd_cents)::BIGINT as v, sum(records)::BIGINT as r from ${t} group by all order by all`);
  return { have: await q(COMPANY_BY_GATEWAY.table), want: await q(COMPANY_ROLLUP.table) };
}

/** The copies hold the company rollup's sums; sorted, or out of order and due a sort. */
async function expectCopies(e: Engine, sorted: boolean): Promise<void> {
  const copies = [[COMPANY_SIDES, perSide, 'party_id'], [COMPANY_BY_HS, perProduct, 'hs6'], [COMPANY_BY_GATEWAY, perGateway, 'customs_office']] as const;
  for (const [c, sums, key] of copies) {
    const { have, want } = await sums(e);
    expect(have, c.table).toEqual(want);
    const disorder = await outOfOrder(e, c.table, key);
    if (sorted) expect(disorder, c.table).toBe(0);
    else expect(disorder, c.table).toBeGreaterThan(0);
    expect(await needsSorting(e, c), c.table).toBe(!sorted);
  }
}

describe('sorted copies', () => {
  it('are filled in company order, appended to by batches, and sorted again range by range with every sum kept', async () => {
    const e = await Engine.open({ path: ':memory:', memoryLimitMb: 256, threads: 1, readers: 1 });
    try {
      for (const s of schemaStatements()) await e.exec(s);
      await e.exec(`insert into ${COMPANY_ROLLUP.table} (${ROLLUP_COLS}) ${rollupRows(2_000)}`);
      // A row without a code: kept by the first range, not lost between ranges.
      await e.exec(`insert into ${COMPANY_ROLLUP.table} (${ROLLUP_COLS}) select * replace (null as hs6) from (${rollupRows(1, 7)})`);
      // Ranges of about 500 rows: several sorts, each appended after the one before.
      await fillSorted(e, COMPANY_SIDES, 500);
      await fillSorted(e, COMPANY_BY_HS, 500);
      await fillSorted(e, COMPANY_BY_GATEWAY, 500);
      await expectCopies(e, true);
      // Within an office, by port and then month.
      expect(await outOfOrder(e, COMPANY_BY_GATEWAY.table, "customs_office || '|' || port || '|' || period")).toBe(0);
      expect(Number((await e.query(`select count(*) as n from ${SIDES_TABLE}`))[0]!.n)).toBe(2_001 + 1_601);

      // A batch's rows, as the appender path gets them (arrays in the rollup's column order): out of order at the end.
      const cols = rollupColumns(COMPANY_ROLLUP).map((c) => c.name);
      const batch = await e.query(`${rollupRows(300, 0)}`);
      await e.write(async (w) => {
        await appendSorted(w, COMPANY_ROLLUP, batch.map((r) => cols.map((c) => r[c] ?? null)));
        await w.run(`insert into ${COMPANY_ROLLUP.table} (${ROLLUP_COLS}) ${rollupRows(300, 0)}`);
      });
      // A bigger one through SQL: past both thresholds (200,000 rows, a tenth of the table).
      await e.write(async (w) => {
        await w.run(`create temp table delta as select * from ${COMPANY_ROLLUP.table} limit 0`);
        await w.run(`insert into delta (${ROLLUP_COLS}) ${rollupRows(210_000, 10_000)}`);
        await insertSorted(w, COMPANY_ROLLUP, 'delta');
        await w.run(`insert into ${COMPANY_ROLLUP.table} select * from delta`);
        await w.run('drop table delta');
      });
      await expectCopies(e, false);

      const before = Number((await e.query(`select count(*) as n from ${SIDES_TABLE}`))[0]!.n);
      await sortAgain(e, COMPANY_SIDES, 50_000);
      await sortAgain(e, COMPANY_BY_HS, 50_000);
      await sortAgain(e, COMPANY_BY_GATEWAY, 50_000);
      await expectCopies(e, true);
      expect(await outOfOrder(e, COMPANY_BY_GATEWAY.table, "customs_office || '|' || port || '|' || period")).toBe(0);
      // Rows sharing every key were summed into one.
      const after = Number((await e.query(`select count(*) as n from ${SIDES_TABLE}`))[0]!.n);
      expect(after).toBeLessThan(before);
      const dupes = await e.query(`select count(*) - count(distinct (party_id, as_partner, ${COMPANY_ROLLUP.keys.join(', ')})) as n from ${SIDES_TABLE}`);
      expect(Number(dupes[0]!.n)).toBe(0);
    } finally {
      await e.close();
    }
  });

  it('answer a company question, and verify finds a side that differs from the company rollup', async () => {
    const store = await openStore(`sqlite:${path.join(dir, 'rows.sqlite')}`, { analytics: { path: path.join(dir, 'a.duckdb'), loadWholeFrom: 10, waitMs: 60_000 } });
    try {
      await migrate(store);
      await writeBatch(store, makeDeclarations(60, 0, 'S'), { batchKey: 's1', source: 'test' });
      const analytics = await analyticsOf(store.db);
      expect((await verifyAnalytics(store.db, analytics)).every((c) => c.differences === 0)).toBe(true);
      const [row] = await analytics.query(`select party_id, as_partner from ${SIDES_TABLE} where as_partner = 1 limit 1`);
      const company = Number(row!.party_id);
      const spec = { filters: { ...parseFilters({}), companyId: company }, groupBy: [], metrics: ['value_usd' as const, 'records' as const] };
      const before = await aggregate(store.db, spec);
      expect(before.source).toBe(COMPANY_ROLLUP.table);
      const raw = await analytics.query('select sum(value_usd_cents) as v from declarations where company_id = ? or partner_company_id = ?', [company, company]);
      expect(Math.round(Number(before.totals.value_usd) * 100)).toBe(Number(raw[0]!.v));

      // A name shared by a trader and its partner: `q` names both (two ids, read from the sides), and
      // their declarations with each other are counted once.
      const [pair] = await analytics.query('select company_id, partner_company_id from declarations where partner_company_id is not null limit 1');
      const both = [Number(pair!.company_id), Number(pair!.partner_company_id)];
      await sql`update companies set name = 'Zyxwq Ortak', name_folded = 'zyxwq ortak' where id in (${sql.join(both)})`.execute(store.db);
      expect((await companiesMatching(store.db, 'zyxwq')).ids).toEqual([...both].sort((a, b) => a - b));
      const named = await aggregate(store.db, { filters: { ...parseFilters({}), q: 'zyxwq' }, groupBy: [], metrics: ['value_usd', 'records'] });
      const pairRaw = await analytics.query('select sum(value_usd_cents) as v, count(*) as n from declarations where company_id in (?, ?) or partner_company_id in (?, ?)', [...both, ...both]);
      expect(Math.round(Number(named.totals.value_usd) * 100)).toBe(Number(pairRaw[0]!.v));
      expect(named.totals.records).toBe(Number(pairRaw[0]!.n));

      // One cent more on that company's partner side: the answer follows it (the sides answer), and verify says where.
      await analytics.execute(`update ${SIDES_TABLE} set value_usd_cents = value_usd_cents + 1 where rowid = (select min(rowid) from ${SIDES_TABLE} where party_id = ${company} and as_partner = 1)`);
      const after = await aggregate(store.db, spec);
      expect(Math.round(Number(after.totals.value_usd) * 100)).toBe(Number(raw[0]!.v) + 1);
      const sides = (await verifyAnalytics(store.db, analytics)).find((c) => c.table === SIDES_TABLE)!;
      expect(sides.differences).toBe(1);
      expect(sides.examples[0]).toContain(`|${company}|`);
    } finally {
      await store.close();
    }
  });
  it('answer a customs office or port question from the copies sorted by gateway, which a file without them gets when it opens', async () => {
    const url = `sqlite:${path.join(dir, 'gateways.sqlite')}`;
    const analyticsPath = path.join(dir, 'gateways.duckdb');
    let store = await openStore(url, { analytics: { path: analyticsPath, loadWholeFrom: 10, waitMs: 60_000 } });
    try {
      await migrate(store);
      await writeBatch(store, makeDeclarations(80, 0, 'G'), { batchKey: 'g1', source: 'test' });
      let analytics = await analyticsOf(store.db);
      const [row] = await analytics.query(`select port, customs_office from ${COMPANY_BY_GATEWAY.table} limit 1`);
      const port = String(row!.port);
      const office = String(row!.customs_office);
      const byCompany = { filters: { ...parseFilters({ port }) }, groupBy: ['company' as const], metrics: ['value_usd' as const, 'records' as const] };
      const byProduct = { filters: { ...parseFilters({ customs_office: office }) }, groupBy: ['hs' as const], metrics: ['value_usd' as const] };
      // Products past six digits at the port: the codes' sums, from their copy by gateway.
      const byCode = { filters: { ...parseFilters({ port }) }, groupBy: ['hs' as const], hsLevel: 8, metrics: ['value_usd' as const] };
      const total = (r: Awaited<ReturnType<typeof aggregate>>) => Math.round(Number(r.totals.value_usd) * 100);
      const before = [await aggregate(store.db, byCompany), await aggregate(store.db, byProduct), await aggregate(store.db, byCode)];
      expect(before.map((r) => r.source)).toEqual([COMPANY_ROLLUP.table, ITEMS_BY_GATEWAY.source.table, CODES_BY_GATEWAY.source.table]);
      expect(total(before[2]!)).toBe(total(before[0]!));
      const raw = await analytics.query('select sum(value_usd_cents) as v from declarations where port = ?', [port]);
      expect(total(before[0]!)).toBe(Number(raw[0]!.v));

      // A cent more in each copy: the gateway questions follow it, one without a gateway does not, and verify says where.
      for (const c of [COMPANY_BY_GATEWAY, ITEMS_BY_GATEWAY, CODES_BY_GATEWAY]) {
        await analytics.execute(`update ${c.table} set value_usd_cents = value_usd_cents + 1 where rowid = (select min(rowid) from ${c.table} where port = '${port}' and customs_office = '${office}')`);
      }
      expect(total(await aggregate(store.db, byCompany))).toBe(total(before[0]!) + 1);
      expect(total(await aggregate(store.db, byProduct))).toBe(total(before[1]!) + 1);
      expect(total(await aggregate(store.db, byCode))).toBe(total(before[2]!) + 1);
      // A word every company's name holds: too many companies for the sides, so the copy by gateway is read with them as a set.
      await sql`update companies set name = name || ' Qqmany', name_folded = name_folded || ' qqmany'`.execute(store.db);
      const everyone = await aggregate(store.db, { ...byCompany, filters: { ...byCompany.filters, q: 'qqmany' } });
      expect((await companiesMatching(store.db, 'qqmany')).ids.length).toBeGreaterThan(16);
      expect(total(everyone)).toBe(total(before[0]!) + 1);
      const plain = { filters: parseFilters({}), groupBy: ['company' as const], metrics: ['value_usd' as const, 'records' as const] };
      const all = await analytics.query('select sum(value_usd_cents) as v from declarations');
      expect(total(await aggregate(store.db, plain))).toBe(Number(all[0]!.v));
      const checks = await verifyAnalytics(store.db, analytics);
      expect(checks.filter((c) => c.differences > 0).map((c) => c.table).sort()).toEqual([COMPANY_BY_GATEWAY.table, ITEMS_BY_GATEWAY.table, CODES_BY_GATEWAY.table].sort());

      // A file of this layout made before the copies existed: they are filled from their rollups on opening.
      for (const c of [COMPANY_BY_GATEWAY, ITEMS_BY_GATEWAY, CODES_BY_GATEWAY]) await analytics.execute(`drop table ${c.table}`);
      await store.close();
      store = await openStore(url, { analytics: { path: analyticsPath, loadWholeFrom: 10, waitMs: 60_000 } });
      analytics = await analyticsOf(store.db);
      const after = await verifyAnalytics(store.db, analytics);
      expect(after.filter((c) => c.differences > 0)).toEqual([]);
      for (const c of [COMPANY_BY_GATEWAY, ITEMS_BY_GATEWAY, CODES_BY_GATEWAY]) expect(after.find((x) => x.table === c.table)!.rows).toBeGreaterThan(0);
      expect(total(await aggregate(store.db, byCompany))).toBe(Number(raw[0]!.v));

      // A fill the process did not finish (it commits a range or a month at a time) leaves its mark:
      // the next open empties the table and fills it again; an open after that fills nothing.
      const unfinished = [COMPANY_BY_GATEWAY.table, 'agg_pair_products_monthly'];
      for (const t of unfinished) {
        await analytics.execute(`delete from ${t} where rowid % 2 = 0`);
        await analytics.execute(`insert or replace into analytic_meta values ('filling:${t}', 'x')`);
      }
      // The copy of the pairs' products by pair differs from its half-emptied source too.
      expect((await verifyAnalytics(store.db, analytics)).filter((c) => c.differences > 0).map((c) => c.table).sort()).toEqual([...unfinished, PAIR_PRODUCTS_BY_PAIR.table].sort());
      await store.close();
      const logged: string[] = [];
      const reopen = () => openStore(url, { analytics: { path: analyticsPath, loadWholeFrom: 10, waitMs: 60_000, log: (m) => logged.push(m) } });
      store = await reopen();
      analytics = await analyticsOf(store.db);
      expect(logged.filter((m) => m.startsWith('filling ')).map((m) => m.split(' ')[1]!.replace(/,$/, '')).sort()).toEqual([...unfinished].sort());
      expect((await verifyAnalytics(store.db, analytics)).filter((c) => c.differences > 0)).toEqual([]);
      expect(await analytics.query("select key from analytic_meta where key like 'filling:%'")).toEqual([]);
      await store.close();
      logged.length = 0;
      store = await reopen();
      analytics = await analyticsOf(store.db);
      expect(logged.filter((m) => m.startsWith('filling '))).toEqual([]);
      // A row without a port, in the rollup and its copy alike: no difference (keys compared null-safe).
      const one = `select * replace (null as port) from ${COMPANY_ROLLUP.table} order by all limit 1`;
      await analytics.execute(`insert into ${COMPANY_BY_GATEWAY.table} ${one}`);
      await analytics.execute(`insert into ${COMPANY_ROLLUP.table} ${one}`);
      const nulls = (await verifyAnalytics(store.db, analytics)).find((x) => x.table === COMPANY_BY_GATEWAY.table)!;
      expect(nulls.differences).toBe(0);
    } finally {
      await store.close();
    }
  });
});
