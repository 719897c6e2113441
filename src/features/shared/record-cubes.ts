// In-memory copies of the raw records for the aggregates no rollup can answer (day bounds, value
// bounds, regimes, currencies, 8–12-digit codes, filter mixes across rollups): one row per
// declaration (header figures) and one per item line (line figures with the declaration's
// attributes), in the same columnar form as the rollup cubes, so one evaluator serves both.
import { CompiledQuery, sql } from 'kysely';
import type { Store } from '../../db/connect.js';
import { CubeBuilder, warmPostings, type Cube, type Slice } from './memcube.js';

export const DECLARATION_CUBE = 'declarations';
export const LINE_CUBE = 'declaration_items';

const KEYS = ['flow', 'period', 'partner_country', 'port', 'customs_office', 'transport_mode', 'incoterm', 'regime', 'currency', 'company_id', 'partner_company_id'];
const MEASURES = ['value_usd_cents', 'net_weight_kg', 'quantity', 'customs_duty_usd_cents', 'additional_duty_usd_cents', 'vat_usd_cents', 'decl_value_cents'];
const INTS = ['date', 'declaration_id'];
const CHUNK = 10_000;

/** Lets requests run between the reads of a long load. */
export const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

export type ReadStore = Pick<Store, 'db' | 'engine' | 'sqlite'>;

/**
 * Rows as arrays, in the order of the SELECT list: SQLite hands them over without building an
 * object per row (a million rows each time the copies are rebuilt); `?` placeholders on both engines.
 * PostgreSQL rows come back as objects: every selected column needs its own name.
 */
export async function readArrays(store: ReadStore, text: string, params: readonly (string | number)[]): Promise<unknown[][]> {
  if (store.sqlite) return store.sqlite.prepare(text).raw(true).all(...params) as unknown[][];
  let n = 0;
  const res = await store.db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text.replace(/\?/g, () => `$${++n}`), [...params]));
  return res.rows.map((r) => Object.values(r));
}

const DECL_SELECT = ['id', 'flow', 'period', 'registered_at', 'partner_country', 'port', 'customs_office', 'transport_mode', "coalesce(incoterm, '') as incoterm", 'regime', 'currency',
  'company_id', 'coalesce(partner_company_id, 0) as partner_company_id', 'value_usd_cents', 'net_weight_kg', 'customs_duty_usd_cents', 'additional_duty_usd_cents', 'vat_usd_cents'];
const DECL_AT = new Map<string, readonly [0 | 1, number]>([
  ['declaration_id', [0, 0]], ['flow', [0, 1]], ['period', [0, 2]], ['date', [0, 3]], ['partner_country', [0, 4]], ['port', [0, 5]], ['customs_office', [0, 6]],
  ['transport_mode', [0, 7]], ['incoterm', [0, 8]], ['regime', [0, 9]], ['currency', [0, 10]], ['company_id', [0, 11]], ['partner_company_id', [0, 12]],
  ['value_usd_cents', [0, 13]], ['net_weight_kg', [0, 14]], ['customs_duty_usd_cents', [0, 15]], ['additional_duty_usd_cents', [0, 16]], ['vat_usd_cents', [0, 17]],
  ['decl_value_cents', [0, 13]],
]);
const ITEM_SELECT = ['declaration_id', 'gtip', 'value_usd_cents', 'net_weight_kg', 'quantity', 'customs_duty_usd_cents', 'additional_duty_usd_cents', 'vat_usd_cents', 'quantity_unit'];
// Line rows: the line's own figures, everything else from its declaration.
const LINE_AT = new Map<string, readonly [0 | 1, number]>([
  ...[...DECL_AT].map(([k, w]) => [k, [1, w[1]]] as [string, readonly [0 | 1, number]]),
  ['gtip', [0, 1]], ['value_usd_cents', [0, 2]], ['net_weight_kg', [0, 3]], ['quantity', [0, 4]], ['customs_duty_usd_cents', [0, 5]],
  ['additional_duty_usd_cents', [0, 6]], ['vat_usd_cents', [0, 7]], ['quantity_unit', [0, 8]],
]);

interface Counted {
  flow: string;
  period: number | string;
  n: number | string;
  lines: number | string | null;
}

