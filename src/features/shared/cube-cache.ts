// Keeps the in-memory cubes (memcube.ts) of a store in step with its rollup tables.
//
// A cube set is valid for one data signature: this process's own commits (counted locally) plus
// the committed ingestion batches of every process (read from `ingest_batches` at most once a
// second). When the signature moves, queries go back to SQL at once and the set is rebuilt in the
// background, a (flow, period) slice at a time so no request waits behind a long read; a build
// during which the signature moved again is thrown away and started over.
import { TextDictionary } from './text-search.js';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { ROLLUPS, measuresOf } from '../../ingest/rollups.js';
import { CUBE_SOURCES } from './cube-sources.js';
import { CubeBuilder, CubeMovedError, deriveCube, warmPostings, type Cube, type Slice } from './memcube.js';
import { deriveGtipCube, GTIP_CUBE, LINE_CUBE, loadRecordCubes, readArrays, yieldToIo, type ReadStore } from './record-cubes.js';

const USED_MEASURES = new Set([
  'value_usd_cents', 'net_weight_kg', 'quantity', 'customs_duty_usd_cents', 'additional_duty_usd_cents', 'vat_usd_cents',
  'records', 'records_hs4', 'records_hs2', 'records_decl',
]);
const SIGNATURE_EVERY_MS = 1000;
// Batches often come in bursts: wait for a quiet moment before reading everything again.
const REBUILD_DELAY_MS = 1500;

export type CubeState = 'off' | 'warming' | 'ready' | 'stale';

export class CubeCache {
  private cubes: Map<string, Cube> | null = null;
  private names: CompanyNames | null = null;
  private builtFor = '';
  private local = 0;
  private storeSignature = '';
  private checkedAt = 0;
  private checking: Promise<void> | null = null;
  private building: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly db: Kysely<DB>;

  constructor(private readonly store: ReadStore, private readonly log: (msg: string, err?: unknown) => void = () => {}) {
    this.db = store.db;
  }

  private signature(): string {
    return `${this.local}|${this.storeSignature}`;
  }

  state(): CubeState {
    if (this.closed) return 'off';
    if (!this.cubes) return 'warming';
    return this.builtFor === this.signature() ? 'ready' : 'stale';
  }

  /** The cube of a rollup table, when the set is current; otherwise null (use SQL). */
  get(table: string): Cube | null {
    if (this.closed) return null;
    if (Date.now() - this.checkedAt > SIGNATURE_EVERY_MS) void this.checkSignature();
    if (!this.cubes || this.builtFor !== this.signature()) return null;
    return this.cubes.get(table) ?? null;
  }

  /** Folded company names, when current (for free-text company filters). */
  companyNames(): CompanyNames | null {
    if (this.closed || !this.cubes || this.builtFor !== this.signature()) return null;
    return this.names;
  }

  /** This process committed rows: the cubes are stale until rebuilt. */
  invalidate(): void {
    this.local++;
    this.schedule(REBUILD_DELAY_MS);
  }

  /** Builds now (or waits for the build under way) and resolves when the set is current. */
  async refresh(): Promise<void> {
    for (let attempt = 0; attempt < 5 && !this.closed; attempt++) {
      await this.checkSignature(true);
      if (this.cubes && this.builtFor === this.signature()) return;
      await this.build();
    }
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.cubes = null;
  }

  private schedule(delayMs: number): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.build().catch((err) => this.log('aggregate cache: rebuild failed', err));
    }, delayMs);
    this.timer.unref();
  }

  private async checkSignature(force = false): Promise<void> {
    if (this.checking) return this.checking;
    if (!force && Date.now() - this.checkedAt <= SIGNATURE_EVERY_MS) return;
    this.checking = (async () => {
      try {
        const r = await sql<{ n: number | string; m: number | string | null }>`select count(*) as n, max(id) as m from ingest_batches where status = 'done'`.execute(this.db);
        const next = `${r.rows[0]?.n ?? 0}:${r.rows[0]?.m ?? 0}`;
        if (this.storeSignature && next !== this.storeSignature) this.schedule(REBUILD_DELAY_MS);
        this.storeSignature = next;
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
        const started = performance.now();
        await this.checkSignature(true);
        const target = this.signature();
        const cubes = new Map<string, Cube>();
        for (const source of CUBE_SOURCES) {
          if (this.closed) return;
          try {
            cubes.set(source.table, await loadCube(this.store, source.table));
          } catch (err) {
            if (err instanceof CubeMovedError) return; // written to while read: the next build follows
            throw err;
          }
        }
        if (this.closed) return;
        try {
          for (const [name, cube] of await loadRecordCubes(this.store)) cubes.set(name, cube);
          cubes.set(GTIP_CUBE, await deriveGtipCube(cubes.get(LINE_CUBE)!));
          const gateways = cubes.get(DECLARATION_ROLLUP);
          if (gateways) cubes.set(PORT_COUNTRY_CUBE, await deriveCube(gateways, PORT_COUNTRY_CUBE, ['port', 'partner_country'], measuresIn(gateways), yieldToIo));
        } catch (err) {
          if (err instanceof CubeMovedError) return;
          throw err;
        }
        const names = await loadCompanyNames(this.store);
        await this.checkSignature(true);
        if (this.closed || this.signature() !== target) return; // moved while reading: the next build follows
        this.cubes = cubes;
        this.names = names;
        this.builtFor = target;
        const rows = [...cubes.values()].reduce((a, c) => a + c.rows, 0);
        this.log(`aggregate cache: ${rows} rollup rows in memory in ${Math.round(performance.now() - started)} ms`);
      } finally {
        this.building = null;
      }
    })();
    return this.building;
  }
}

