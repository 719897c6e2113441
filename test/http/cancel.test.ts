// A read request whose client has gone does not start the analytic queries it still has: over a
// real socket, a request waiting behind busy readers is abandoned, and its query leaves the line.
import { it, expect, beforeAll, afterAll, vi } from 'vitest';
import { describeEachStore } from '../helpers/stores.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { analyticsOf } from '../../src/analytics/registry.js';
import { Engine } from '../../src/analytics/engine.js';
import { CancelledError } from '../../src/cancel.js';

describeEachStore('requests whose client has gone', (get) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await makeTestApp(get().store);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('leave the analytic engine’s line; the requests still waiting are answered', async () => {
    const auth = { authorization: `Bearer ${await t.token(['trade:read'])}` };
    const analytics = await analyticsOf(t.deps.store.db);
    const outcomes: Promise<string>[] = [];
    const query = Engine.prototype.query;
    const spy = vi.spyOn(Engine.prototype, 'query').mockImplementation(function (this: Engine, ...args: Parameters<Engine['query']>) {
      const p = query.apply(this, args);
      outcomes.push(p.then(() => 'ran', (err: unknown) => (err instanceof CancelledError ? 'cancelled' : 'failed')));
      return p;
    });
    try {
      // Every reader busy with a slow query, asked outside any request.
      const slow = Array.from({ length: 8 }, () => analytics.query('select count(*) as n from range(40000000) a where a.range % 7 = 3'));
      const gone = new AbortController();
      const abandoned = fetch(`${url}/v1/trade/aggregate?group_by=country&flow=export`, { headers: auth, signal: gone.signal }).catch((err: unknown) => err);
      await new Promise((r) => setTimeout(r, 100));
      gone.abort();
      expect(await abandoned).toBeInstanceOf(Error);
      await Promise.all(slow);
      const settled = await Promise.all(outcomes);
      expect(settled).toContain('cancelled');
      expect(settled).not.toContain('failed');
      // A request that waits for its answer gets it, in the envelope.
      const kept = await fetch(`${url}/v1/trade/aggregate?group_by=country&flow=export`, { headers: auth });
      expect(kept.status).toBe(200);
      expect(((await kept.json()) as { status: string }).status).toBe('success');
    } finally {
      spy.mockRestore();
    }
  });
});
