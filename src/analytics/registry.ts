// Which analytic store answers for a row store. Query functions take the row store's `db` first
// (a transaction can stand in for it); the analytic store that belongs to that row store is found
// from it here. It is opened on first use (a command that never asks an analytic question never
// opens it) and closed with the row store, as a slot of its state (src/db/state.ts).
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { stateKey, stateOf } from '../db/state.js';
import { AnalyticStore, type AnalyticOptions, type Feed } from './store.js';
import { EngineLockedError } from './engine.js';
import type { RowSource } from './sync.js';
import { uncancellable } from '../cancel.js';

interface Entry {
  source: RowSource;
  options: AnalyticOptions;
  opened?: Promise<AnalyticStore>;
}

const ANALYTICS = stateKey<{ entry: Entry | null }>({
  name: 'analytics',
  create: () => ({ entry: null }),
  async close(slot) {
    const e = slot.entry;
    slot.entry = null;
    const opened = await e?.opened?.catch(() => null);
    await opened?.close();
  },
});

const entryOf = (db: Kysely<DB>): Entry | null => stateOf(db).peek(ANALYTICS)?.entry ?? null;

/** Makes an analytic store available for this row store, opened when first asked for. */
export function provideAnalytics(source: RowSource, options: AnalyticOptions): void {
  stateOf(source.db).get(ANALYTICS).entry = { source, options };
}

/** The row store's analytic store, opening it (and starting its catch-up) on first use. */
export function analyticsOf(db: Kysely<DB>): Promise<AnalyticStore> {
  const e = entryOf(db);
  if (!e) return Promise.reject(new Error('no analytic store is provided for this row store'));
  // Opened once for every request: not cut short if the one that asked first has gone.
  e.opened ??= uncancellable(() => AnalyticStore.open(e.source, e.options));
  return e.opened;
}

/**
 * The row store's engine where it is known (the store's own handle; not a transaction's), for the
 * few reads whose best SQL differs by engine.
 */
export function rowEngineOf(db: Kysely<DB>): RowSource['engine'] | null {
  return entryOf(db)?.source.engine ?? null;
}

/** The analytic store if it is open already. */
export async function openedAnalytics(db: Kysely<DB>): Promise<AnalyticStore | null> {
  const e = entryOf(db);
  return e?.opened ? e.opened : null;
}

/**
 * Brings the analytic store up to date with the row store after a load (in steps of many batches,
 * cheaper than one per batch); when a running server holds it, that server applies the new
 * batches itself (it polls the row store).
 */
export async function syncAnalytics(db: Kysely<DB>, say: (msg: string) => void): Promise<void> {
  try {
    const analytics = await analyticsOf(db);
    const started = performance.now();
    await analytics.catchUp();
    say(`analytic store up to date: ${analytics.size()} declarations (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } catch (err) {
    if (!(err instanceof EngineLockedError)) throw err;
    const e = entryOf(db);
    if (e) delete e.opened;
    say(`${err.message}; the process holding it applies the new batches itself`);
  }
}

/**
 * The analytic store fed by a load into an empty row store as its batches commit (AnalyticStore.feed);
 * null when it holds batches already, or when another process holds it (that process applies the
 * batches itself).
 */
export async function feedAnalytics(db: Kysely<DB>): Promise<Feed | null> {
  try {
    return await (await analyticsOf(db)).feed();
  } catch (err) {
    if (!(err instanceof EngineLockedError)) throw err;
    const e = entryOf(db);
    if (e) delete e.opened;
    return null;
  }
}

/**
 * Waits for a feed's sums (started already, or now) and says how long that took; on a failure the
 * store is left with no synced batch, so the catch-up that follows loads it whole from the row store.
 */
export async function finishFeed(feed: Feed, say: (msg: string) => void = (m) => console.log(m)): Promise<void> {
  const started = performance.now();
  try {
    const n = await feed.finish();
    say(`analytic store summed from the loaded records: ${n} declarations (${((performance.now() - started) / 1000).toFixed(1)} s after the row store's load)`);
  } catch (err) {
    say(`feeding the analytic store failed (${err instanceof Error ? err.message : String(err)}); loading it from the row store`);
  }
}
