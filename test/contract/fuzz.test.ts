// The bounded fuzz run: a few thousand hostile requests generated from the OpenAPI document
// (scripts/fuzz-cases.ts) across every operation, against the real app on a small seeded store.
// No answer is a 5xx and every error is the envelope. scripts/fuzz.ts runs the same against a
// live server for as long as wanted.
import { it, expect, beforeAll, afterAll } from 'vitest';
import { describeEachStore } from '../helpers/stores.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { SCOPES } from '../../src/http/scopes.js';
import { seedStore } from '../../src/synth/seed.js';
import { parseYearMonth } from '../../src/synth/calendar.js';
import { operationsOf, nextRequest, check, rng, type OpenApiDoc } from '../../scripts/fuzz-cases.js';

const REQUESTS = 3000;

describeEachStore('fuzz (bounded)', (get) => {
  let t: TestApp;
  beforeAll(async () => {
    await seedStore(get().store, { seed: 7, declarations: 300, from: parseYearMonth('2025-01')!, to: parseYearMonth('2025-12')!, batchSize: 300 });
    t = await makeTestApp(get().store, { ALLOW_PRIVATE_WEBHOOKS: 'false' });
  }, 120_000);
  afterAll(() => t.close());

  it(`answers ${REQUESTS} hostile requests with no 5xx and every error in the envelope`, async () => {
    const bearer = await t.token([...SCOPES]);
    const doc = (await t.app.inject({ url: '/v1/openapi.json' })).json() as OpenApiDoc;
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(90);
    const r = rng(20);
    const problems: string[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < REQUESTS; i++) {
      const q = nextRequest(r, ops, bearer);
      const res = await t.app.inject({ method: q.method as 'GET', url: q.url, headers: q.headers, ...(q.payload !== undefined ? { payload: q.payload } : {}) });
      seen.add(q.url.split('?')[0]!);
      const why = check(res.statusCode, res.headers['content-type'] as string | undefined, res.body, q.method);
      if (why) problems.push(`${q.method} ${q.url.slice(0, 160)} → ${why}`);
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(seen.size).toBeGreaterThan(60);
  }, 300_000);
});
