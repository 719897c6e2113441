// Prepares the generated dataset a run needs, or reuses the one made before for the same N and
// seed: a SQLite file under bench/.cache, or a PostgreSQL database named after N and seed.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import pg from 'pg';

export interface Dataset {
  databaseUrl: string;
  reused: boolean;
  /** Seed + load time in seconds, when this run made the dataset. */
  loadSeconds: number | null;
  declarationsPerSecond: number | null;
}

const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function cli(args: string[], env: Record<string, string>): { ok: boolean; output: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ok: r.status === 0, output: `${r.stdout}\n${r.stderr}` };
}

async function pgDatabaseExists(name: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_BASE });
  await c.connect();
  try {
    const r = await c.query('select 1 from pg_database where datname = $1', [name]);
    return r.rowCount === 1;
  } finally {
    await c.end();
  }
}

async function pgCreate(name: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_BASE });
  await c.connect();
  try {
    await c.query(`drop database if exists ${name}`);
    await c.query(`create database ${name}`);
  } finally {
    await c.end();
  }
}

export async function prepareDataset(store: 'sqlite' | 'postgres', declarations: number, seed: number): Promise<Dataset> {
  let databaseUrl: string;
  let marker: string;
  if (store === 'sqlite') {
    const dir = path.resolve('bench/.cache');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `sqlite-${declarations}-${seed}.sqlite`);
    marker = `${file}.done`;
    databaseUrl = `sqlite:${file}`;
    if (fs.existsSync(marker)) return { databaseUrl, reused: true, loadSeconds: null, declarationsPerSecond: null };
    for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  } else {
    const name = `tradeapi_bench_${declarations}_${seed}`;
    databaseUrl = PG_BASE.replace(/\/[^/]*$/, `/${name}`);
    marker = path.resolve(`bench/.cache/${name}.done`);
    fs.mkdirSync(path.dirname(marker), { recursive: true });
    if (fs.existsSync(marker) && (await pgDatabaseExists(name))) return { databaseUrl, reused: true, loadSeconds: null, declarationsPerSecond: null };
    await pgCreate(name);
  }
  console.log(`bench: generating ${declarations} declarations (seed ${seed}) into ${store}…`);
  const t = performance.now();
  const r = cli(['seed', '--declarations', String(declarations), '--seed', String(seed)], { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
  const seconds = (performance.now() - t) / 1000;
  if (!r.ok) throw new Error(`seeding failed:\n${r.output.slice(-4000)}`);
  fs.writeFileSync(marker, new Date().toISOString());
  console.log(`bench: dataset ready in ${seconds.toFixed(1)} s (${Math.round(declarations / seconds)} declarations/s)`);
  return { databaseUrl, reused: false, loadSeconds: seconds, declarationsPerSecond: declarations / seconds };
}

/** A key with every scope, created straight in the store (the CLI prints it once). */
export function createBenchKey(databaseUrl: string): { api_key: string; api_secret: string } {
  const r = cli(['keys', 'create', '--name', 'bench', '--scopes', 'trade:read,companies:read,contacts:read,shipments:read,shipments:write,webhooks:write,data:write,admin', '--rate-limit', '10000000'], { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
  const line = r.output.split('\n').find((l) => l.startsWith('{'));
  if (!r.ok || !line) throw new Error(`could not create a bench key:\n${r.output}`);
  const key = JSON.parse(line) as { api_key: string; api_secret: string };
  return { api_key: key.api_key, api_secret: key.api_secret };
}
