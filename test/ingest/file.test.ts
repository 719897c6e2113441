import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describeEachStore, freshStore, storeTargets } from '../helpers/stores.js';
import { dumpTables } from '../helpers/dump.js';
import { ingestFile, type ReportLine } from '../../src/ingest/file.js';
import { CSV_COLUMNS, csvLine, declarationToCsvRows } from '../../src/ingest/parse.js';
import { verifyRollups } from '../../src/analytics/verify.js';
import { makeDeclaration, makeDeclarations } from './fixtures.js';

let dir = '';
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-file-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function readReport(file: string): ReportLine[] {
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as ReportLine);
}

/** An NDJSON file of 50 good declarations with broken lines at known places. */
function ndjsonWithBrokenRows(prefix: string): { file: string; good: number } {
  const lines = makeDeclarations(50, 0, prefix).map((d) => JSON.stringify(d));
  const badGtip = makeDeclaration(900, 900, prefix);
  badGtip.items[0]!.gtip = '6109';
  const badSum = makeDeclaration(901, 901, prefix);
  badSum.value_usd += 5;
  lines.splice(3, 0, '{"declaration_no": "' + prefix + 'TRUNC", "flow": "imp'); // line 4: truncated JSON
  lines.splice(10, 0, JSON.stringify(badGtip)); // line 11
  lines.splice(20, 0, ''); // line 21: blank, skipped
  lines.splice(30, 0, JSON.stringify(badSum)); // line 31
  const file = path.join(dir, `${prefix}.ndjson`);
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return { file, good: 50 };
}

