// Item lines and their net weight per (GTİP, month, flow), held in memory for the trade of a
// product. The HS rollups count declarations and sum values, but they keep no line count, and their
// weights are rounded once they pass through the aggregate engine; reading lines from the raw
// records costs one declaration lookup per line (seconds for a chapter of a 1M store).
//
// The totals are valid for one data signature: committed ingestion batches of every process (read
// at most once a second), the highest declaration id, and this process's own commits. When it
// moves, callers go back to SQL at once and the totals are rebuilt in the background, a slice of
// declaration ids per read so that no read holds the store for long; a build during which the
// signature moved again is thrown away and started over.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** Lines and net weight of one GTİP in one month, by flow. */
export interface LineCell {
  importLines: number;
  importWeight: number;
  exportLines: number;
  exportWeight: number;
}

export interface LineTotals {
  /** GTİP → month (YYYYMM) → cell. */
  byGtip: Map<string, Map<number, LineCell>>;
}

const SIGNATURE_EVERY_MS = 1000;
const REBUILD_DELAY_MS = 1500;
// Declarations per read: about 6,000 lines, a few milliseconds of the (synchronous) SQLite connection.
const STEP = 2_000;

const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

class LineTotalsCache {
  private built: LineTotals | null = null;
  private builtFor = '';
  private local = 0;
  private storeSignature = '';
  private checkedAt = 0;
  private checking: Promise<void> | null = null;
  private building: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: Kysely<DB>) {}

  private signature(): string {
    return `${this.local}|${this.storeSignature}`;
  }

  /** The totals when current, else null (and a build is under way or scheduled). */
  async current(): Promise<LineTotals | null> {
    await this.checkSignature();
    if (this.built && this.builtFor === this.signature()) return this.built;
    if (!this.building && !this.timer) this.schedule(this.built ? REBUILD_DELAY_MS : 0);
    return null;
  }

  invalidate(): void {
    this.local++;
    this.schedule(REBUILD_DELAY_MS);
  }

  /** Builds now (or waits for the build under way) and resolves when the totals are current. */
  async refresh(): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      await this.checkSignature(true);
      if (this.built && this.builtFor === this.signature()) return;
      await this.build();
    }
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      // A failed build leaves the totals stale: callers keep using SQL and the next call retries.
      void this.build().catch(() => undefined);
    }, delayMs);
    this.timer.unref();
  }

  private async checkSignature(force = false): Promise<void> {
    if (this.checking) return this.checking;
    if (!force && Date.now() - this.checkedAt <= SIGNATURE_EVERY_MS) return;
    this.checking = (async () => {
      try {
        const b = await sql<{ n: number | string; m: number | string | null }>`select count(*) as n, max(id) as m from ingest_batches where status = 'done'`.execute(this.db);
        const d = await sql<{ m: number | string | null }>`select max(id) as m from declarations`.execute(this.db);
        this.storeSignature = `${b.rows[0]?.n ?? 0}:${b.rows[0]?.m ?? 0}:${d.rows[0]?.m ?? 0}`;
      } finally {
        this.checkedAt = Date.now();
        this.checking = null;
      }
    })();
    return this.checking;
  }

  private build(): Promise<void> {
    if (this.building) return this.building;
    this.building = (async () => {
      try {
        await this.checkSignature(true);
        const target = this.signature();
        const totals = await readLineTotals(this.db);
        await this.checkSignature(true);
        if (this.signature() !== target) return; // moved while reading: the next call rebuilds
        this.built = totals;
        this.builtFor = target;
      } finally {
        this.building = null;
      }
    })();
    return this.building;
  }
}

/** Reads every declaration's lines, a slice of declaration ids at a time. */
export async function readLineTotals(db: Kysely<DB>): Promise<LineTotals> {
  const top = await sql<{ m: number | string | null }>`select max(id) as m from declarations`.execute(db);
  const maxId = Number(top.rows[0]?.m ?? 0);
  const byGtip = new Map<string, Map<number, LineCell>>();
  for (let lo = 0; lo < maxId; lo += STEP) {
    // Grouped code first: led by flow, SQLite's planner would walk the (flow, date) index for the
    // id range instead of the primary key (6x slower).
    const rows = await sql<{ flow: string; period: number | string; gtip: string; n: number | string; w: number | string | null }>`
      select d.flow, d.period, i.gtip, count(*) as n, sum(i.net_weight_kg) as w
      from declarations d join declaration_items i on i.declaration_id = d.id
      where d.id > ${lo} and d.id <= ${Math.min(maxId, lo + STEP)}
      group by i.gtip, d.period, d.flow`.execute(db);
    for (const r of rows.rows) {
      let months = byGtip.get(r.gtip);
      if (!months) byGtip.set(r.gtip, (months = new Map()));
      const period = Number(r.period);
      let cell = months.get(period);
      if (!cell) months.set(period, (cell = { importLines: 0, importWeight: 0, exportLines: 0, exportWeight: 0 }));
      if (r.flow === 'import') {
        cell.importLines += Number(r.n);
        cell.importWeight += Number(r.w ?? 0);
      } else {
        cell.exportLines += Number(r.n);
        cell.exportWeight += Number(r.w ?? 0);
      }
    }
    await yieldToIo();
  }
  return { byGtip };
}

/** Lines and net weight per flow of the GTİP codes under `prefix`, in months `from`–`to` (YYYYMM, inclusive). */
export function linesUnder(t: LineTotals, prefix: string, from: number | null, to: number | null): Map<string, { lines: number; weight: number }> {
  const out = new Map([['import', { lines: 0, weight: 0 }], ['export', { lines: 0, weight: 0 }]]);
  const imp = out.get('import')!;
  const exp = out.get('export')!;
  for (const [gtip, months] of t.byGtip) {
    if (!gtip.startsWith(prefix)) continue;
    for (const [period, c] of months) {
      if ((from !== null && period < from) || (to !== null && period > to)) continue;
      imp.lines += c.importLines;
      imp.weight += c.importWeight;
      exp.lines += c.exportLines;
      exp.weight += c.exportWeight;
    }
  }
  return out;
}

const caches = new WeakMap<object, LineTotalsCache>();

function cacheOf(db: Kysely<DB>): LineTotalsCache {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new LineTotalsCache(db)));
  return c;
}

/** The line totals of a store when they are current; null means "use SQL" (a build is on its way). */
export function currentLineTotals(db: Kysely<DB>): Promise<LineTotals | null> {
  return cacheOf(db).current();
}

/** Waits until the line totals of a store are current (tests; a warm-up). */
export function refreshLineTotals(db: Kysely<DB>): Promise<void> {
  return cacheOf(db).refresh();
}

/** This process committed declarations: the totals are stale until rebuilt. */
export function invalidateLineTotals(db: object): void {
  caches.get(db)?.invalidate();
}