const DECLARATION_ROLLUP = 'rollup_declarations_monthly';
/**
 * The declarations rollup summed by (flow, month, port, partner country): what port rankings and
 * port × country breakdowns read, about a quarter of its rows (it also splits by office, mode and
 * incoterm). Each declaration has one port and one country, so its sums and counts stay exact.
 */
const PORT_COUNTRY_CUBE = 'port_country_monthly';
const PORT_COUNTRY_DIMS: readonly string[] = ['period', 'flow', 'port', 'country'];

/** The copy to read for a rollup's query needing these dimensions: a narrower one derived from it when one holds them all. */
export function narrowestCopy(table: string, dims: readonly string[]): string {
  return table === DECLARATION_ROLLUP && dims.every((d) => PORT_COUNTRY_DIMS.includes(d)) ? PORT_COUNTRY_CUBE : table;
}
const measuresIn = (cube: Cube) => [...cube.measures.keys()];

// Rows per read: each read holds the (synchronous) SQLite connection for a few milliseconds.
const CHUNK = 20_000;

/**
 * Reads one rollup table into a cube. SQLite: in storage order by rowid ranges (sequential reads,
 * no index lookups); PostgreSQL: one (flow, period) slice per query along the primary key.
 */
export async function loadCube(store: ReadStore, table: string): Promise<Cube> {
  const def = ROLLUPS.find((r) => r.table === table);
  if (!def) throw new Error(`no rollup definition for ${table}`);
  const measures = measuresOf(def).filter((m) => USED_MEASURES.has(m));
  const t = sql.table(table);
  const counted = await sql<{ flow: string; period: number | string; n: number | string }>`select flow, period, count(*) as n from ${t} group by flow, period`.execute(store.db);
  const slices: Slice[] = counted.rows.map((r) => ({ flow: r.flow, period: Number(r.period), rows: Number(r.n) }));
  const builder = new CubeBuilder(table, def.keys, measures, slices);
  const columns = [...def.keys, ...measures];
  const at = new Map(columns.map((c, i) => [c, [0, i] as const]));
  if (store.engine === 'sqlite') {
    const text = `select ${columns.join(', ')}, rowid from ${table} where rowid > ? order by rowid limit ${CHUNK}`;
    let after = 0;
    for (;;) {
      const rows = await readArrays(store, text, [after]);
      builder.appendArrays(rows, at);
      if (rows.length < CHUNK) break;
      after = Number(rows[rows.length - 1]![columns.length]);
      await yieldToIo();
    }
  } else {
    const text = `select ${columns.join(', ')} from ${table} where flow = ? and period = ?`;
    for (const s of slices) {
      builder.appendArrays(await readArrays(store, text, [s.flow, s.period]), at);
      await yieldToIo();
    }
  }
  const cube = builder.finish();
  warmPostings(cube);
  return cube;
}

/**
 * Every company's folded name, searchable by substring in memory (a `TextDictionary`: a few native
 * `indexOf` calls over all names instead of a LIKE scan of the companies table).
 */
export class CompanyNames {
  private readonly dict: TextDictionary;

  constructor(private readonly ids: Int32Array, names: readonly string[]) {
    this.dict = new TextDictionary(names);
  }

  // The same words come back (a user refining a query, a dashboard), and callers key their own
  // memos by the array: each word's ids are one array for as long as these names are current.
  private readonly memo = new Map<string, number[]>();

  /** Ids (ascending) of the companies whose folded name contains `folded`; callers must not change them. */
  matching(folded: string): number[] {
    let ids = this.memo.get(folded);
    if (!ids) {
      ids = Array.from(this.dict.matching(folded), (code) => this.ids[code]!).sort((x, y) => x - y);
      if (this.memo.size >= 2000) this.memo.delete(this.memo.keys().next().value as string);
      this.memo.set(folded, ids);
    }
    return ids;
  }
}

export async function loadCompanyNames(store: ReadStore): Promise<CompanyNames> {
  const ids: number[] = [];
  const names: string[] = [];
  let after = 0;
  for (;;) {
    const rows = await readArrays(store, `select id, name_folded from companies where id > ? order by id limit ${CHUNK}`, [after]);
    for (const [id, name] of rows) {
      ids.push(Number(id));
      // A line break would join two names: a search word never holds one.
      names.push(String(name).replaceAll('\n', ' '));
    }
    if (rows.length < CHUNK) break;
    after = Number(rows[rows.length - 1]![0]);
    await yieldToIo();
  }
  return new CompanyNames(Int32Array.from(ids), names);
}

const caches = new WeakMap<Kysely<DB>, CubeCache>();

/** Starts keeping cubes for this store's `db` (the API server does; one-shot commands do not). */
export function startCubeCache(store: ReadStore, log?: (msg: string, err?: unknown) => void): CubeCache {
  const { db } = store;
  let c = caches.get(db);
  if (!c) {
    c = new CubeCache(store, log);
    caches.set(db, c);
    void c.refresh().catch((err) => log?.('aggregate cache: first build failed', err));
  }
  return c;
}

export function cubeCacheOf(db: Kysely<DB>): CubeCache | undefined {
  return caches.get(db);
}

export function stopCubeCache(db: Kysely<DB>): void {
  caches.get(db)?.close();
  caches.delete(db);
}

/** This process committed rows to the store behind `db`. */
export function invalidateCubes(db: Kysely<DB>): void {
  caches.get(db)?.invalidate();
}
