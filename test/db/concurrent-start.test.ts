// Several independent server processes on one store, started at the same moment (each with its own
// analytic file): every one must come up and serve, none may exit, and a first start's demo data
// and demo key are made once, whole. SQLite always; PostgreSQL when TEST_DATABASE_URL is set.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import { dropSchema } from '../../src/db/connect.js';

const PROCESSES = 4;
const DECLARATIONS = 2000;

interface Server {
  child: ChildProcess;
  output(): string;
  /** The port once it serves; rejects with its output if it exits or does not serve within three minutes (four processes starting on a slow, busy machine). */
  port: Promise<number>;
  exited: Promise<number | null>;
}

function startServer(dir: string, databaseUrl: string, index: number, env: Record<string, string> = {}): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      ANALYTICS_PATH: path.join(dir, `analytics-${index}.duckdb`),
      DATA_DIR: dir,
      PORT: '0',
      SEED_DECLARATIONS: String(DECLARATIONS),
      DEMO_KEY: 'true',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`process ${index} did not serve within 180 s:\n${out}`)), 180_000);
    const look = () => {
      const m = /serving on http:\/\/[\d.]+:(\d+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      resolve(Number(m[1]));
    };
    child.stdout!.on('data', look);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`process ${index} exited (${code}) at start:\n${out}`));
    });
  });
  port.catch(() => undefined);
  return { child, output: () => out, port, exited };
}

/** Starts them all at once; every one must serve and answer its health check. */
async function startAll(dir: string, databaseUrl: string, env?: Record<string, string>): Promise<Server[]> {
  const servers = Array.from({ length: PROCESSES }, (_, i) => startServer(dir, databaseUrl, i, env));
  const outcome = await Promise.allSettled(servers.map((s) => s.port));
  const failed = outcome.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []));
  if (failed.length) {
    await stopAll(servers);
    expect.fail(`${failed.length} of ${PROCESSES} processes did not start:\n${failed.join('\n\n')}`);
  }
  for (const s of servers) {
    const res = await fetch(`http://127.0.0.1:${await s.port}/v1/health`);
    expect(res.status, s.output()).toBe(200);
  }
  return servers;
}

async function stopAll(servers: Server[]): Promise<(number | null)[]> {
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGTERM');
  return Promise.all(servers.map((s) => s.exited));
}

const seeded = (servers: Server[]) => servers.filter((s) => s.output().includes('generating the demo dataset')).length;
const demoKeys = (servers: Server[]) => servers.filter((s) => s.output().includes('demo key created')).length;

describe('several processes starting at once on one SQLite file', () => {
  let dir = '';
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradeapi-concurrent-start-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const count = (file: string, table: string) => {
    const db = new Database(file, { readonly: true });
    try {
      return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    } finally {
      db.close();
    }
  };

  it('a fresh file: all serve, the demo data and key are made once', async () => {
    const file = path.join(dir, 'fresh.sqlite');
    const servers = await startAll(dir, `sqlite:${file}`);
    expect(await stopAll(servers)).toEqual(servers.map(() => 0));
    expect(seeded(servers)).toBe(1);
    expect(demoKeys(servers)).toBe(1);
    expect(count(file, 'declarations')).toBe(DECLARATIONS);
    expect(count(file, 'api_keys')).toBe(1);
  }, 420_000);

  // Another process holds the write lock longer than the busy timeout (5 s) while they start: a
  // load's batch on a large store, or another process's first ANALYZE of a large file. Here the
  // test itself, from before the servers are spawned until well after they have opened the file.
  function holdWriteLock(file: string, ms: number): () => Promise<void> {
    const db = new Database(file);
    db.exec('begin immediate');
    const released = new Promise<void>((resolve) =>
      setTimeout(() => {
        db.exec('commit');
        db.close();
        resolve();
      }, ms),
    );
    return () => released;
  }

  it('a seeded file while another process holds the write lock for 12 s: all serve, one demo key', async () => {
    const file = path.join(dir, 'seeded.sqlite');
    const seed = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'seed', '--declarations', '500'], {
      env: { ...process.env, DATABASE_URL: `sqlite:${file}`, ANALYTICS_PATH: path.join(dir, 'seed.duckdb'), LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    expect(await new Promise((resolve) => seed.once('exit', resolve))).toBe(0);
    const released = holdWriteLock(file, 12_000);
    const servers = await startAll(dir, `sqlite:${file}`).finally(released);
    expect(await stopAll(servers)).toEqual(servers.map(() => 0));
    expect(seeded(servers)).toBe(0);
    expect(demoKeys(servers)).toBe(1);
    expect(count(file, 'declarations')).toBe(500);
    expect(count(file, 'api_keys')).toBe(1);
  }, 420_000);
});

const pgUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!pgUrl)('several processes starting at once on one PostgreSQL schema', () => {
  const schema = `cs_${randomBytes(5).toString('hex')}`;
  let dir = '';
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradeapi-concurrent-start-pg-'));
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
  });
  afterAll(async () => {
    await dropSchema(pgUrl!, schema);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('an empty schema: all serve, the demo data and key are made once', async () => {
    // Spaces as %20: URLSearchParams would write "+", which the driver passes through literally.
    const url = `${pgUrl}${pgUrl!.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`;
    const servers = await startAll(dir, url);
    expect(await stopAll(servers)).toEqual(servers.map(() => 0));
    expect(seeded(servers)).toBe(1);
    expect(demoKeys(servers)).toBe(1);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      expect(Number((await client.query('select count(*) as n from declarations')).rows[0].n)).toBe(DECLARATIONS);
      expect(Number((await client.query('select count(*) as n from api_keys')).rows[0].n)).toBe(1);
    } finally {
      await client.end();
    }
  }, 420_000);
});
