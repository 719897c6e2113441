// Precision, recall and F1 of POST /v1/companies/match at the default threshold, on labelled
// re-spellings (abbreviations, suffix variants, missing trade words, transposed letters, ASCII-only
// spellings, other case, punctuation, combinations) of generated company names, plus outsiders: a
// tenth of the companies is held out of the index and queried as names that must not match.
//
//   npx tsx scripts/match-eval.ts [--declarations 100000] [--seed 1] [--positives 3000] [--store [--engine]] [--json]
//
// Companies come from the synthetic generator for that size and seed (the same ones `tradeapi seed`
// writes), or with --store from the store DATABASE_URL names. With --engine the inputs are matched
// the way the server matches them (candidates from the store's name index, scored over those only,
// `matchNames`) against every company of the store, beside the same rules over an index of every
// name; every company is in the store, so there are no outsiders and only recall is measured.
//
// Some inputs fit more than one firm, and then any of those firms is a right answer. The generator
// makes distinct firms whose names differ only in spelling ('Kaya Tekstil San. ve Tic. A.Ş.' and
// 'Kaya Tekstil Sanayi ve Ticaret A.Ş.'), and a name with a trade word dropped ('Kaya Tekstil
// A.Ş.') fits every Kaya Tekstil A.Ş. whatever its trade words; an outsider can be such a namesake
// of an indexed firm. No reader could say which firm is meant, so counting one of them as a false
// positive scores a coin toss, not the matcher. `accepted_ids` (evaluate.ts, `acceptedAnswers`)
// lists them, decided on the clean names by spelling and by leaving out the trade words the
// `missing_generic` variants drop, never by the matcher's scores. The line "strict" counts only the
// firm an input was made from, as this script did before; the difference is the size of the coin
// toss, and grows with the number of firms.
import { parseArgs } from 'node:util';
import { buildParties } from '../src/synth/companies.js';
import { buildNameIndex, DEFAULT_MATCH_THRESHOLD, type CompanyRecord } from '../src/domain/matching/name-index.js';
import { labelledQueries, metricsAt, recallByKind, scoreQueries, seededRng } from '../src/domain/matching/evaluate.js';

