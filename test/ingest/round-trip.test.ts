// A record read from the API can be written back unchanged: the ingestion validator accepts the
// flattened parties (company_name, partner_name, …) the read endpoints return.
import { it, expect, beforeAll, afterAll } from 'vitest';
import { describeEachStore } from '../helpers/stores.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { validateDeclaration } from '../../src/ingest/validate.js';
import { makeDeclaration, makeDeclarations } from './fixtures.js';

describeEachStore('round trip: read a declaration, write it back under a new number', (get) => {
  let t: TestApp;
  let writer = '';
  let reader = '';
  beforeAll(async () => {
    t = await makeTestApp(get().store);
    writer = await t.token(['data:write']);
    reader = await t.token(['trade:read']);
  }, 60_000);
  afterAll(async () => t.close());

  const read = async (flow: string, no: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/${flow}s/declarations/${no}`, headers: { authorization: `Bearer ${reader}` } });
    expect(res.statusCode).toBe(200);
    return res.json().data[0] as Record<string, unknown>;
  };
  const write = (records: unknown[]) =>
    t.app.inject({ method: 'POST', url: '/v1/trade/records/batch', headers: { authorization: `Bearer ${writer}` }, payload: records as object[] });

  it('stores the read shape as it is and reads back the same record', async () => {
    const originals = makeDeclarations(4, 0, 'RT');
    expect((await write(originals)).json().data[0]).toMatchObject({ stored: 4, rejected: [] });

    const read1 = await Promise.all(originals.map((d) => read(d.flow, d.declaration_no)));
    expect(read1[0]).not.toHaveProperty('company');
    const copies = read1.map((r) => ({ ...r, declaration_no: `RTB${String(r.declaration_no).slice(2)}` }) as Record<string, unknown> & { declaration_no: string });
    const res = await write(copies);
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({ stored: 4, duplicates: 0, rejected: [] });

    const read2 = await Promise.all(copies.map((c) => read(String(c.flow), c.declaration_no)));
    const comparable = ({ declaration_no: _no, record_id: _id, ...rest }: Record<string, unknown>) => rest;
    for (let i = 0; i < read1.length; i++) {
      // Same parties (company ids included), items, amounts and everything else but the number.
      expect(comparable(read2[i]!)).toEqual(comparable(read1[i]!));
    }
  });

  it('names the flattened field when it is wrong', async () => {
    const [r] = await Promise.all([read(makeDeclaration(0, 0, 'RT').flow, 'RT00000000')]);
    const res = await write([{ ...r, declaration_no: 'RTC1', company_tax_number: '123' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toContainEqual({ field: '[0].company_tax_number', issue: expect.stringMatching(/VKN/) });
  });
});

it('the flattened parties validate to the same declaration as the objects', () => {
  const d = makeDeclaration(7);
  const { company, partner, ...rest } = d;
  const flat = {
    ...rest,
    company_name: company.name,
    company_tax_number: company.tax_number,
    company_city: company.city,
    partner_name: partner.name,
    partner_country: partner.country,
  };
  const a = validateDeclaration(d, '2026-01-01');
  const b = validateDeclaration(flat, '2026-01-01');
  expect(a.ok).toBe(true);
  expect(b).toEqual(a);
  expect(validateDeclaration(rest, '2026-01-01')).toMatchObject({ ok: false, errors: expect.arrayContaining([expect.objectContaining({ field: 'company' })]) });
});
