// The classifier's declared examples: (GTİP, description) pairs of the latest declarations only, so
// building it costs the same at any volume, and a rebuild after new declarations runs while the
// previous classifier keeps answering.
import { it, expect, vi, afterEach } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { writeBatch } from '../../../src/ingest/writer.js';
import { classifier, CLASSIFIER_REBUILD_MS } from '../../../src/features/hs-codes/indexes.js';
import { declaredDescriptions } from '../../../src/features/hs-codes/queries.js';
import { makeDeclaration } from '../../ingest/fixtures.js';
import { prng } from '../../helpers/random-records.js';

const WORDS = ['pamuklu', 'tişört', 'çelik', 'boru', 'valve', 'gıda', 'iplik'];

describeEachStore('declared examples of the classifier', (get) => {
  afterEach(() => vi.useRealTimers());

  async function write(seed: number, n: number): Promise<void> {
    const r = prng(seed);
    const records = Array.from({ length: n }, (_, i) => {
      const d = makeDeclaration(seed * 1000 + i, seed * 1000 + i, `E${seed}`);
      for (const line of d.items) line.description = `${r.pick(WORDS)} ${r.pick(WORDS)}`;
      return d;
    });
    await writeBatch(get().store, records, { batchKey: `examples-${seed}`, source: 'test' });
  }

  it('counts each (GTİP, description) over the lines of the latest declarations only', async () => {
    await write(1, 40);
    await write(2, 40);
    const { db } = get().store;
    const ids = (await db.selectFrom('declarations').select('id').orderBy('id', 'desc').execute()).map((r) => Number(r.id));
    for (const window of [1, 7, 25, 1_000_000]) {
      const after = ids[0]! - window;
      const lines = await db.selectFrom('declaration_items').select(['declaration_id', 'gtip', 'description']).execute();
      const expected = new Map<string, number>();
      for (const l of lines) {
        if (Number(l.declaration_id) <= after) continue;
        const k = `${l.gtip}|${l.description}`;
        expected.set(k, (expected.get(k) ?? 0) + 1);
      }
      const got = await declaredDescriptions(db, 10_000, window);
      expect(new Map(got.map((g) => [`${g.gtip}|${g.description}`, g.n])), `window ${window}`).toEqual(expected);
      expect(got.map((g) => g.n)).toEqual([...got.map((g) => g.n)].sort((a, b) => b - a));
    }
  });

  it('keeps answering from the previous classifier while a new one is built after new declarations', async () => {
    const { db } = get().store;
    vi.useFakeTimers({ toFake: ['Date'] });
    await write(3, 5);
    const first = await classifier(db);
    expect(await classifier(db)).toBe(first);
    await write(4, 5);
    // Within the rebuild interval the same classifier answers, new declarations or not.
    expect(await classifier(db)).toBe(first);
    vi.setSystemTime(Date.now() + CLASSIFIER_REBUILD_MS + 1);
    // Past it, the call starts a build and returns the previous classifier without waiting.
    expect(await classifier(db)).toBe(first);
    let next = first;
    for (let i = 0; i < 200 && next === first; i++) {
      await new Promise((r) => setTimeout(r, 20));
      next = await classifier(db);
    }
    expect(next).not.toBe(first);
    expect(next.size).toBeGreaterThan(0);
  });
});
