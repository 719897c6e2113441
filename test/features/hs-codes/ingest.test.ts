// Loading full HS editions and the UNSD correlation table (read from the shared data folder, never
// copied), on both engines; then the API answers from what was loaded.
import fs from 'node:fs';
import path from 'node:path';
import { it, expect, beforeAll, afterAll, describe } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { makeTestApp, type TestApp } from '../../helpers/app.js';
import { loadHsCodes, parseHsCsv, HsFileError } from '../../../src/ingest/hs-codes.js';
import { loadConcordance, parseConcordanceCsv } from '../../../src/ingest/hs-concordance.js';
import { builtinConcordance, builtinHsRows } from '../../../src/features/hs-codes/builtin.js';

const DATA = path.resolve(process.cwd(), '../shared/data');
const read = (f: string) => fs.readFileSync(path.join(DATA, f), 'utf8');

describe('HS CSV parsing', () => {
  it('reads every code of HS 2022 and HS 2017, skipping only the grand-total row', () => {
    const hs22 = parseHsCsv(read('harmonized-system.csv'), 'HS2022');
    expect(hs22.rejected).toEqual([]);
    expect(hs22.rows.filter((r) => r.level === 6).length).toBeGreaterThan(5600);
    expect(hs22.rows.filter((r) => r.level === 2 && r.section !== null)).toHaveLength(96); // 97 chapters, 77 reserved
    const hs17 = parseHsCsv(read('harmonized-system-hs2017.csv'), 'HS2017'); // starts with a byte-order mark
    expect(hs17.rejected).toEqual([]);
    expect(hs17.rows[0]).toMatchObject({ code: '01', parent: null, section: 'I', level: 2 });
    // Every row's parent is in the file.
    const codes = new Set(hs22.rows.map((r) => r.code));
    expect(hs22.rows.filter((r) => r.parent !== null && !codes.has(r.parent))).toEqual([]);
  });

  it('rejects malformed rows with their line and reason', () => {
    const csv = 'section,hscode,description,parent,level\nI,01,Animals,TOTAL,2\nI,0101,Horses,02,4\nI,01A1,Bad,01,4\nI,010121,Mismatch,0101,4\nQ,0102,Cattle,01,4\nI,0103,,01,4\nI,01,Again,TOTAL,2\n';
    const { rows, rejected } = parseHsCsv(csv, 'HS2022');
    expect(rows.map((r) => r.code)).toEqual(['01']);
    expect(rejected.map((r) => r.line)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(rejected[0]!.reason).toMatch(/parent/);
    expect(rejected[2]!.reason).toMatch(/level/);
    expect(() => parseHsCsv('code,text\n01,x\n', 'HS2022')).toThrow(HsFileError);
  });

  it('reads the correlation table in both directions with inverted relationships', () => {
    const { from, to, rows, rejected, total } = parseConcordanceCsv(read('hs2022-to-hs2017-correlation.csv'));
    expect([from, to]).toEqual(['HS2022', 'HS2017']);
    expect(rejected).toEqual([]);
    expect(rows).toHaveLength(total * 2);
    const fwd = rows.filter((r) => r.from_edition === 'HS2022' && r.from_code === '030721');
    expect(fwd.map((r) => `${r.to_code} ${r.relationship}`)).toEqual(['030721 1:n', '030791 n:n']);
    const back = rows.find((r) => r.from_edition === 'HS2017' && r.from_code === '030721' && r.to_code === '030721');
    expect(back?.relationship).toBe('n:1');
    expect(parseConcordanceCsv('hs2022,hs2017,relationship\n010121,010121,2:1\n0101,010121,1:1\n').rejected.map((r) => r.line)).toEqual([2, 3]);
    expect(() => parseConcordanceCsv('hs2022,hs2022,relationship\n')).toThrow(HsFileError);
  });

  it('ships a consistent built-in tree and concordance', () => {
    const rows = builtinHsRows();
    const codes = new Set(rows.map((r) => r.code));
    expect(codes.size).toBe(rows.length);
    for (const r of rows) {
      if (r.parent !== null) expect(codes.has(r.parent), r.code).toBe(true);
      expect(r.description_tr, r.code).toBeTruthy();
    }
    // The built-in concordance agrees with the UNSD table wherever both speak.
    const official = new Map<string, string>();
    for (const r of parseConcordanceCsv(read('hs2022-to-hs2017-correlation.csv')).rows) {
      official.set(`${r.from_edition}|${r.from_code}|${r.to_code}`, r.relationship);
    }
    const disagreements = builtinConcordance()
      .filter((r) => official.get(`${r.from_edition}|${r.from_code}|${r.to_code}`) !== r.relationship);
    expect(disagreements).toEqual([]);
  });
});

describeEachStore('HS loaders into the store', (get) => {
  let t: TestApp;
  let auth: { authorization: string };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const json = async (url: string) => (await t.app.inject({ url, headers: auth })).json() as { data: Array<Record<string, any>>; code: number };

  beforeAll(async () => {
    t = await makeTestApp(get().store);
    auth = { authorization: `Bearer ${await t.token(['trade:read'])}` };
    await json('/v1/hs-codes/61'); // the built-in rows are in before the file is loaded
  }, 60_000);
  afterAll(() => t.close());

  it('loads HS 2022 over the built-in rows, keeps their Turkish text, and is idempotent', async () => {
    const db = get().store.db;
    const first = await loadHsCodes(db, read('harmonized-system.csv'), 'HS2022');
    expect(first.rejected).toEqual([]);
    const again = await loadHsCodes(db, read('harmonized-system.csv'), 'HS2022');
    expect(again.written).toBe(first.written);
    const { n } = await db.selectFrom('hs_codes').select((eb) => eb.fn.countAll<number>().as('n')).where('edition', '=', 'HS2022').executeTakeFirstOrThrow();
    expect(Number(n)).toBe(first.written + builtinHsRows().filter((r) => r.level > 6 || r.code === '77').length);
    const tshirt = (await json('/v1/hs-codes/610910')).data[0]!;
    expect(tshirt.description_en).toMatch(/T-shirts/i);
    expect(tshirt.description_tr).toBe('Pamuktan tişört ve atletler');
    // A heading outside the catalogue is there now, under its chapter.
    const horses = (await json('/v1/hs-codes/010121')).data[0]!;
    expect(horses.path.map((p: { code: string }) => p.code)).toEqual(['I', '01', '0101', '010121']);
  }, 60_000);

  it('searches the loaded edition at once (the index rebuilds after ingestion)', async () => {
    const hits = (await json('/v1/hs-codes?q=horses%20pure-bred%20breeding&level=6')).data;
    expect(hits[0]!.code).toBe('010121');
  });

  it('loads HS 2017 as its own edition and maps codes both ways after loading the UNSD table', async () => {
    const db = get().store.db;
    const r17 = await loadHsCodes(db, read('harmonized-system-hs2017.csv'), 'HS2017');
    expect(r17.rejected).toEqual([]);
    expect((await json('/v1/hs-codes/847130?edition=HS2017')).data[0]!.edition).toBe('HS2017');
    const c = await loadConcordance(db, read('hs2022-to-hs2017-correlation.csv'));
    expect(c.rejected).toEqual([]);
    const split = (await json('/v1/hs-codes/concordance?from_edition=HS2017&to_edition=HS2022&code=030791')).data;
    expect(split.map((m) => `${m.to_code} ${m.relationship}`)).toEqual(expect.arrayContaining(['030721 n:n']));
    expect(split.every((m) => typeof m.to_description_en === 'string')).toBe(true);
    const horses = (await json('/v1/hs-codes/concordance?from_edition=HS2022&to_edition=HS2017&code=010121')).data;
    expect(horses).toEqual([expect.objectContaining({ to_code: '010121', relationship: '1:1' })]);
  }, 60_000);
});
