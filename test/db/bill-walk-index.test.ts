// Migration 046 (SQLite): a bills list that walks the flow + date order tests its gateway filters on
// the index it walks, so only the page's bills are read from the table. The walk's statement is
// taken as listBills sends it, with every gateway filter, and each column its conditions name must
// be in the index it walks.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { openStore, type Store } from '../../src/db/connect.js';
import { migrate } from '../../src/db/migrate.js';
import { listBills, parseBillFilter } from '../../src/features/flows/bills-of-lading.js';
import { up } from '../../src/db/migrations/046-bill-walk-index.js';
import { restoreDeferredIndexes } from '../../src/ingest/bulk-indexes.js';

describe('the bills walk index (migration 046, SQLite)', () => {
  let dir: string;
  let store: Store;
  const statements: string[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradeapi-walk-'));
    store = await openStore(`sqlite:${path.join(dir, 'store.sqlite')}`, { slowQueryMs: 1e-9, onSlowQuery: (_ms, s) => statements.push(s) });
    await migrate(store);
  });
  afterAll(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const indexes = () => (store.sqlite!.prepare(`select name from sqlite_master where type = 'index' and tbl_name = 'bills_of_lading'`).all() as { name: string }[]).map((r) => r.name);

  it('replaces the flow + date index', () => {
    expect(indexes()).toContain('bills_of_lading_walk');
    expect(indexes()).not.toContain('bills_of_lading_flow_date');
  });

  it('holds every column a walk\'s gateway filters name', async () => {
    const f = parseBillFilter({ from: '2024-01', to: '2024-06', port: 'TRMER', country: 'DE', carrier: 'MAEU', vessel: 'Ever Ace', company_id: 7 }, 'import');
    statements.length = 0;
    // No gateway set is read on its own (gatewayFew below any count, nothing intersected): the list walks.
    await listBills(store, f, ['2024-05-01', 'BL9'], 20, undefined, -1, null);
    const walk = statements.find((s) => /^select b\.\* from bills_of_lading b /.test(s));
    expect(walk).toBeDefined();
    const named = new Set([...walk!.matchAll(/"b"\."(\w+)"|\bb\.(\w+)/g)].map((m) => m[1] ?? m[2]).filter((c) => c !== '*'));
    expect(named).toEqual(new Set(['flow', 'issued_at', 'bl_number', 'port_of_loading', 'port_of_discharge', 'carrier_scac', 'vessel', 'shipper_company_id', 'consignee_company_id']));
    const columns = new Set((store.sqlite!.prepare(`select name from pragma_index_info('bills_of_lading_walk')`).all() as { name: string }[]).map((r) => r.name));
    for (const c of named) expect(columns, c).toContain(c);
  });

  it('walks that index for a filter no other index serves', async () => {
    statements.length = 0;
    await listBills(store, parseBillFilter({ from: '2024-01', to: '2024-06', vessel: 'Ever Ace' }, 'export'), null, 20);
    const walk = statements.find((s) => /^select b\.\* from bills_of_lading b /.test(s));
    expect(walk).toBeDefined();
    // The log holds the statement without its values; any values give its plan.
    const params = (walk!.match(/\?/g) ?? []).map(() => 'x');
    const plan = (store.sqlite!.prepare(`explain query plan ${walk}`).all(...params) as { detail: string }[]).map((r) => r.detail).join('\n');
    expect(plan).toMatch(/USING INDEX bills_of_lading_walk \(flow=\? AND issued_at>\? AND issued_at<\?\)/);
  });

  it('keeps a killed load from building the old index again', async () => {
    const pending = [
      { table: 'bills_of_lading', name: 'bills_of_lading_flow_date', sql: 'create index bills_of_lading_flow_date on bills_of_lading (flow, issued_at, bl_number)' },
      { table: 'bills_of_lading', name: 'bills_of_lading_probe', sql: 'create index bills_of_lading_probe on bills_of_lading (voyage)' },
    ];
    await sql`insert into settings (key, value) values ('load.deferred_indexes', ${JSON.stringify(pending)})`.execute(store.db);
    await up(store.db as unknown as Kysely<unknown>, 'sqlite');
    restoreDeferredIndexes(store);
    expect(indexes()).not.toContain('bills_of_lading_flow_date');
    expect(indexes()).toContain('bills_of_lading_probe');
    expect(indexes()).toContain('bills_of_lading_walk');
  });
});
