// PostgreSQL bulk writes through COPY (pg-copy-streams): the rows go to the server as one CSV
// stream instead of multi-row INSERTs of at most 1,000 rows each, whose parameters the server
// parses and plans statement by statement. Everything runs on the connection of the caller's
// transaction, so it commits or rolls back with the batch.
//
// A plain insert is copied straight into its table. An insert with a suffix is answered one of two
// ways, with the same result:
// - directly, when the suffix is `ON CONFLICT … DO NOTHING` and/or `RETURNING` of the row's own
//   columns and its id: ids are taken from the table's sequence beforehand and copied with the
//   rows, and the returned rows are made here. With ON CONFLICT the COPY runs under a savepoint:
//   a row that conflicts (with a stored row, or with another row of the same COPY) fails it, and
//   the rows go the staging way below. The move was the larger half of the staging way: in a
//   50,000-declaration seed batch, moving the declarations, bills and containers took about 1.0 of
//   the batch's 2.1 s. A load into an empty store, or of new records, never conflicts.
// - through staging: copied into a temporary table of the same columns and moved with one
//   `INSERT … SELECT … <suffix>`, so duplicates are skipped and conflicting rows updated exactly
//   as the INSERT would. Used for any other suffix, after a conflict in the transaction, and for
//   the rest of a transaction that already took many savepoints (each is a subtransaction, and
//   PostgreSQL slows every reader's snapshot once a transaction has more than 64).
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
// Per transaction: staging tables made (dropped at its commit), tables that had a conflict, savepoints taken.
interface TrxState {
  staged: Set<string>;
  conflicted: Set<string>;
  savepoints: number;
}
const states = new WeakMap<Kysely<DB>, TrxState>();

function stateOf(trx: Kysely<DB>): TrxState {
  let st = states.get(trx);
  if (!st) states.set(trx, (st = { staged: new Set(), conflicted: new Set(), savepoints: 0 }));
  return st;
}

// Below PostgreSQL's 64 cached subtransactions per transaction, with room for the caller's own.
const MAX_SAVEPOINTS = 48;

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

// Bytes of CSV per chunk handed to the COPY stream: few stream writes, little held at once.
const CHUNK_BYTES = 1 << 20;

/**
 * The rows as CSV in chunks of bytes; with `ids`, each line starts with the row's id, and `seen`
 * is shown every row after it is filled (the returned rows are made from it). NULL is an empty
 * unquoted field, text is always quoted (so '' stays an empty string).
 *
 * Written straight into a buffer rather than built as strings and converted: per cell, a template
 * string, a line concatenation, a join and then `Buffer.from` of the whole text made the encoding
 * the largest item on the seed's writing thread (4.3 s of 1.5M rows per 200,000 declarations);
 * this takes about half of that (docs/operations.md).
 */
export function* csv(rows: CopySource, width: number, ids?: readonly number[], seen?: (i: number, out: CopyValue[]) => void): Generator<Buffer> {
  const out: CopyValue[] = new Array(width);
  let buf = Buffer.allocUnsafe(CHUNK_BYTES);
  let pos = 0;
  for (let i = 0; i < rows.count; i++) {
    for (let c = 0; c < width; c++) out[c] = null;
    rows.fill(i, out);
    seen?.(i, out);
    // Room for the whole row, at most 3 bytes per UTF-16 unit and twice that where quotes double.
    let need = 24 + width * 24;
    for (let c = 0; c < width; c++) {
      const v = out[c];
      if (typeof v === 'string') need += 6 * v.length + 3;
    }
    if (pos + need > buf.length) {
      if (pos) yield buf.subarray(0, pos);
      buf = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, need));
      pos = 0;
    }
    if (ids) {
      const id = String(ids[i]);
      for (let k = 0; k < id.length; k++) buf[pos++] = id.charCodeAt(k);
      buf[pos++] = 0x2c; // ,
    }
    for (let c = 0; c < width; c++) {
      if (c) buf[pos++] = 0x2c;
      const v = out[c];
      if (v === null || v === undefined) continue;
      // Short ASCII text and numbers byte by byte: a call into buf.write per cell cost more than
      // the loop (a third of the encoding in a micro-benchmark); anything else through it.
      if (typeof v === 'number') {
        if (Number.isSafeInteger(v)) {
          pos = writeInteger(buf, pos, v);
          continue;
        }
        if (!Number.isFinite(v)) continue;
        const digits = String(v);
        for (let k = 0; k < digits.length; k++) buf[pos++] = digits.charCodeAt(k);
        continue;
      }
      buf[pos++] = 0x22; // "
      const start = pos;
      let ascii = v.length <= 64;
      if (ascii) {
        for (let k = 0; k < v.length; k++) {
          const ch = v.charCodeAt(k);
          if (ch >= 0x80) {
            ascii = false;
            break;
          }
          buf[pos++] = ch;
          if (ch === 0x22) buf[pos++] = 0x22; // a quote doubled
        }
      }
      if (!ascii) pos = start + buf.write(v.indexOf('"') < 0 ? v : v.replaceAll('"', '""'), start);
      buf[pos++] = 0x22;
    }
    buf[pos++] = 0x0a; // \n
  }
  if (pos) yield buf.subarray(0, pos);
}

