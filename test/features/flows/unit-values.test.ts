// Unit values are grouped in the analytic store: hand-computed percentiles (type 7), the most
// common unit alone for USD per unit, partners apart, the order of the groups and the bound on
// the lines a request may group.
import { it, expect, beforeAll, afterAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { makeTestApp, type TestApp } from '../../helpers/app.js';
import { randomDeclarations } from '../../helpers/random-records.js';
import { writeBatch } from '../../../src/ingest/writer.js';
import { customsOfficeForPort } from '../../../src/reference/customs-offices.js';
import type { DeclarationInput } from '../../../src/ingest/record.js';
import { unitValueGroups } from '../../../src/features/flows/unit-values.js';
import { parseFilters } from '../../../src/features/shared/filters.js';

const offices = Object.fromEntries(['TRMER', 'TRALI', 'XTRKPK'].map((p) => [p, customsOfficeForPort(p)!.code]));

type Line = [usd: number, kg: number, qty: number, unit: string];

/** One export declaration to `country` of 6109 lines; the rest of the record from the random maker. */
function declaration(n: number, country: string, lines: Line[], gtip = '610910000011'): DeclarationInput {
  const base = randomDeclarations(7, 1, offices, `U${n}-`)[0]!;
  const items = lines.map(([usd, kg, qty, unit], i) => ({
    line_no: i + 1, gtip, description: 'cotton t-shirts', quantity: qty, quantity_unit: unit, net_weight_kg: kg, gross_weight_kg: kg + 1, value_usd: usd,
  }));
  const value = lines.reduce((a, l) => a + l[0], 0);
  const kg = lines.reduce((a, l) => a + l[1], 0);
  return {
    ...base, flow: 'export', regime: '1000', registered_at: '2024-03-10', partner: { name: `Buyer ${country}`, country },
    invoice_value: value, value_usd: value, net_weight_kg: kg, gross_weight_kg: kg + lines.length, items,
  };
}

describeEachStore('unit values in the analytic store', (get) => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    const { store } = get();
    const input = [
      // DE, 6109 10: USD/kg per line 1, 2, 3, 4, 10 over four declarations.
      declaration(1, 'DE', [[10, 10, 10, 'kg'], [20, 10, 10, 'kg']]),
      declaration(2, 'DE', [[30, 10, 10, 'kg']]),
      declaration(3, 'DE', [[40, 10, 10, 'kg']]),
      declaration(4, 'DE', [[100, 10, 10, 'kg']]),
      // FR: pieces are the most common unit; the kg line stays out of USD per unit.
      declaration(5, 'FR', [[10, 1, 2, 'u'], [30, 1, 3, 'u'], [1000, 1, 1, 'kg']]),
      // CN: one line without weight has no USD/kg of its own.
      declaration(6, 'CN', [[5, 1, 1, 'kg'], [7, 0, 1, 'kg']]),
      // An import of the same code stays out of the export answer.
      { ...declaration(7, 'DE', [[999, 1, 1, 'kg']]), flow: 'import', regime: '4000' },
    ];
    await writeBatch(store, input, { batchKey: 'unit-values', source: 'test' });
    t = await makeTestApp(store);
    auth = { authorization: `Bearer ${await t.token(['trade:read'])}` };
  });
  afterAll(async () => {
    await t?.close();
  });

  const get6109 = async (qs = '') => {
    const res = await t.app.inject({ url: `/v1/exports/unit-values?hs=6109${qs}`, headers: auth });
    return { status: res.statusCode, body: res.json() as { data: Record<string, unknown>[]; meta: Record<string, unknown> } };
  };

  it('gives type-7 percentiles of the line unit values and the group ratio', async () => {
    const { status, body } = await get6109();
    expect(status).toBe(200);
    // Largest value first: FR 1,040, DE 200, CN 12.
    expect(body.data.map((r) => r.country)).toEqual(['FR', 'DE', 'CN']);
    expect(body.meta).toMatchObject({ groups: 3, lines: 10 });
    expect(body.data[1]).toMatchObject({
      hs_code: '610910', lines: 5, records: 4, value_usd: 200, net_weight_kg: 50, usd_per_kg: 4, quantity_unit: 'kg', quantity: 50, usd_per_unit: 4,
      usd_per_kg_p10: 1.4, usd_per_kg_p25: 2, usd_per_kg_median: 3, usd_per_kg_p75: 4, usd_per_kg_p90: 7.6,
    });
  });

  it('uses only the most common unit for USD per unit, and lines with weight for USD/kg', async () => {
    const { body } = await get6109();
    expect(body.data[0]).toMatchObject({ quantity_unit: 'u', quantity: 5, usd_per_unit: 8, usd_per_unit_median: 7.5, usd_per_unit_p10: 5.5, lines: 3, records: 1 });
    expect(body.data[2]).toMatchObject({ lines: 2, net_weight_kg: 1, usd_per_kg: 12, usd_per_kg_median: 5, usd_per_unit_median: 6 });
  });

  it('cuts to top and counts every group; a filter matching no line is an empty answer', async () => {
    const { body } = await get6109('&top=1');
    expect(body.data.map((r) => r.country)).toEqual(['FR']);
    expect(body.meta).toMatchObject({ groups: 3 });
    const none = await get6109('&country=US');
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
  });

  it('gives the same answer from the lines sorted by code as from the declarations joined to their lines', async () => {
    // A filter on a header field the sorted lines do not carry takes the join; naming every mode keeps every line.
    const viaJoin = await get6109('&transport_mode=sea,road,air');
    const viaCopy = await get6109();
    expect(viaJoin.status).toBe(200);
    expect(viaJoin.body.data).toEqual(viaCopy.body.data);
    expect(viaJoin.body.meta.lines).toBe(10);
  });

  it('gives a product with filters the lines do not hold the same answer as the declarations joined to their lines', async () => {
    // With hs the product's lines are read from the sorted copy and kept to the declarations the
    // other filters keep; without it (every export line here is 6109) the declarations are joined
    // to their lines. Each filter must restrict both alike.
    const both = async (qs: string) => {
      const viaLines = await t.app.inject({ url: `/v1/exports/unit-values?hs=6109&${qs}`, headers: auth });
      const viaJoin = await t.app.inject({ url: `/v1/exports/unit-values?${qs}`, headers: auth });
      expect(viaLines.statusCode, qs).toBe(200);
      expect(viaJoin.statusCode, qs).toBe(200);
      const a = viaLines.json() as { data: unknown[]; meta: { lines: number } };
      const b = viaJoin.json() as { data: unknown[]; meta: { lines: number } };
      expect(a.data, qs).toEqual(b.data);
      expect(a.meta.lines, qs).toBe(b.meta.lines);
      return a.meta.lines;
    };
    expect(await both('q=Buyer%20FR')).toBe(3);
    expect(await both('q=Buyer')).toBe(10);
    const byMode = await Promise.all(['sea', 'road', 'air', 'rail'].map((m) => both(`transport_mode=${m}`)));
    expect(byMode.reduce((a, n) => a + n, 0)).toBe(10);
    expect(byMode.filter((n) => n === 0).length).toBeGreaterThan(0);
  });

  it('groups at most the bound of lines and says when more match (the endpoint then answers 400)', async () => {
    const f = parseFilters({ hs: '6109' }, 'export');
    expect((await unitValueGroups(get().store.db, f, 6, 10, 100)).lines).toBe(10);
    expect((await unitValueGroups(get().store.db, f, 6, 5, 100)).lines).toBe(6);
  });
});
