// In-memory copies of the raw records for the aggregates no rollup can answer (day bounds, value
// bounds, regimes, currencies, 8–12-digit codes, filter mixes across rollups): one row per
// declaration (header figures) and one per item line (line figures with the declaration's
// attributes), in the same columnar form as the rollup cubes, so one evaluator serves both.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { CubeBuilder, warmPostings, type Cube, type Slice } from './memcube.js';

export const DECLARATION_CUBE = 'declarations';
export const LINE_CUBE = 'declaration_items';

const KEYS = ['flow', 'period', 'partner_country', 'port', 'customs_office', 'transport_mode', 'incoterm', 'regime', 'currency', 'company_id', 'partner_company_id'];
const MEASURES = ['value_usd_cents', 'net_weight_kg', 'quantity', 'customs_duty_usd_cents', 'additional_duty_usd_cents', 'vat_usd_cents', 'decl_value_cents'];
const INTS = ['date', 'declaration_id'];
const CHUNK = 10_000;

const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Counted {
  flow: string;
  period: number | string;
  n: number | string;
  lines: number | string | null;
}

/** Reads declarations and their lines, a slice of ids at a time, into the two record cubes. */
export async function loadRecordCubes(db: Kysely<DB>): Promise<Map<string, Cube>> {
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
  const items = new CubeBuilder(LINE_CUBE, [...KEYS, 'gtip'], MEASURES, [...lines.values()], INTS, 'gtip');

  // Pass 2: the rows themselves.
  let after = 0;
  while (after < maxId) {
    const ds = await sql<Record<string, unknown>>`select id as declaration_id, flow, period, registered_at, partner_country, port, customs_office,
        transport_mode, coalesce(incoterm, '') as incoterm, regime, currency, company_id, coalesce(partner_company_id, 0) as partner_company_id,
        value_usd_cents, net_weight_kg, customs_duty_usd_cents, additional_duty_usd_cents, vat_usd_cents
      from declarations where id > ${after} and id <= ${maxId} order by id limit ${sql.lit(CHUNK)}`.execute(db);
    if (!ds.rows.length) break;
    const first = Number(ds.rows[0]!.declaration_id);
    const last = Number(ds.rows[ds.rows.length - 1]!.declaration_id);
    const byId = new Map<number, Record<string, unknown>>();
    for (const d of ds.rows) {
      d.date = Number(String(d.registered_at).slice(0, 10).replaceAll('-', ''));
      d.decl_value_cents = d.value_usd_cents;
      byId.set(Number(d.declaration_id), d);
    }
    declarations.append(ds.rows);
    const is = await sql<Record<string, unknown>>`select declaration_id, gtip, value_usd_cents, net_weight_kg, quantity, customs_duty_usd_cents,
        additional_duty_usd_cents, vat_usd_cents
      from declaration_items where declaration_id >= ${first} and declaration_id <= ${last} order by declaration_id, line_no`.execute(db);
    items.append(is.rows.map((i) => {
      const d = byId.get(Number(i.declaration_id))!;
      return { ...d, gtip: i.gtip, value_usd_cents: i.value_usd_cents, net_weight_kg: i.net_weight_kg, quantity: i.quantity,
        customs_duty_usd_cents: i.customs_duty_usd_cents, additional_duty_usd_cents: i.additional_duty_usd_cents, vat_usd_cents: i.vat_usd_cents };
    }));
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