describeEachStore('ingest file', (get) => {
  it('NDJSON: rejects each broken row with line and reason, stores the rest; a re-run changes nothing', async () => {
    const { store } = get();
    const { file } = ndjsonWithBrokenRows('N');
    const report = path.join(dir, `N-${store.engine}.jsonl`);
    // Parsed on a second thread first, then on this one: the batches, and so their keys, are the same.
    const first = await ingestFile(store, file, { format: 'ndjson', batchSize: 7, reportPath: report, source: 'ndjson-test', parseThread: true });
    expect(first).toMatchObject({ rows: 53, stored: 50, duplicates: 0, rejected: 3, replayed_batches: 0 });
    const lines = readReport(report);
    expect(lines.find((l) => l.line === 4)).toMatchObject({ declaration_no: 'NTRUNC', field: '(line)' });
    expect(lines.find((l) => l.line === 11)).toMatchObject({ declaration_no: 'N00000900', field: 'items[0].gtip' });
    expect(lines.find((l) => l.line === 31)).toMatchObject({ declaration_no: 'N00000901', field: 'value_usd' });
    expect(lines).toHaveLength(3);

    const again = await ingestFile(store, file, { format: 'ndjson', batchSize: 7, reportPath: report, source: 'ndjson-test', parseThread: false });
    expect(again).toMatchObject({ rows: 53, stored: 0, duplicates: 50, rejected: 3, replayed_batches: again.batches });
    expect(readReport(report)).toEqual(lines);
    const n = await store.db.selectFrom('declarations').select(sql<number>`count(*)`.as('n')).where('source', '=', 'ndjson-test').executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(50);
    expect((await verifyRollups(store)).ok).toBe(true);
  });

  it('CSV: groups item rows into declarations and rejects broken rows with their line', async () => {
    const { store } = get();
    const decls = makeDeclarations(20, 0, 'S');
    decls[2]!.items[0]!.quantity_unit = 'bushel';
    let text = csvLine([...CSV_COLUMNS]);
    let line = 1;
    const startLine: number[] = [];
    for (const d of decls) {
      startLine.push(line + 1);
      for (const row of declarationToCsvRows(d)) {
        text += csvLine(row);
        line++;
      }
    }
    text += 'only,three,cells\n'; // wrong column count
    const file = path.join(dir, 'S.csv');
    fs.writeFileSync(file, text);
    const report = path.join(dir, `S-${store.engine}.jsonl`);
    const res = await ingestFile(store, file, { format: 'csv', batchSize: 8, reportPath: report, source: 'csv-test', parseThread: true });
    expect(res).toMatchObject({ stored: 19, rejected: 2 });
    const lines = readReport(report);
    expect(lines.find((l) => l.field === 'items[0].quantity_unit')).toMatchObject({ line: startLine[2], declaration_no: 'S00000002' });
    expect(lines.find((l) => l.field === '(line)')?.reason).toMatch(/malformed CSV/);

    const stored = await store.db.selectFrom('declarations').select(['items_count', 'value_usd_cents']).where('declaration_no', '=', 'S00000005').executeTakeFirstOrThrow();
    expect(stored.items_count).toBe(decls[5]!.items.length);
    expect(Number(stored.value_usd_cents)).toBe(Math.round(decls[5]!.value_usd * 100));
    expect((await verifyRollups(store)).ok).toBe(true);
  });

  it('CSV: a declaration split across the file, or with header fields that differ between its rows, is rejected', async () => {
    const { store } = get();
    const [a, b] = makeDeclarations(2, 0, 'G');
    a!.items = [a!.items[0]!, { ...a!.items[0]!, line_no: 2, value_usd: 0, net_weight_kg: 0, gross_weight_kg: 0 }];
    const aRows = declarationToCsvRows(a!);
    const vesselCol = CSV_COLUMNS.indexOf('vessel');
    aRows[1]![vesselCol] = 'OTHER SHIP';
    const bRows = declarationToCsvRows(b!);
    const text = csvLine([...CSV_COLUMNS]) + csvLine(aRows[0]!) + csvLine(aRows[1]!) + csvLine(bRows[0]!) + csvLine(aRows[0]!);
    const file = path.join(dir, 'G.csv');
    fs.writeFileSync(file, text);
    const report = path.join(dir, `G-${store.engine}.jsonl`);
    const res = await ingestFile(store, file, { format: 'csv', reportPath: report, parseThread: false });
    expect(res).toMatchObject({ stored: 1, rejected: 2 });
    const lines = readReport(report);
    expect(lines.find((l) => l.field === 'vessel')).toMatchObject({ line: 3, declaration_no: 'G00000000' });
    expect(lines.find((l) => l.field === 'declaration_no')).toMatchObject({ line: 5, declaration_no: 'G00000000' });
  });

  it('CSV: an unknown or missing column fails the file before anything is stored', async () => {
    const { store } = get();
    const file = path.join(dir, 'bad-header.csv');
    fs.writeFileSync(file, 'declaration_no,flow,colour\nX1,import,red\n');
    for (const parseThread of [false, true]) {
      await expect(ingestFile(store, file, { format: 'csv', parseThread })).rejects.toThrow(/unknown CSV column/);
    }
    const n = await store.db.selectFrom('ingest_batches').select(sql<number>`count(*)`.as('n')).where('source', '=', 'file:bad-header.csv').executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(0);
  });

  it('a large file goes in through chunks of one transaction per batch, the same on either thread', async () => {
    const { store } = get();
    // More declarations than a chunk (2,000) so each batch arrives in several pieces.
    const decls = makeDeclarations(5_000, 0, 'L');
    decls[4321]!.partner.name = 'Öztürk Şişe Ürünleri Ltd'; // non-ASCII text survives the hand-over
    const file = path.join(dir, 'L.ndjson');
    fs.writeFileSync(file, decls.map((d) => JSON.stringify(d)).join('\n') + '\n');
    const first = await ingestFile(store, file, { format: 'ndjson', batchSize: 4_500, source: 'large', parseThread: true });
    expect(first).toMatchObject({ batches: 2, stored: 5_000, duplicates: 0, rejected: 0 });
    const again = await ingestFile(store, file, { format: 'ndjson', batchSize: 4_500, source: 'large', parseThread: false });
    expect(again).toMatchObject({ batches: 2, replayed_batches: 2, stored: 0, duplicates: 5_000 });
    const row = await store.db
      .selectFrom('declarations')
      .innerJoin('companies', 'companies.id', 'declarations.partner_company_id')
      .select(['companies.name', 'declarations.items_count', 'declarations.value_usd_cents'])
      .where('declaration_no', '=', decls[4321]!.declaration_no)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Öztürk Şişe Ürünleri Ltd');
    expect(row.items_count).toBe(decls[4321]!.items.length);
    expect(Number(row.value_usd_cents)).toBe(Math.round(decls[4321]!.value_usd * 100));
    const items = await store.db.selectFrom('declaration_items').innerJoin('declarations', 'declarations.id', 'declaration_items.declaration_id')
      .select(sql<number>`count(*)`.as('n')).where('declarations.source', '=', 'large').executeTakeFirstOrThrow();
    expect(Number(items.n)).toBe(decls.reduce((a, d) => a + d.items.length, 0));
    expect((await verifyRollups(store)).ok).toBe(true);
  });

  it('on the parsing thread, a file that repeats stored declarations keeps the rollups exact', async () => {
    const { store } = get();
    const decls = makeDeclarations(3_000, 0, 'O');
    const first = path.join(dir, 'O1.ndjson');
    const second = path.join(dir, 'O2.ndjson');
    fs.writeFileSync(first, decls.slice(0, 2_000).map((d) => JSON.stringify(d)).join('\n') + '\n');
    fs.writeFileSync(second, decls.slice(1_000).map((d) => JSON.stringify(d)).join('\n') + '\n');
    expect(await ingestFile(store, first, { format: 'ndjson', batchSize: 1_500, source: 'overlap', parseThread: true })).toMatchObject({ stored: 2_000 });
    expect(await ingestFile(store, second, { format: 'ndjson', batchSize: 1_500, source: 'overlap', parseThread: true })).toMatchObject({ stored: 1_000, duplicates: 1_000 });
    expect((await verifyRollups(store)).ok).toBe(true);
  });
});

for (const target of storeTargets()) {
  describe(`ingest file on either thread [${target.engine}]`, () => {
    it('stores the same rows whichever thread parses', async () => {
      const file = path.join(os.tmpdir(), `either-${process.pid}-${target.engine}.ndjson`);
      fs.writeFileSync(file, makeDeclarations(4_000, 0, 'E').map((d) => JSON.stringify(d)).join('\n') + '\nnot json\n');
      const tables = ['companies', 'declarations', 'declaration_items', 'ingest_batches'];
      const dumps = [];
      try {
        for (const parseThread of [false, true]) {
          const fresh = await freshStore(target);
          try {
            expect(await ingestFile(fresh.store, file, { format: 'ndjson', batchSize: 1_500, source: 'either', parseThread })).toMatchObject({ stored: 4_000, rejected: 1 });
            dumps.push(await dumpTables(fresh.store, tables));
          } finally {
            await fresh.close();
          }
        }
      } finally {
        fs.rmSync(file, { force: true });
      }
      for (const t of tables) expect(dumps[1]![t], t).toEqual(dumps[0]![t]);
    }, 60_000);
  });
}
