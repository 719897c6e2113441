// The trade of a product read from the rollups and the line totals must give what the raw item
// lines give, for chapters, headings and subheadings over whole months; anything else is
// left to the raw read.
import { it, expect, beforeAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { randomDeclarations } from '../../helpers/random-records.js';
import { writeBatch } from '../../../src/ingest/writer.js';
import { customsOfficeForPort } from '../../../src/reference/customs-offices.js';
import { rolledUpFigures, tradeCells, tradeTotals, type TradeCell, type TradeQuery } from '../../../src/features/hs-codes/queries.js';

const offices = Object.fromEntries(['TRMER', 'TRALI', 'XTRKPK'].map((p) => [p, customsOfficeForPort(p)!.code]));

const cellKey = (c: TradeCell) => `${c.period}|${c.flow}|${c.country}`;
const plain = (cells: readonly TradeCell[]) =>
  cells.map((c) => ({ period: c.period, flow: c.flow, country: c.country, value_cents: c.value_cents, records: c.records })).sort((a, b) => cellKey(a).localeCompare(cellKey(b)));

describeEachStore('product trade from rollups', (get) => {
  beforeAll(async () => {
    const { store } = get();
    const input = randomDeclarations(21, 400, offices, 'HT');
    for (let b = 0; b < 2; b++) await writeBatch(store, input.slice(b * 200, b * 200 + 200), { batchKey: `hs-trade-${b}`, source: 'test' });
  });

  it('gives the cells and totals of the raw item lines', async () => {
    const db = get().store.db;
    const queries: TradeQuery[] = [
      { prefix: '61', from: null, to: null },
      { prefix: '6109', from: '2024-02-01', to: '2024-04-30' },
      { prefix: '610910', from: null, to: '2024-03-31' },
      { prefix: '87', from: '2024-05-01', to: null },
      { prefix: '01', from: null, to: null },
    ];
    let compared = 0;
    for (const q of queries) {
      const fast = await rolledUpFigures(db, q);
      expect(fast, q.prefix).not.toBeNull();
      const raw = await tradeCells(db, q);
      expect(plain(fast!.cells)).toEqual(plain(raw));
      const rawTotals = new Map(tradeTotals(raw).map((t) => [t.flow, t]));
      expect(fast!.totals.map((t) => t.flow).sort()).toEqual([...rawTotals.keys()].sort());
      for (const t of fast!.totals) {
        const r = rawTotals.get(t.flow)!;
        expect({ value_cents: t.value_cents, records: t.records, items: t.items }).toEqual({ value_cents: r.value_cents, records: r.records, items: r.items });
        expect(t.net_weight_kg).toBeCloseTo(r.net_weight_kg, 6);
        // Lines outnumber declarations wherever one declaration carries the code twice.
        expect(t.items).toBeGreaterThanOrEqual(t.records);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(4);
  });

  it('leaves long codes and bounds inside a month to the raw read, and counts a later batch at once', async () => {
    const { store } = get();
    expect(await rolledUpFigures(store.db, { prefix: '61091000', from: null, to: null })).toBeNull();
    expect(await rolledUpFigures(store.db, { prefix: '61', from: '2024-02-02', to: null })).toBeNull();
    expect(await rolledUpFigures(store.db, { prefix: '61', from: null, to: '2024-02-28' })).toBeNull();
    expect(await rolledUpFigures(store.db, { prefix: '61', from: '2024-02-01', to: '2024-02-29' })).not.toBeNull();
    await writeBatch(store, randomDeclarations(22, 20, offices, 'HU'), { batchKey: 'hs-trade-late', source: 'test' });
    const fast = await rolledUpFigures(store.db, { prefix: '61', from: null, to: null });
    const raw = tradeTotals(await tradeCells(store.db, { prefix: '61', from: null, to: null }));
    expect(fast!.totals.map((t) => [t.flow, t.items]).sort()).toEqual(raw.map((t) => [t.flow, t.items]).sort());
  });
});
