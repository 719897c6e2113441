// Every bill of lading held in memory as columns, in the store's own order of (flow, issue date,
// B/L number), so a list page is a walk backwards from the window's end (or the cursor) testing
// dictionary codes, instead of a SQL scan with a folded LIKE per request. Only the bills of the
// page are then read from the store.
//
// Freshness: bills are written with their declarations in an ingestion batch, so the table is
// valid for the committed batches (count and last id) and refreshed like every in-memory copy
// (refreshed-copy.ts): checked at most once a second, read again in the background.
import { sql } from 'kysely';
import type { Engine } from '../../db/connect.js';
import { PORTS } from '../../reference/ports.js';
import { readArrays, yieldToIo, type ReadStore } from '../../db/read-arrays.js';
import { RefreshedCopies } from '../shared/refreshed-copy.js';
import { Codes, TextDictionary, foldAsSql, upperAsSql } from '../shared/text-search.js';
import type { BillFilter } from './bills-of-lading.js';

export interface BillTable {
  n: number;
  /** Rows of each flow: [start, end). */
  flows: Map<string, [number, number]>;
  /** Issue date as YYYYMMDD, ascending within a flow. */
  day: Int32Array;
  number: string[];
  /** Codes into `ports`. */
  loading: Int32Array;
  discharge: Int32Array;
  ports: string[];
  carrier: Int32Array;
  carriers: string[];
  /** Codes into `vessels`, each as `upper(vessel)` gives it on the store's engine (null: none). */
  vessel: Int32Array;
  vessels: (string | null)[];
  /** 0 where the bill names no company. */
  shipperCompany: Float64Array;
  consigneeCompany: Float64Array;
  /** Codes into `names` (shipper and consignee share it) and `goods`, folded as the SQL folds them. */
  shipper: Int32Array;
  consignee: Int32Array;
  names: TextDictionary;
  goods: Int32Array;
  goodsTexts: TextDictionary;
}

const CHUNK = 5000;
const COLUMNS = ['flow', 'issued_at', 'bl_number', 'port_of_loading', 'port_of_discharge', 'carrier_scac', 'vessel', 'shipper_company_id', 'consignee_company_id', 'shipper_name', 'consignee_name', 'goods_description'];
const ORDER = 'order by flow, issued_at, bl_number';

const dayOf = (d: unknown) => Number(String(d).slice(0, 10).replaceAll('-', ''));

/** Reads every bill in the store's order, a few thousand at a time with a pause between reads. */
export async function readBillTable(store: ReadStore): Promise<BillTable> {
  const first = `select ${COLUMNS.join(', ')} from bills_of_lading ${ORDER} limit ${CHUNK}`;
  const next = `select ${COLUMNS.join(', ')} from bills_of_lading where (flow, issued_at, bl_number) > (?, ?, ?) ${ORDER} limit ${CHUNK}`;
  const flow: string[] = [];
  const day: number[] = [];
  const number: string[] = [];
  const cols = { loading: [] as number[], discharge: [] as number[], carrier: [] as number[], vessel: [] as number[], shipperCompany: [] as number[], consigneeCompany: [] as number[], shipper: [] as number[], consignee: [] as number[], goods: [] as number[] };
  const ports = new Codes<string>();
  const carriers = new Codes<string>();
  const vessels = new Codes<string | null>();
  const names = new Codes<string>();
  const goods = new Codes<string>();
  let rows = await readArrays(store, first, []);
  for (;;) {
    for (const r of rows) {
      flow.push(String(r[0]));
      day.push(dayOf(r[1]));
      number.push(String(r[2]));
      cols.loading.push(ports.of(String(r[3])));
      cols.discharge.push(ports.of(String(r[4])));
      cols.carrier.push(carriers.of(String(r[5])));
      cols.vessel.push(vessels.of(r[6] === null || r[6] === undefined ? null : String(r[6])));
      cols.shipperCompany.push(Number(r[7] ?? 0));
      cols.consigneeCompany.push(Number(r[8] ?? 0));
      cols.shipper.push(names.of(String(r[9])));
      cols.consignee.push(names.of(String(r[10])));
      cols.goods.push(goods.of(String(r[11])));
    }
    if (rows.length < CHUNK) break;
    const last = rows[rows.length - 1]!;
    await yieldToIo();
    rows = await readArrays(store, next, [String(last[0]), String(last[1]).slice(0, 10), String(last[2])]);
  }
  const flows = new Map<string, [number, number]>();
  for (let i = 0; i < flow.length; i++) {
    const seg = flows.get(flow[i]!);
    if (seg) seg[1] = i + 1;
    else flows.set(flow[i]!, [i, i + 1]);
  }
  const engine: Engine = store.engine;
  return {
    n: flow.length,
    flows,
    day: Int32Array.from(day),
    number,
    loading: Int32Array.from(cols.loading),
    discharge: Int32Array.from(cols.discharge),
    ports: ports.values,
    carrier: Int32Array.from(cols.carrier),
    carriers: carriers.values,
    vessel: Int32Array.from(cols.vessel),
    vessels: vessels.values.map((v) => (v === null ? null : upperAsSql(v, engine))),
    shipperCompany: Float64Array.from(cols.shipperCompany),
    consigneeCompany: Float64Array.from(cols.consigneeCompany),
    shipper: Int32Array.from(cols.shipper),
    consignee: Int32Array.from(cols.consignee),
    names: new TextDictionary(names.values.map((t) => foldAsSql(t, engine))),
    goods: Int32Array.from(cols.goods),
    goodsTexts: new TextDictionary(goods.values.map((t) => foldAsSql(t, engine))),
  };
}

