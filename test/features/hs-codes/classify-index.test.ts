// POST /v1/hs-codes/classify with the tariff index: built in the background from REFERENCE_DATA_DIR
// or from ingested lines, the shipped catalogue answering until then. A subset of the public files
// (HS 2022 and HMRC's search terms) keeps the build short.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { it, expect, beforeAll, afterAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { makeTestApp, type TestApp } from '../../helpers/app.js';
import { loadHsCodes } from '../../../src/ingest/hs-codes.js';
import { loadTariffLines } from '../../../src/ingest/tariff-lines.js';
import { forgetTariffIndex } from '../../../src/features/hs-codes/tariff-index.js';

const shared = path.resolve(process.cwd(), '../shared/data');
// Building includes reading WordNet's nouns: seconds, minutes on a slow machine running other files.
const BUILD_MS = 300_000;
const files = ['harmonized-system.csv', 'hs-sections.csv', 'uk-tariff-search-references.csv'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
interface Body { data: Array<Record<string, any>>; meta: Record<string, any> }

describeEachStore('classify with the tariff index', (get) => {
  let dir: string;
  const apps: TestApp[] = [];
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradeapi-reference-'));
    for (const f of files) fs.copyFileSync(path.join(shared, f), path.join(dir, f));
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function classifier(env: Record<string, string>) {
    forgetTariffIndex(get().store.db);
    const t = await makeTestApp(get().store, env);
    apps.push(t);
    const headers = { authorization: `Bearer ${await t.token(['trade:read'])}` };
    return async (payload: object): Promise<Body> => {
      const res = await t.app.inject({ method: 'POST', url: '/v1/hs-codes/classify', headers, payload });
      expect(res.statusCode).toBe(200);
      return res.json() as Body;
    };
  }

  async function settled(ask: (p: object) => Promise<Body>, payload: object): Promise<Body> {
    const until = Date.now() + BUILD_MS - 20_000;
    while (Date.now() < until) {
      const body = await ask(payload);
      if (body.meta.knowledge.tariff_index !== 'building') return body;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the tariff index was not built within ${(BUILD_MS - 20_000) / 1000} s`);
  }

  it('answers from the shipped catalogue, and says so, without reference files or ingested lines', async () => {
    const ask = await classifier({});
    const first = await ask({ description: 'cotton t-shirts', top_k: 3, level: 6 });
    expect(first.meta.knowledge).toEqual({ used: 'shipped', tariff_index: 'building', sources: ['builtin', 'declarations'] });
    expect(first.data[0]).toMatchObject({ code: '610910', confidence: null, evidence: { lines: [] } });
    const later = await settled(ask, { description: 'cotton t-shirts', top_k: 3 });
    expect(later.meta.knowledge).toMatchObject({ used: 'shipped', tariff_index: 'unavailable' });
  }, BUILD_MS);

  it('serves at once from the shipped catalogue, then from the files in REFERENCE_DATA_DIR with evidence and confidence', async () => {
    const ask = await classifier({ REFERENCE_DATA_DIR: dir });
    expect((await ask({ description: 'angle grinders' })).meta.knowledge.used).toBe('shipped');
    const body = await settled(ask, { description: 'angle grinders', top_k: 3 });
    expect(body.meta.knowledge).toMatchObject({ used: 'tariff-index', tariff_index: 'ready' });
    expect(body.meta.knowledge.sources).toEqual(expect.arrayContaining(['hs2022', 'uk-search-terms', 'builtin']));
    const six = body.data.filter((c) => c.level === 6);
    expect(six).toHaveLength(3);
    expect(six[0]).toMatchObject({ code: '846729', rank: 1, description_en: 'Tools; for working in the hand, with self-contained electric motor; other than saws and drills' });
    expect(six[0]!.confidence).toBeGreaterThan(0);
    expect(six[0]!.evidence.lines[0]).toMatchObject({ source: 'uk-search-terms', text: 'angle grinders' });
    expect(six[0]!.evidence.matched_terms).toEqual(expect.arrayContaining(['angle', 'grinders']));
    // GTİP lines are the shipped catalogue's: no calibrated confidence there.
    expect(body.data.filter((c) => c.level === 12).every((c) => c.confidence === null)).toBe(true);
  }, BUILD_MS);

  it('builds from lines stored by ingest tariff-lines / search-terms when there is no directory', async () => {
    const db = get().store.db;
    // Before the full HS 2022 is loaded, only terms of the shipped catalogue's subheadings are kept.
    const partial = await loadTariffLines(db, fs.readFileSync(path.join(shared, 'uk-tariff-search-references.csv'), 'utf8'), 'uk-search-terms');
    await loadHsCodes(db, fs.readFileSync(path.join(shared, 'harmonized-system.csv'), 'utf8'), 'HS2022');
    const report = await loadTariffLines(db, fs.readFileSync(path.join(shared, 'uk-tariff-search-references.csv'), 'utf8'), 'uk-search-terms');
    expect(report.written).toBeGreaterThan(3900);
    expect(partial.written).toBeLessThan(report.written);
    // Loading again replaces, not adds.
    expect((await loadTariffLines(db, fs.readFileSync(path.join(shared, 'uk-tariff-search-references.csv'), 'utf8'), 'uk-search-terms')).written).toBe(report.written);
    const ask = await classifier({});
    const body = await settled(ask, { description: 'angle grinders', top_k: 3, level: 6 });
    expect(body.meta.knowledge).toMatchObject({ used: 'tariff-index', tariff_index: 'ready', sources: ['hs2022', 'uk-search-terms'] });
    expect(body.data[0]).toMatchObject({ code: '846729' });
  }, BUILD_MS);
});