const { values } = parseArgs({
  options: {
    declarations: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '1' },
    positives: { type: 'string', default: '3000' },
    store: { type: 'boolean', default: false },
    engine: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
const n = Number(values.declarations);
const seed = Number(values.seed);
const positives = Number(values.positives);
if (![n, seed, positives].every((x) => Number.isInteger(x) && x > 0)) {
  console.error('--declarations, --seed and --positives must be positive whole numbers');
  process.exit(2);
}

async function companies(): Promise<CompanyRecord[]> {
  if (values.store) {
    const { loadConfig } = await import('../src/config.js');
    const { openStore } = await import('../src/db/connect.js');
    const { companiesByIds } = await import('../src/features/companies/queries.js');
    const store = await openStore(loadConfig().databaseUrl);
    try {
      const ids = (await store.db.selectFrom('companies').select('id').orderBy('id').execute()).map((r) => Number(r.id));
      return (await companiesByIds(store.db, ids)).map((c) => ({ id: String(c.id), name: c.name, aliases: c.aliases, country: c.country, tax_number: c.tax_number, trade_value_usd: 0 }));
    } finally {
      await store.close();
    }
  }
  const p = buildParties(seed, n);
  return [...p.turkish, ...p.foreign].map((c, i) => ({ id: String(i + 1), name: c.name, aliases: c.aliases, country: c.country, tax_number: c.tax_number, trade_value_usd: c.weight }));
}

const all = await companies();
if (values.engine) await throughStore();

async function throughStore(): Promise<never> {
  if (!values.store) throw new Error('--engine needs --store');
  const { loadConfig } = await import('../src/config.js');
  const { openStore } = await import('../src/db/connect.js');
  const { analyticsOf } = await import('../src/analytics/registry.js');
  const { getDirectory } = await import('../src/features/companies/directory.js');
  const { matchNames } = await import('../src/features/companies/name-search.js');
  const { scoreResults } = await import('../src/domain/matching/evaluate.js');
  const store = await openStore(loadConfig().databaseUrl);
  await (await analyticsOf(store.db)).catchUp();
  const dir = await getDirectory(store.db);
  const queries = labelledQueries(all, [], seededRng(seed), { positives });
  const t = performance.now();
  const engine = metricsAt(scoreResults(queries, await matchNames(store.db, dir, queries.map((q) => q.input), 0, 1)), DEFAULT_MATCH_THRESHOLD);
  const ms = (performance.now() - t) / queries.length;
  const whole = metricsAt(scoreQueries(buildNameIndex(all), queries), DEFAULT_MATCH_THRESHOLD);
  console.log(JSON.stringify({ companies: all.length, queries: queries.length, engine_recall: engine.recall, engine_ms_per_input: Math.round(ms * 10) / 10, whole_index_recall: whole.recall }));
  await store.close();
  process.exit(0);
}
const rng = seededRng(seed);
// Every tenth company is an outsider: absent from the index, queried under its own name.
const indexed = all.filter((_, i) => i % 10 !== 0);
const outsiders = all.filter((_, i) => i % 10 === 0).slice(0, Math.ceil(positives / 4));
const started = performance.now();
const index = buildNameIndex(indexed);
const built = performance.now();
const queries = labelledQueries(indexed, outsiders, rng, { positives });
const scored = scoreQueries(index, queries);
const done = performance.now();
const m = metricsAt(scored, DEFAULT_MATCH_THRESHOLD);
const strict = metricsAt(scored, DEFAULT_MATCH_THRESHOLD, { strict: true });
const report = {
  companies: all.length,
  indexed: indexed.length,
  queries: queries.length,
  negatives: outsiders.length,
  // Inputs that fit more than the company they were made from (see the header).
  ambiguous_positives: queries.filter((q) => q.expected_id !== null && q.accepted_ids.length > 1).length,
  ambiguous_negatives: queries.filter((q) => q.expected_id === null && q.accepted_ids.length > 0).length,
  ...m,
  by_kind: recallByKind(scored, DEFAULT_MATCH_THRESHOLD),
  strict: { precision: strict.precision, recall: strict.recall, f1: strict.f1, by_kind: recallByKind(scored, DEFAULT_MATCH_THRESHOLD, { strict: true }) },
  index_build_ms: Math.round(built - started),
  match_ms_per_query: Math.round(((done - built) / queries.length) * 1000) / 1000,
  queries_per_s: Math.round(queries.length / ((done - built) / 1000)),
};
if (values.json) console.log(JSON.stringify(report, null, 2));
else {
  const pct = (x: number) => `${(x * 100).toFixed(2)} %`;
  console.log(`companies ${report.companies} (indexed ${report.indexed}), queries ${report.queries} (${report.negatives} outsiders), threshold ${report.threshold}`);
  console.log(`ambiguous inputs: ${report.ambiguous_positives} re-spellings fit more than one firm, ${report.ambiguous_negatives} outsiders read as an indexed firm`);
  console.log(`precision ${pct(m.precision)}  recall ${pct(m.recall)}  F1 ${pct(m.f1)}  (tp ${m.tp}, fp ${m.fp}, fn ${m.fn}, tn ${m.tn})`);
  console.log(`strict (only the source company counts): precision ${pct(strict.precision)}  recall ${pct(strict.recall)}  F1 ${pct(strict.f1)}`);
  console.log('by kind (recall; specificity for negatives), strict in brackets:');
  for (const [k, v] of Object.entries(report.by_kind)) console.log(`  ${k.padEnd(16)} ${pct(v)}  (${pct(report.strict.by_kind[k] ?? 0)})`);
  console.log(`index build ${report.index_build_ms} ms, ${report.match_ms_per_query} ms per query (${report.queries_per_s} queries/s)`);
}
