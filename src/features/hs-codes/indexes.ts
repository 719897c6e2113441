// In-memory search indexes, built once per process from the hs_codes table (and, for classify,
// from declared item descriptions) and rebuilt when the store's content changes. We chose this
// over FTS5/tsvector: one ranking (BM25 with Turkish/English stemming) on both engines, and the
// whole HS fits in a few MB.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { buildClassifier, type HsClassifier, type HsDoc } from '../../domain/classify/classifier.js';
import { DEFAULT_EDITION, EDITIONS } from './builtin.js';
import { stateKey, stateOf } from '../../db/state.js';
import { AgingMap } from '../shared/aging-map.js';
import { allCodes, declaredDescriptions, ensureBuiltins, hsVersion, itemsMark } from './queries.js';

type Db = Kysely<DB>;

interface Cached { key: string; builtAt: number; index: Promise<HsClassifier> }

// Per store: the word index of each edition asked for (at most one per edition the API accepts)
// and the classifier, each valid for the nomenclature version it was built from.
const INDEXES = stateKey<{ search: AgingMap<Cached>; classify: Cached | null }>({
  name: 'hs indexes',
  create: () => ({ search: new AgingMap<Cached>(Infinity, EDITIONS.length), classify: null }),
});

// Declarations arrive in batches; rebuilding the classifier on each would thrash, so a new build
// waits at least this long after the previous one.
export const CLASSIFIER_REBUILD_MS = 60_000;
/** Distinct (code, description) pairs taken from declarations, most frequent first. */
export const MAX_DECLARED_EXAMPLES = 200_000;
/** Declarations (the latest) whose lines the declared examples are drawn from. */
export const DECLARED_WINDOW = 300_000;

function nomenclatureDocs(rows: Awaited<ReturnType<typeof allCodes>>, filter: (code: string) => boolean): HsDoc[] {
  const docs: HsDoc[] = [];
  for (const r of rows) {
    if (!filter(r.code)) continue;
    docs.push({ code: r.code, text: r.description_en, source: 'nomenclature' });
    if (r.description_tr) docs.push({ code: r.code, text: r.description_tr, source: 'nomenclature' });
  }
  return docs;
}

/** The word index over one edition's nomenclature. */
export async function searchIndex(db: Db, edition: string): Promise<HsClassifier> {
  await ensureBuiltins(db);
  const key = await hsVersion(db);
  const perEdition = stateOf(db).get(INDEXES).search;
  const cached = perEdition.get(edition);
  if (cached && cached.key === key) return cached.index;
  const index = allCodes(db, edition).then((rows) => buildClassifier(nomenclatureDocs(rows, () => true)));
  const entry = { key, builtAt: Date.now(), index };
  perEdition.set(edition, entry);
  index.catch(() => {
    if (perEdition.get(edition) === entry) perEdition.delete(edition);
  });
  return index;
}

/**
 * The classifier: HS 2022 subheadings and GTİP lines plus what was declared under each GTİP. After
 * new declarations a new one is built while the previous one keeps answering; only the very first
 * build is waited for.
 */
export async function classifier(db: Db): Promise<HsClassifier> {
  await ensureBuiltins(db);
  const key = `${await hsVersion(db)}/${await itemsMark(db)}`;
  const slot = stateOf(db).get(INDEXES);
  const cached = slot.classify;
  if (cached && (cached.key === key || Date.now() - cached.builtAt < CLASSIFIER_REBUILD_MS)) return cached.index;
  const index = (async () => {
    const rows = await allCodes(db, DEFAULT_EDITION);
    const docs = nomenclatureDocs(rows, (c) => c.length === 6 || c.length === 12);
    for (const d of await declaredDescriptions(db, MAX_DECLARED_EXAMPLES, DECLARED_WINDOW)) {
      if (/^\d{12}$/.test(d.gtip)) docs.push({ code: d.gtip, text: d.description, source: 'declaration', weight: 1 + Math.log10(d.n) / 4 });
    }
    return buildClassifier(docs);
  })();
  const entry = { key, builtAt: Date.now(), index };
  const previous = cached?.index;
  if (!previous) {
    slot.classify = entry;
    index.catch(() => {
      if (slot.classify === entry) slot.classify = null;
    });
    return index;
  }
  // Until the new build is done the previous one answers (its builtAt is moved on, so concurrent
  // requests do not start builds of their own); a failed build leaves the previous one in place.
  slot.classify = { key: cached.key, builtAt: Date.now(), index: previous };
  index.then(
    () => (slot.classify = entry),
    () => undefined,
  );
  return previous;
}