/**
 * A whole number's decimal digits at `pos`, as String(v) writes them; returns the position after.
 * Most cells of a load are whole numbers (ids, cents, kilograms, periods): digits worked out in
 * place instead of a string made and read back per cell took the encoding of the seed's rows
 * from about 950 to 700 ms per 200,000 declarations with their lines (micro-benchmark).
 */
function writeInteger(buf: Buffer, pos: number, v: number): number {
  if (v < 0) {
    buf[pos++] = 0x2d; // -
    v = -v;
  }
  let end = pos;
  for (let rest = v; rest >= 10; rest = Math.floor(rest / 10)) end++;
  const after = end + 1;
  for (;;) {
    const digit = v % 10;
    buf[end--] = 0x30 + digit;
    if (v < 10) break;
    v = (v - digit) / 10;
  }
  return after;
}

async function copyInto(
  client: PoolClient, table: string, columns: readonly string[], rows: CopySource, ids?: readonly number[], seen?: (i: number, out: CopyValue[]) => void,
): Promise<void> {
  const stream = client.query(copyFrom(`copy ${table} (${ids ? 'id, ' : ''}${columns.join(', ')}) from stdin with (format csv)`));
  await pipeline(Readable.from(csv(rows, columns.length, ids, seen)), stream);
}

/** A suffix a direct COPY answers: what it skips and what it returns (a column of the row, or the id). */
interface DirectForm {
  skipsConflicts: boolean;
  returning: { column: string; as: string }[];
}

const NAME = /^[a-z_][a-z0-9_]*$/;

function directForm(suffix: string, columns: readonly string[]): DirectForm | null {
  const m = /^(on conflict(?: \([a-z_][a-z0-9_]*(?:, ?[a-z_][a-z0-9_]*)*\))? do nothing)?\s*(?:returning (.+))?$/i.exec(suffix.trim());
  if (!m || (!m[1] && !m[2])) return null;
  const returning: DirectForm['returning'] = [];
  for (const part of m[2] ? m[2].split(',') : []) {
    const r = /^\s*([a-z_][a-z0-9_]*)(?:\s+as\s+([a-z_][a-z0-9_]*))?\s*$/i.exec(part);
    if (!r || !NAME.test(r[1]!) || (r[1] !== 'id' && !columns.includes(r[1]!))) return null;
    returning.push({ column: r[1]!, as: r[2] ?? r[1]! });
  }
  return { skipsConflicts: Boolean(m[1]), returning };
}

/** `n` new ids from the sequence behind `table`.id (one round trip); null when the id has no sequence. */
async function takeIds(client: PoolClient, table: string, n: number): Promise<number[] | null> {
  const res = await client.query<{ ids: string | null }>(
    `select array_to_string(array(select nextval(s) from (select pg_get_serial_sequence($1, 'id')::regclass as s) q, generate_series(1, $2) where s is not null), ',') as ids`,
    [table, n],
  );
  const ids = res.rows[0]!.ids ? res.rows[0]!.ids.split(',').map(Number) : [];
  return ids.length === n ? ids : null;
}

/** The rows straight into `table`; false when that cannot be done (no sequence for the ids) or a row conflicted (nothing was written). */
async function copyDirect<R>(client: PoolClient, st: TrxState, spec: { table: string; columns: readonly string[] }, form: DirectForm, rows: CopySource): Promise<R[] | false> {
  const wantsId = form.returning.some((r) => r.column === 'id') && !spec.columns.includes('id');
  const ids = wantsId ? await takeIds(client, spec.table, rows.count) : undefined;
  if (ids === null) return false;
  const returned: Record<string, CopyValue>[] = [];
  const at = form.returning.map((r) => (r.column === 'id' && wantsId ? -1 : spec.columns.indexOf(r.column)));
  const seen = form.returning.length
    ? (i: number, out: CopyValue[]) => {
        const row: Record<string, CopyValue> = {};
        for (let k = 0; k < at.length; k++) row[form.returning[k]!.as] = at[k]! < 0 ? ids![i]! : (out[at[k]!] ?? null);
        returned.push(row);
      }
    : undefined;
  if (!form.skipsConflicts) {
    // Without ON CONFLICT the INSERT would fail on a duplicate too: so does the COPY.
    await copyInto(client, spec.table, spec.columns, rows, ids, seen);
    return returned as R[];
  }
  st.savepoints++;
  await client.query('savepoint tradeapi_copy');
  try {
    await copyInto(client, spec.table, spec.columns, rows, ids, seen);
  } catch (err) {
    await client.query('rollback to savepoint tradeapi_copy');
    if ((err as { code?: unknown }).code !== '23505') throw err;
    st.conflicted.add(spec.table);
    return false;
  }
  await client.query('release savepoint tradeapi_copy');
  return returned as R[];
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
  const st = stateOf(trx);
  const form = directForm(spec.suffix, spec.columns);
  if (form && !st.conflicted.has(spec.table) && (!form.skipsConflicts || st.savepoints < MAX_SAVEPOINTS)) {
    const direct = await copyDirect<R>(client, st, spec, form, rows);
    if (direct) return direct;
  }
  const stage = stagingName(spec.table, spec.columns);
  const made = st.staged;
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
