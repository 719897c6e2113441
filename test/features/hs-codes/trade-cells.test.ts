import { describe, it, expect } from 'vitest';
import { tradePartners, tradeTotals, tradeTrend, type RawTradeCell } from '../../../src/features/hs-codes/queries.js';

const cell = (period: number, flow: string, country: string, value_cents: number, net_weight_kg: number, records: number, items: number): RawTradeCell =>
  ({ period, flow, country, value_cents, net_weight_kg, records, items });

const CELLS: RawTradeCell[] = [
  cell(202501, 'import', 'CN', 1000, 10, 2, 3),
  cell(202501, 'import', 'DE', 500, 5, 1, 1),
  cell(202502, 'import', 'CN', 300, 1.5, 1, 2),
  cell(202502, 'export', 'IQ', 700, 7, 3, 4),
  cell(202501, 'export', 'DE', 700, 2, 1, 1),
];

describe('trade cells', () => {
  it('totals add every cell of a flow', () => {
    const t = new Map(tradeTotals(CELLS).map((x) => [x.flow, x]));
    expect(t.get('import')).toEqual({ flow: 'import', value_cents: 1800, net_weight_kg: 16.5, records: 4, items: 6 });
    expect(t.get('export')).toEqual({ flow: 'export', value_cents: 1400, net_weight_kg: 9, records: 4, items: 5 });
  });

  it('partners add months, rank by value within a flow, break ties by country and keep the top', () => {
    expect(tradePartners(CELLS, 10)).toEqual([
      { flow: 'import', country: 'CN', value_cents: 1300, records: 3 },
      { flow: 'import', country: 'DE', value_cents: 500, records: 1 },
      { flow: 'export', country: 'DE', value_cents: 700, records: 1 },
      { flow: 'export', country: 'IQ', value_cents: 700, records: 3 },
    ]);
    expect(tradePartners(CELLS, 1).map((p) => `${p.flow}:${p.country}`)).toEqual(['import:CN', 'export:DE']);
  });

  it('the trend adds countries per month and flow, in month order', () => {
    expect(tradeTrend(CELLS)).toEqual([
      { period: 202501, flow: 'import', value_cents: 1500 },
      { period: 202501, flow: 'export', value_cents: 700 },
      { period: 202502, flow: 'import', value_cents: 300 },
      { period: 202502, flow: 'export', value_cents: 700 },
    ]);
  });

  it('no cells: no totals, partners or trend', () => {
    expect([tradeTotals([]), tradePartners([], 5), tradeTrend([])]).toEqual([[], [], []]);
  });
});
