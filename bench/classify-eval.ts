// Accuracy of the tariff classifier on real product descriptions written outside the project.
// Run: npx tsx bench/classify-eval.ts [--data DIR] [--no-wordnet] [--misses N] [--http URL]
//
// Reads DIR/eval/hs-real-descriptions.csv (description,hs6,source; default DIR ../shared/data).
// Even rows are the dev half (look at its misses with --misses), odd rows the test half (quote it).
// Reports HS6/HS4/HS2 top-1 and top-5 per kind of text and the calibration of the first answer's
// confidence. In-process by default; --http URL asks a running server instead (POST
// URL/v1/hs-codes/classify, with a token for DEMO_API_KEY / DEMO_API_SECRET, or --token).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import { buildTariffClassifier } from '../src/domain/classify/tariff-classifier.js';
import { loadKnowledge } from '../src/reference/tariff-files.js';
import { loadWordNet } from '../src/reference/wordnet.js';
import { evalKind, type EvalRow, type Ranked, report } from './classify-report.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: path.join(process.cwd(), '../shared/data') },
    'no-wordnet': { type: 'boolean', default: false },
    misses: { type: 'string', default: '0' },
    http: { type: 'string' },
    token: { type: 'string' },
  },
});
const dataDir = path.resolve(values.data);
const records = parse(fs.readFileSync(path.join(dataDir, 'eval/hs-real-descriptions.csv')), { columns: true }) as Array<Record<string, string>>;
const rows: EvalRow[] = records.map((r, i) => ({ i, description: r.description!, hs6: r.hs6!, kind: evalKind(r.source!) }));

async function inProcess(): Promise<(text: string) => Promise<Ranked>> {
  const t0 = performance.now();
  const knowledge = await loadKnowledge(dataDir);
  if (!knowledge) throw new Error(`no harmonized-system.csv in ${dataDir}`);
  const wordnet = values['no-wordnet'] ? undefined : await loadWordNet();
  const t1 = performance.now();
  const classifier = buildTariffClassifier(knowledge, wordnet);
  const t2 = performance.now();
  console.log(`index: ${classifier.lineCount} lines from ${classifier.sources.join(', ')}${wordnet ? ' + WordNet' : ''}; read ${(t1 - t0).toFixed(0)} ms, built ${(t2 - t1).toFixed(0)} ms`);
  return async (text) => {
    const c = classifier.classify(text, 25);
    return { codes: c.map((x) => x.hs6), confidence: c[0]?.confidence ?? 0 };
  };
}

async function overHttp(base: string): Promise<(text: string) => Promise<Ranked>> {
  const key = process.env.DEMO_API_KEY;
  const secret = process.env.DEMO_API_SECRET;
  let auth = values.token;
  // The server takes access tokens only: the key and secret are exchanged for one first.
  if (!auth && key && secret) {
    const res = await fetch(`${base}/v1/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api_key: key, api_secret: secret }) });
    auth = ((await res.json()) as { data: [{ access_token: string }] }).data[0].access_token;
  }
  return async (text) => {
    const res = await fetch(`${base}/v1/hs-codes/classify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
      body: JSON.stringify({ description: text, top_k: 25, level: 6 }),
    });
    const body = (await res.json()) as { data?: Array<{ hs6: string; confidence?: number }> };
    if (!res.ok || !body.data) throw new Error(`HTTP ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
    return { codes: body.data.map((c) => c.hs6), confidence: body.data[0]?.confidence ?? 0 };
  };
}

const ask = values.http ? await overHttp(values.http.replace(/\/$/, '')) : await inProcess();
const answers: Ranked[] = [];
const took: number[] = [];
const t0 = performance.now();
for (const r of rows) {
  const t = performance.now();
  answers.push(await ask(r.description));
  took.push(performance.now() - t);
}
took.sort((a, b) => a - b);
const at = (q: number) => took[Math.min(took.length - 1, Math.floor(q * took.length))]!.toFixed(1);
console.log(`${rows.length} descriptions in ${(performance.now() - t0).toFixed(0)} ms; per description p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`);
report(rows, answers, Number(values.misses));
