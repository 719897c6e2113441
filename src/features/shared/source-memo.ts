// Answers computed over one version of something a store's state derives (the company directory,
// the transit table), remembered per store for the version they came from: a new version starts
// them anew. A request still computing over the old version puts its answer in the old map, where
// no one looks.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { stateKey, stateOf, type StateKey } from '../../db/state.js';
import { AgingMap } from './aging-map.js';

interface SourceMemo<V> {
  source: object | null;
  answers: AgingMap<V>;
  fresh(): AgingMap<V>;
}

export type SourceMemoKey<V> = StateKey<SourceMemo<V>>;

/** A memo of each store, `maxBytes` in all as `weigh` counts them, each answer kept for `ttlMs`. */
export function sourceMemoKey<V>(name: string, ttlMs: number, maxBytes: number, weigh: (v: V) => number): SourceMemoKey<V> {
  const fresh = () => new AgingMap<V>(ttlMs, maxBytes, weigh);
  return stateKey<SourceMemo<V>>({ name, create: () => ({ source: null, answers: fresh(), fresh }), close: (m) => m.answers.clear() });
}

/** The store's answers computed over `source`. */
export function memoOver<V>(db: Kysely<DB>, key: SourceMemoKey<V>, source: object): AgingMap<V> {
  const m = stateOf(db).get(key);
  if (m.source !== source) {
    m.source = source;
    m.answers = m.fresh();
  }
  return m.answers;
}
