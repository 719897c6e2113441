// A loader killed with SIGKILL mid-file leaves only whole batches; running the file again
// completes it, and the result equals a clean run.
import { it, expect, beforeAll, afterAll } from 'vitest';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openStore, dropSchema, type Store } from '../../src/db/connect.js';
import { migrate } from '../../src/db/migrate.js';
import { ingestFile } from '../../src/ingest/file.js';
import { verifyRollups } from '../../src/analytics/verify.js';
import { storeTargets } from '../helpers/stores.js';
import { makeDeclarations } from './fixtures.js';
import { describe } from 'vitest';

const DECLARATIONS = 12_000;
const BATCH = 500;
let dir = '';
let file = '';

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-kill-'));
  file = path.join(dir, 'decl.ndjson');
  const lines: string[] = [];
  for (const d of makeDeclarations(DECLARATIONS, 0, 'K')) lines.push(JSON.stringify(d));
  lines.splice(777, 0, '{broken'); // one rejected row, so rejections survive the kill too
  fs.writeFileSync(file, lines.join('\n') + '\n');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function runCli(databaseUrl: string, args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: process.cwd(),
    // Each run's analytic file in the run's own folder (a PostgreSQL store's would default to DATA_DIR).
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...(databaseUrl.startsWith('postgres') ? { ANALYTICS_PATH: path.join(dir, 'pg-analytics.duckdb') } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (out += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}

async function totals(store: Store) {
  const d = await store.db
    .selectFrom('declarations')
    .select([sql<number>`count(*)`.as('n'), sql<number>`sum(value_usd_cents)`.as('cents'), sql<number>`sum(items_count)`.as('items')])
    .executeTakeFirstOrThrow();
  const items = await store.db.selectFrom('declaration_items').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const companies = await store.db.selectFrom('companies').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return {
    declarations: Number(d.n), cents: Number(d.cents), itemsCount: Number(d.items), items: Number(items.n), companies: Number(companies.n),
  };
}

for (const target of storeTargets()) {
  describe(`kill -9 mid-ingest [${target.engine}]`, () => {
    const schemas: string[] = [];
    const open = async (name: string): Promise<{ store: Store; url: string }> => {
      if (target.engine === 'sqlite') {
        const url = `sqlite:${path.join(dir, `${name}.sqlite`)}`;
        // The analytic store of this process in memory: the file beside the SQLite file is the CLI's.
        const store = await openStore(url, { analytics: { path: ':memory:' } });
        await migrate(store);
        return { store, url };
      }
      const schema = `k_${randomBytes(5).toString('hex')}`;
      schemas.push(schema);
      const store = await openStore(target.url, { schema, poolSize: 2 });
      await migrate(store);
      // Spaces as %20: URLSearchParams would write "+", which the driver passes through literally.
      const url = `${target.url}${target.url.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`;
      return { store, url };
    };
    afterAll(async () => {
      for (const s of schemas) await dropSchema(target.url, s);
    });

    it('leaves whole batches only, and a re-run ends with the totals of a clean run', async () => {
      const clean = await open('clean');
      await ingestFile(clean.store, file, { format: 'ndjson', batchSize: BATCH });
      const expected = await totals(clean.store);
      expect(expected.declarations).toBe(DECLARATIONS);
      await clean.store.close();
      // Kysely's migrator looks for its lock table in every schema: drop this one before the next migrate.
      if (schemas.length) await dropSchema(target.url, schemas.pop()!);

      const victim = await open('victim');
      const args = ['ingest', 'declarations', file, '--batch-size', String(BATCH), '--report', path.join(dir, `report-${target.engine}.jsonl`)];
      // Killed while parsing on a second thread; the re-run parses on one thread and must find the same batches.
      const first = runCli(victim.url, [...args, '--parse-thread', 'yes']);
      // Wait until a few batches are committed, then kill without warning.
      const deadline = Date.now() + 90_000;
      let committed = 0;
      while (Date.now() < deadline) {
        const row = await victim.store.db.selectFrom('ingest_batches').select(sql<number>`count(*)`.as('n')).where('status', '=', 'done').executeTakeFirstOrThrow();
        committed = Number(row.n);
        if (committed >= 3) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      first.child.kill('SIGKILL');
      await first.exited;
      expect(committed, first.output()).toBeGreaterThanOrEqual(3);

      const partial = await totals(victim.store);
      expect(partial.declarations).toBeLessThan(DECLARATIONS);
      // Only whole batches: every stored declaration belongs to a finished batch, and the rollups agree.
      const batches = await victim.store.db.selectFrom('ingest_batches').select([sql<number>`sum(rows_stored)`.as('n')]).where('status', '=', 'done').executeTakeFirstOrThrow();
      expect(Number(batches.n)).toBe(partial.declarations);
      expect((await verifyRollups(victim.store)).ok).toBe(true);

      const second = runCli(victim.url, [...args, '--parse-thread', 'no']);
      const code = await second.exited;
      expect(code, second.output()).toBe(0);
      expect(second.output()).toMatch(/already loaded/);
      expect(await totals(victim.store)).toEqual(expected);
      expect((await verifyRollups(victim.store)).ok).toBe(true);
      const report = fs.readFileSync(path.join(dir, `report-${target.engine}.jsonl`), 'utf8').trim().split('\n');
      expect(report).toHaveLength(1);
      expect(JSON.parse(report[0]!)).toMatchObject({ line: 778, field: '(line)' });

      const verify = runCli(victim.url, ['verify']);
      expect(await verify.exited, verify.output()).toBe(0);
      await victim.store.close();
    }, 400_000);
  });
}
