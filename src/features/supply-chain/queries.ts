// Query functions of the supply-chain family: trading-pair edges for graph walks and the
// shipment rows that routes, ports and carriers are summarised from.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { DateRange } from '../companies/queries.js';

export interface Edge {
  flow: 'import' | 'export';
  /** The Turkish declarant. */
  company_id: number;
  /** The foreign partner. */
  partner_company_id: number;
  records: number;
  value_cents: number;
}

/** Every trading pair touching one of `ids`, on either side, with its declarations and value. */
export async function edgesTouching(db: Kysely<DB>, ids: readonly number[], range: DateRange): Promise<Edge[]> {
  if (!ids.length) return [];
  const out: Edge[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const run = (column: 'company_id' | 'partner_company_id') => {
      let q = db
        .selectFrom('declarations')
        .select(['flow', 'company_id', 'partner_company_id', sql<number>`count(*)`.as('records'), sql<number>`sum(value_usd_cents)`.as('value_cents')])
        .where(column, 'in', chunk)
        .where('partner_company_id', 'is not', null);
      if (range.from) q = q.where('registered_at', '>=', range.from);
      if (range.to) q = q.where('registered_at', '<=', range.to);
      return q.groupBy(['flow', 'company_id', 'partner_company_id']).execute();
    };
    const [a, b] = await Promise.all([run('company_id'), run('partner_company_id')]);
    const seen = new Set<string>();
    for (const r of [...a, ...b]) {
      const key = `${r.flow}|${r.company_id}|${r.partner_company_id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ flow: r.flow, company_id: Number(r.company_id), partner_company_id: Number(r.partner_company_id), records: Number(r.records), value_cents: Number(r.value_cents) });
    }
  }
  return out;
}

export interface ShipmentRow {
  origin_port: string;
  destination_port: string;
  carrier: string | null;
  transport_mode: string;
  flow: string;
  departure: string | null;
  arrival: string | null;
  company_id: number | null;
  partner_company_id: number | null;
}

export interface ShipmentFilter {
  origin_port?: string;
  destination_port?: string;
  port?: string;
  carrier?: string;
  transport_mode?: string;
  range: DateRange;
}

/** Shipments matching the filter; the date range applies to the (actual, else planned) departure. */
export async function shipmentRows(db: Kysely<DB>, f: ShipmentFilter): Promise<ShipmentRow[]> {
  let q = db
    .selectFrom('shipments')
    .select([
      'origin_port', 'destination_port', 'carrier', 'transport_mode', 'flow', 'company_id', 'partner_company_id',
      sql<string | null>`coalesce(actual_departure, planned_departure)`.as('departure'),
      'actual_arrival as arrival',
    ]);
  if (f.origin_port) q = q.where('origin_port', '=', f.origin_port);
  if (f.destination_port) q = q.where('destination_port', '=', f.destination_port);
  if (f.port) {
    const p = f.port;
    q = q.where((eb) => eb.or([eb('origin_port', '=', p), eb('destination_port', '=', p)]));
  }
  if (f.carrier) q = q.where('carrier', '=', f.carrier);
  if (f.transport_mode) q = q.where('transport_mode', '=', f.transport_mode);
  if (f.range.from) q = q.where(sql`coalesce(actual_departure, planned_departure)`, '>=', `${f.range.from}T00:00:00.000Z`);
  if (f.range.to) q = q.where(sql`coalesce(actual_departure, planned_departure)`, '<=', `${f.range.to}T23:59:59.999Z`);
  const rows = await q.execute();
  return rows.map((r) => ({
    ...r,
    departure: r.departure === null ? null : new Date(r.departure).toISOString(),
    arrival: r.arrival === null ? null : new Date(r.arrival).toISOString(),
    company_id: r.company_id === null ? null : Number(r.company_id),
    partner_company_id: r.partner_company_id === null ? null : Number(r.partner_company_id),
  }));
}

/** First and last declaration date and distinct HS6 codes of each exporter→buyer pair of a page. */
export async function pairDetails(
  db: Kysely<DB>,
  flow: 'import' | 'export',
  pairs: readonly { company_id: number; partner_company_id: number }[],
  range: DateRange,
  hs: readonly string[],
): Promise<Map<string, { first: string; last: string; products: { hs_code: string; value_cents: number }[] }>> {
  const out = new Map<string, { first: string; last: string; products: { hs_code: string; value_cents: number }[] }>();
  if (!pairs.length) return out;
  const companies = [...new Set(pairs.map((p) => p.company_id))];
  const wanted = new Set(pairs.map((p) => `${p.company_id}|${p.partner_company_id}`));
  let q = db
    .selectFrom('declarations as d')
    .innerJoin('declaration_items as i', 'i.declaration_id', 'd.id')
    .select([
      'd.company_id', 'd.partner_company_id', 'i.hs6',
      sql<number>`sum(i.value_usd_cents)`.as('value_cents'),
      sql<string>`min(d.registered_at)`.as('first'),
      sql<string>`max(d.registered_at)`.as('last'),
    ])
    .where('d.flow', '=', flow)
    .where('d.company_id', 'in', companies);
  if (range.from) q = q.where('d.registered_at', '>=', range.from);
  if (range.to) q = q.where('d.registered_at', '<=', range.to);
  if (hs.length) q = q.where((eb) => eb.or(hs.map((h) => eb('i.gtip', 'like', `${h}%`))));
  const rows = await q.groupBy(['d.company_id', 'd.partner_company_id', 'i.hs6']).execute();
  for (const r of rows) {
    const key = `${r.company_id}|${r.partner_company_id}`;
    if (!wanted.has(key)) continue;
    const first = String(r.first).slice(0, 10);
    const last = String(r.last).slice(0, 10);
    const d = out.get(key) ?? { first, last, products: [] };
    if (first < d.first) d.first = first;
    if (last > d.last) d.last = last;
    d.products.push({ hs_code: r.hs6, value_cents: Number(r.value_cents) });
    out.set(key, d);
  }
  for (const d of out.values()) d.products.sort((a, b) => b.value_cents - a.value_cents);
  return out;
}
