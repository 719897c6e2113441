// Answers computed over one company directory (searches, matches), remembered per store for the
// directory they came from: a new directory (companies added, trade sizes moved) starts them anew.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { stateKey, stateOf, type StateKey } from '../../db/state.js';
import { AgingMap } from '../shared/aging-map.js';
import type { Directory } from './directory.js';

interface DirectoryMemo<V> {
  dir: Directory | null;
  answers: AgingMap<V>;
  fresh(): AgingMap<V>;
}

/** A memo of each store, `maxBytes` in all as `weigh` counts them, each answer kept for `ttlMs`. */
export function directoryMemoKey<V>(name: string, ttlMs: number, maxBytes: number, weigh: (v: V) => number): StateKey<DirectoryMemo<V>> {
  const fresh = () => new AgingMap<V>(ttlMs, maxBytes, weigh);
  return stateKey<DirectoryMemo<V>>({ name, create: () => ({ dir: null, answers: fresh(), fresh }), close: (m) => m.answers.clear() });
}

/**
 * The store's answers over `dir`. A new directory gets a new map: a request still computing over
 * the old one puts its answer in the old map, where no one looks.
 */
export function memoFor<V>(db: Kysely<DB>, key: StateKey<DirectoryMemo<V>>, dir: Directory): AgingMap<V> {
  const m = stateOf(db).get(key);
  if (m.dir !== dir) {
    m.dir = dir;
    m.answers = m.fresh();
  }
  return m.answers;
}