async function signatureOf(store: ReadStore): Promise<string> {
  const r = await sql<{ n: number | string; m: number | string | null }>`select count(*) as n, max(id) as m from ingest_batches where status = 'done'`.execute(store.db);
  return `${r.rows[0]?.n ?? 0}:${r.rows[0]?.m ?? 0}`;
}

const tables = new RefreshedCopies<ReadStore, BillTable>(signatureOf, readBillTable);

/** The bills of this store, current to within about a second of a committed batch. */
export function billTable(store: ReadStore): Promise<BillTable> {
  return tables.get(store.db, store);
}

/** Forget every table (tests that write bills directly and list them at once). */
export function forgetBillTables(): void {
  tables.forget();
}

/** First position in [lo, hi) whose day is ≥ x (or > x when `after`). */
function firstDay(day: Int32Array, lo: number, hi: number, x: number, after: boolean): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (day[mid]! < x || (after && day[mid] === x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function maskOf<V>(values: readonly V[], accept: (v: V) => boolean): Uint8Array | null {
  const mask = new Uint8Array(values.length);
  let any = false;
  values.forEach((v, c) => {
    if (accept(v)) {
      mask[c] = 1;
      any = true;
    }
  });
  return any ? mask : null;
}

function maskOfCodes(size: number, codes: Int32Array): Uint8Array {
  const mask = new Uint8Array(size);
  for (const c of codes) mask[c] = 1;
  return mask;
}

/**
 * B/L numbers of the next `count` bills in list order (newest issue date first, then B/L number
 * descending, as the SQL orders them) after the cursor; null when the cursor's bill is not in the
 * table (the caller asks the store).
 */
export function billPage(t: BillTable, f: BillFilter, after: readonly [string, string] | null, count: number): string[] | null {
  const seg = t.flows.get(f.flow);
  if (!seg) return after ? null : [];
  const [start, end] = seg;
  const lo = f.from ? firstDay(t.day, start, end, dayOf(f.from), false) : start;
  const hi = f.to ? firstDay(t.day, start, end, dayOf(f.to), true) : end;
  let from = hi - 1;
  if (after) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(after[0])) return null;
    const d = dayOf(after[0]);
    let p = firstDay(t.day, start, end, d, false);
    while (p < end && t.day[p] === d && t.number[p] !== after[1]) p++;
    if (p >= end || t.day[p] !== d) return null;
    from = Math.min(from, p - 1);
  }
  const out: string[] = [];
  if (from < lo || count <= 0) return out;

  // Each filter as a mask over its dictionary; a filter nothing can pass ends the search.
  const ports = f.ports.length ? maskOf(t.ports, (v) => f.ports.includes(v)) : null;
  if (f.ports.length && !ports) return out;
  let countries: Uint8Array | null = null;
  if (f.countries.length) {
    // The foreign end's country: its code's first two letters, or the port's country when known.
    const known = new Set(PORTS.filter((p) => f.countries.includes(p.country)).map((p) => p.code));
    countries = maskOf(t.ports, (v) => f.countries.includes(v.slice(0, 2)) || known.has(v));
    if (!countries) return out;
  }
  const foreign = f.flow === 'import' ? t.loading : t.discharge;
  const carriers = f.carriers.length ? maskOf(t.carriers, (v) => f.carriers.includes(v)) : null;
  if (f.carriers.length && !carriers) return out;
  const wantVessel = f.vessel ? f.vessel.toUpperCase() : null;
  const vessels = wantVessel !== null ? maskOf(t.vessels, (v) => v === wantVessel) : null;
  if (wantVessel !== null && !vessels) return out;
  let names: Uint8Array | null = null;
  let goods: Uint8Array | null = null;
  if (f.q) {
    const n = t.names.matching(f.q);
    const g = t.goodsTexts.matching(f.q);
    if (!n.length && !g.length) return out;
    names = maskOfCodes(t.names.size, n);
    goods = maskOfCodes(t.goodsTexts.size, g);
  }
  const company = f.companyId;

  for (let r = from; r >= lo && out.length < count; r--) {
    if (company !== null && t.shipperCompany[r] !== company && t.consigneeCompany[r] !== company) continue;
    if (carriers && !carriers[t.carrier[r]!]) continue;
    if (ports && !ports[t.loading[r]!] && !ports[t.discharge[r]!]) continue;
    if (countries && !countries[foreign[r]!]) continue;
    if (vessels && !vessels[t.vessel[r]!]) continue;
    if (names && !names[t.shipper[r]!] && !names[t.consignee[r]!] && !goods![t.goods[r]!]) continue;
    out.push(t.number[r]!);
  }
  return out;
}
