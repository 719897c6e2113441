// PostgreSQL bulk writes through COPY (pg-copy-streams): the rows go to the server as one CSV
// stream instead of multi-row INSERTs of at most 1,000 rows each, whose parameters the server
// parses and plans statement by statement. A plain insert is copied straight into its table; an
// insert with a suffix (ON CONFLICT …, RETURNING …) is copied into a temporary staging table of
// the same columns and moved with one `INSERT … SELECT … <suffix>`, so duplicates are skipped and
// conflicting rows updated exactly as before. Everything runs on the connection of the caller's
// transaction, so it commits or rolls back with the batch.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type Kysely } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';
import type { PoolClient } from 'pg';
import type { DB } from '../db/schema.js';
import type { Store } from '../db/connect.js';

export type CopyValue = string | number | null;

/** Rows by index: `fill(i, out)` writes row i's cells in column order. */
export interface CopySource {
  count: number;
  fill(i: number, out: CopyValue[]): void;
}

// Below this many rows a multi-row INSERT costs less than setting up a COPY.
export const COPY_MIN_ROWS = 100;

// The connection under each transaction, found once per transaction.
const clients = new WeakMap<Kysely<DB>, PoolClient>();
// Staging tables made in each transaction (dropped at its commit).
const staged = new WeakMap<Kysely<DB>, Set<string>>();

/** The pooled connection running `trx`; null outside a transaction (a staging table would not outlive the statement). */
export async function copyClient(trx: Kysely<DB>, store: Pick<Store, 'pgClient'>): Promise<PoolClient | null> {
  if (!trx.isTransaction || !store.pgClient) return null;
  const known = clients.get(trx);
  if (known) return known;
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
  const client = store.pgClient(Number(rows[0]!.pid));
  if (client) clients.set(trx, client);
  return client ?? null;
}

/** One CSV cell: NULL is an empty unquoted field, text is always quoted (so '' stays an empty string). */
function cell(v: CopyValue | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  return `"${v.includes('"') ? v.replaceAll('"', '""') : v}"`;
}

function* csv(rows: CopySource, width: number): Generator<string> {
  const out: CopyValue[] = new Array(width);
  const lines: string[] = [];
  for (let i = 0; i < rows.count; i++) {
    out.fill(null);
    rows.fill(i, out);
    let line = cell(out[0]);
    for (let c = 1; c < width; c++) line += ',' + cell(out[c]);
    lines.push(line);
    // Chunks of some hundred kilobytes: few stream writes, little held at once.
    if (lines.length === 1000) {
      yield lines.join('\n') + '\n';
      lines.length = 0;
    }
  }
  if (lines.length) yield lines.join('\n') + '\n';
}

async function copyInto(client: PoolClient, table: string, columns: readonly string[], rows: CopySource): Promise<void> {
  const stream = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin with (format csv)`));
  await pipeline(Readable.from(csv(rows, columns.length)), stream);
}

function stagingName(table: string, columns: readonly string[]): string {
  let h = 5381;
  for (const ch of columns.join(',')) h = ((h * 33) ^ ch.charCodeAt(0)) >>> 0;
  return `tradeapi_stage_${table}_${h.toString(36)}`;
}

/**
 * Writes `rows` into `table` through COPY on `client` (the connection of `trx`); with a suffix,
 * through a staging table and `INSERT … SELECT … suffix`, returning what the suffix returns.
 */
export async function copyRows<R>(
  trx: Kysely<DB>,
  client: PoolClient,
  spec: { table: string; columns: readonly string[]; suffix?: string },
  rows: CopySource,
): Promise<R[]> {
  const cols = spec.columns.join(', ');
  if (!spec.suffix) {
    await copyInto(client, spec.table, spec.columns, rows);
    return [];
  }
  const stage = stagingName(spec.table, spec.columns);
  let made = staged.get(trx);
  if (!made) staged.set(trx, (made = new Set()));
  if (!made.has(stage)) {
    // The target's column types, none of its constraints or indexes; gone at the commit.
    await client.query(`create temp table if not exists ${stage} on commit drop as select ${cols} from ${spec.table} with no data`);
    made.add(stage);
  } else {
    await client.query(`truncate ${stage}`);
  }
  await copyInto(client, stage, spec.columns, rows);
  const res = await client.query(`insert into ${spec.table} (${cols}) select ${cols} from ${stage} ${spec.suffix}`);
  return res.rows as R[];
}
