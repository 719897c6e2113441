// The tracked shipments in the analytic store, for the route, carrier and port summaries that group
// hundreds of thousands of them per request. Shipments are not batch records: ingestion adds them,
// and a tracking event moves a shipment's dates and status, in the same transaction as the event's
// own row. So the copy follows two positions, the highest shipment id and event id it has applied:
// new shipments are appended, and the shipments named by new events are read again and replaced.
// Comparing the positions with the row store's is two lookups on primary keys, cheap enough to do
// before every summary, so a summary shows every committed change (read your writes).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Engine } from './engine.js';
import type { Column } from './schema.js';

/** A shipment as the summaries read it: departure is the actual one, else the planned one. */
export const SHIPMENT_COLUMNS: readonly Column[] = [
  { name: 'id', kind: 'bigint' }, { name: 'origin_port', kind: 'text' }, { name: 'destination_port', kind: 'text' },
  { name: 'carrier', kind: 'text' }, { name: 'transport_mode', kind: 'text' }, { name: 'flow', kind: 'text' },
  { name: 'company_id', kind: 'bigint' }, { name: 'partner_company_id', kind: 'bigint' },
  // ISO instants (UTC, milliseconds): compared as text against the day bounds of a filter.
  { name: 'departure', kind: 'text' }, { name: 'arrival', kind: 'text' },
  // Departure to actual arrival in days, when both are known and in order.
  { name: 'transit_days', kind: 'double' },
];

export const SHIPMENTS_TABLE = 'shipments';
/** The positions applied: one row, rebuilt with the other derived tables. */
export const SHIPMENT_POSITIONS = 'shipment_positions';

// Shipments read from the row store and applied per analytic transaction.
const PAGE = 20_000;
// PostgreSQL hands out ids in the order transactions ask, not the order they commit: a change
// committed just after a later one is below the position. Each pass reads again this many ids
// below each position, so such a change lands with the next one after it.
const LOOK_BACK = 1_000;
const DAY_MS = 86_400_000;

interface Positions {
  shipments: number;
  events: number;
}

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());

function toRow(r: Record<string, unknown>): unknown[] {
  const departure = iso(r.departure);
  const arrival = iso(r.arrival);
  const transit = departure && arrival && arrival >= departure ? (Date.parse(arrival) - Date.parse(departure)) / DAY_MS : null;
  return [
    Number(r.id), r.origin_port, r.destination_port, r.carrier, r.transport_mode, r.flow,
    r.company_id === null ? null : Number(r.company_id), r.partner_company_id === null ? null : Number(r.partner_company_id),
    departure, arrival, transit,
  ];
}

const SELECT = sql`select id, origin_port, destination_port, carrier, transport_mode, flow, company_id, partner_company_id,
  coalesce(actual_departure, planned_departure) as departure, actual_arrival as arrival from shipments`;

export class ShipmentCopy {
  private syncing: Promise<void> | null = null;
  private again = false;
  private positions: Positions | null = null;

  constructor(
    private readonly engine: Engine,
    private readonly db: Kysely<DB>,
  ) {}

  /** Forgets the positions held in memory (the tables were dropped and made again). */
  reset(): void {
    this.positions = null;
  }

  /**
   * Applies every change committed in the row store before the call. One pass at a time; a call
   * during a pass makes another pass follow it.
   */
  current(): Promise<void> {
    if (this.syncing) {
      this.again = true;
      return this.syncing;
    }
    const run = async () => {
      try {
        do {
          this.again = false;
          await this.pass();
        } while (this.again);
      } finally {
        this.syncing = null;
      }
    };
    this.syncing = run();
    return this.syncing;
  }

  private async applied(): Promise<Positions> {
    if (!this.positions) {
      const [r] = await this.engine.query(`select shipments, events from ${SHIPMENT_POSITIONS}`);
      this.positions = { shipments: Number(r?.shipments ?? 0), events: Number(r?.events ?? 0) };
    }
    return this.positions;
  }

  private async pass(): Promise<void> {
    const r = await sql<{ s: number | string | null; e: number | string | null }>`select (select max(id) from shipments) as s,
      (select max(id) from shipment_events) as e`.execute(this.db);
    const top: Positions = { shipments: Number(r.rows[0]?.s ?? 0), events: Number(r.rows[0]?.e ?? 0) };
    const at = await this.applied();
    if (top.shipments === at.shipments && top.events === at.events) return;
    const first = at.shipments === 0 && at.events === 0;
    // New shipments (and a window below the position), a page per transaction: each page is read
    // as it is now, so it holds every event committed before it was read.
    let after = first ? 0 : Math.max(0, at.shipments - LOOK_BACK);
    for (;;) {
      const rows = (await sql<Record<string, unknown>>`${SELECT} where id > ${after} order by id limit ${sql.lit(PAGE)}`.execute(this.db)).rows;
      if (!rows.length) break;
      const last = Number(rows[rows.length - 1]!.id);
      await this.replace(rows, `id > ${after} and id <= ${last}`, { shipments: Math.max(at.shipments, last), events: at.events });
      after = last;
      if (rows.length < PAGE) break;
    }
    // Shipments that new events moved. On a first load every shipment was just read as it is.
    if (!first) {
      const since = Math.max(0, at.events - LOOK_BACK);
      const ids = (await sql<{ id: number | string }>`select distinct shipment_id as id from shipment_events where id > ${since}`.execute(this.db)).rows.map((x) => Number(x.id));
      for (let i = 0; i < ids.length; i += PAGE) {
        const part = ids.slice(i, i + PAGE);
        const rows = (await sql<Record<string, unknown>>`${SELECT} where id in (${sql.join(part)})`.execute(this.db)).rows;
        await this.replace(rows, `id in (${part.join(', ')})`, this.positions!);
      }
    }
    await this.replace([], 'false', { shipments: Math.max(this.positions!.shipments, top.shipments), events: top.events });
  }

  /** Deletes the copy's rows `where` names, appends `rows`, and records the positions, in one transaction. */
  private async replace(rows: readonly Record<string, unknown>[], where: string, positions: Positions): Promise<void> {
    await this.engine.write(async (w) => {
      if (rows.length) {
        await w.run(`delete from ${SHIPMENTS_TABLE} where ${where}`);
        const kinds = SHIPMENT_COLUMNS.map((c) => c.kind);
        const a = await w.appender(SHIPMENTS_TABLE);
        for (const r of rows) a.row(kinds, toRow(r));
        a.close();
      }
      await w.run(`delete from ${SHIPMENT_POSITIONS}`);
      await w.run(`insert into ${SHIPMENT_POSITIONS} values (?, ?)`, [positions.shipments, positions.events]);
    });
    this.positions = positions;
  }
}
