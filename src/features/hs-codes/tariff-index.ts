// The tariff classifier of this process: built once, in the background, from the public
// nomenclature files in REFERENCE_DATA_DIR, or else from what `tradeapi ingest tariff-lines|
// search-terms` stored. Until it is ready (a few seconds) classify answers from the shipped
// catalogue and says so; building yields between slices so requests are served meanwhile.
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { stateKey, stateOf } from '../../db/state.js';
import type { Knowledge } from '../../domain/classify/knowledge.js';
import { buildTariffClassifierInSteps, type TariffClassifier } from '../../domain/classify/tariff-classifier.js';
import { hasReferenceData, loadKnowledge } from '../../reference/tariff-files.js';
import { loadWordNet } from '../../reference/wordnet.js';
import { storedKnowledge } from './tariff-lines.js';

export type TariffIndexState =
  | { state: 'building' }
  | { state: 'ready'; classifier: TariffClassifier; builtMs: number; from: 'files' | 'store' }
  | { state: 'unavailable'; reason: string };

// A holder per store: a forgotten index's build, when it ends, writes into a holder no longer held.
const INDEX = stateKey<{ state: TariffIndexState | null }>({ name: 'tariff index', create: () => ({ state: null }) });

/**
 * The index's state for this store, starting the build on first call. `dir` is REFERENCE_DATA_DIR;
 * without files there, the lines stored by ingestion are used; with neither, 'unavailable'.
 */
export function tariffIndex(db: Kysely<DB>, dir: string | null, log?: (msg: string, err?: unknown) => void): TariffIndexState {
  const slot = stateOf(db).get(INDEX);
  if (slot.state) return slot.state;
  const building: TariffIndexState = { state: 'building' };
  slot.state = building;
  void build(db, dir).then(
    (state) => {
      slot.state = state;
      if (state.state === 'ready') log?.(`classifier index ready: ${state.classifier.lineCount} lines from ${state.classifier.sources.join(', ')} in ${state.builtMs} ms`);
    },
    (err: unknown) => {
      slot.state = { state: 'unavailable', reason: 'the reference files could not be read' };
      log?.('classifier index failed', err);
    },
  );
  return building;
}

/** Forget the index (after an ingest changed what it is built from); the next call rebuilds. */
export function forgetTariffIndex(db: Kysely<DB>): void {
  void stateOf(db).delete(INDEX);
}

async function build(db: Kysely<DB>, dir: string | null): Promise<TariffIndexState> {
  const started = performance.now();
  let knowledge: Knowledge | null = null;
  let from: 'files' | 'store' = 'files';
  if (dir && hasReferenceData(dir)) knowledge = await loadKnowledge(dir);
  if (!knowledge) {
    knowledge = await storedKnowledge(db);
    from = 'store';
  }
  if (!knowledge) return { state: 'unavailable', reason: 'no reference files (REFERENCE_DATA_DIR) and no ingested tariff lines' };
  const wordnet = await loadWordNet();
  const classifier = await buildTariffClassifierInSteps(knowledge, wordnet, () => yieldToRequests());
  return { state: 'ready', classifier, builtMs: Math.round(performance.now() - started), from };
}