/** Reads declarations and their lines, a slice of ids at a time, into the two record cubes. */
export async function loadRecordCubes(store: ReadStore): Promise<Map<string, Cube>> {
  const { db } = store;
  const top = await sql<{ m: number | string | null }>`select max(id) as m from declarations`.execute(db);
  const maxId = Number(top.rows[0]?.m ?? 0);
  // Pass 1: rows per (flow, period) for both cubes, in id ranges so no read holds the store long.
  const decl = new Map<string, Slice>();
  const lines = new Map<string, Slice>();
  const STEP = 100_000;
  for (let lo = 0; lo < maxId; lo += STEP) {
    const r = await sql<Counted>`select flow, period, count(*) as n, sum(items_count) as lines from declarations where id > ${lo} and id <= ${Math.min(maxId, lo + STEP)} group by flow, period`.execute(db);
    for (const c of r.rows) {
      const key = `${c.flow}|${c.period}`;
      const d = decl.get(key) ?? { flow: c.flow, period: Number(c.period), rows: 0 };
      d.rows += Number(c.n);
      decl.set(key, d);
      const l = lines.get(key) ?? { flow: c.flow, period: Number(c.period), rows: 0 };
      l.rows += Number(c.lines ?? 0);
      lines.set(key, l);
    }
    await yieldToIo();
  }
  const declarations = new CubeBuilder(DECLARATION_CUBE, KEYS, MEASURES.filter((m) => m !== 'quantity'), [...decl.values()], INTS, 'gtip');
  const items = new CubeBuilder(LINE_CUBE, [...KEYS, 'gtip', 'quantity_unit'], MEASURES, [...lines.values()], INTS, 'gtip');

  // Pass 2: the rows themselves.
  const declSql = `select ${DECL_SELECT.join(', ')} from declarations where id > ? and id <= ? order by id limit ${CHUNK}`;
  const itemSql = `select ${ITEM_SELECT.join(', ')} from declaration_items where declaration_id >= ? and declaration_id <= ? order by declaration_id, line_no`;
  let after = 0;
  while (after < maxId) {
    const ds = await readArrays(store, declSql, [after, maxId]);
    if (!ds.length) break;
    const byId = new Map<number, unknown[]>();
    for (const d of ds) {
      d[0] = Number(d[0]);
      d[3] = Number(String(d[3]).slice(0, 10).replaceAll('-', ''));
      byId.set(d[0] as number, d);
    }
    declarations.appendArrays(ds, DECL_AT);
    const first = ds[0]![0] as number;
    const last = ds[ds.length - 1]![0] as number;
    const is = await readArrays(store, itemSql, [first, last]);
    items.appendArrays(is, LINE_AT, (i) => byId.get(Number(i[0]))!);
    after = last;
    await yieldToIo();
  }
  const cubes = new Map([[DECLARATION_CUBE, declarations.finish()], [LINE_CUBE, items.finish()]]);
  for (const cube of cubes.values()) {
    warmPostings(cube);
    await yieldToIo();
  }
  return cubes;
}

export const GTIP_CUBE = 'gtip_monthly';
/** Code depths the GTIP copy counts declarations at: one `records_N` column each. */
export const GTIP_DEPTHS = [8, 10, 12] as const;
// The lines' own figures (not the declaration value they carry for value bounds).
const GTIP_MEASURES = MEASURES.filter((m) => m !== 'decl_value_cents');

/**
 * The line copy summed by (flow, month, 12-digit code): what product rankings and breakdowns at 8
 * to 12 digits read, about a tenth of the lines. `records_N` counts each declaration once per
 * N-digit code, on the first of its lines with that code, so summing it over the rows of a code
 * (or of any wider prefix of at most N digits) counts distinct declarations exactly.
 */
export async function deriveGtipCube(lines: Cube): Promise<Cube> {
  const flow = lines.dims.get('flow')!;
  const period = lines.dims.get('period')!;
  const gtip = lines.dims.get('gtip')!;
  const decl = lines.ints.get('declaration_id')!;
  const measures = GTIP_MEASURES.map((m) => lines.measures.get(m)!);
  const rows: (string | number)[][] = [];
  const slices: Slice[] = [];
  for (const seg of lines.segments) {
    const at = new Map<number, (string | number)[]>();
    let seen: string[] = [];
    for (let r = seg.start; r < seg.end; r++) {
      if (r === seg.start || decl[r] !== decl[r - 1]) seen = [];
      const code = gtip.codes[r]!;
      let row = at.get(code);
      if (!row) {
        row = [flow.values[seg.flow]!, period.values[seg.period]!, gtip.values[code]!, ...GTIP_MEASURES.map(() => 0), ...GTIP_DEPTHS.map(() => 0)];
        at.set(code, row);
        rows.push(row);
      }
      measures.forEach((m, k) => ((row[3 + k] as number) += m[r]!));
      const g = String(gtip.values[code]);
      GTIP_DEPTHS.forEach((depth, k) => {
        const prefix = `${depth}:${g.slice(0, depth)}`;
        if (!seen.includes(prefix)) {
          seen.push(prefix);
          (row[3 + GTIP_MEASURES.length + k] as number)++;
        }
      });
    }
    if (at.size) slices.push({ flow: String(flow.values[seg.flow]), period: Number(period.values[seg.period]), rows: at.size });
    await yieldToIo(); // a month of lines at a time, so requests run in between
  }
  const columns = ['flow', 'period', 'gtip', ...GTIP_MEASURES, ...GTIP_DEPTHS.map((d) => `records_${d}`)];
  const builder = new CubeBuilder(GTIP_CUBE, ['flow', 'period', 'gtip'], columns.slice(3), slices, [], 'gtip');
  builder.appendArrays(rows, new Map(columns.map((c, i) => [c, [0, i] as const])));
  const cube = builder.finish();
  warmPostings(cube);
  return cube;
}
