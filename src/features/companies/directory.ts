// The company directory held in memory: every company with its trade size and the fuzzy name
// index over names and aliases. Built lazily once per store; a cheap fingerprint of the table
// (max id, count) is checked at most every few seconds and a change triggers a rebuild, while the
// old directory keeps answering.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { buildNameIndex, type NameIndex } from '../../domain/matching/name-index.js';
import { foldTurkish } from '../../domain/codes/text.js';
import { allCompanies, companiesFingerprint, lendCompanyNames, tradeValues, type CompanyRow } from './queries.js';

export interface DirectoryEntry extends CompanyRow {
  city_folded: string;
  sector_folded: string;
  trade_value_usd: number;
}

/** A text column as dictionary codes: `codes[i]` indexes `values`; `index` is the reverse. */
export interface CodeColumn {
  codes: Int32Array;
  index: Map<string, number>;
}

export interface FilterColumns {
  country: CodeColumn;
  city: CodeColumn;
  sector: CodeColumn;
  id: Int32Array;
  /** Bit r set when the company has role r of ROLES. */
  roles: Uint8Array;
  /** Position in `bySize` of each id, indexed by id (-1: no such company); `positionOf` reads it. */
  position: Int32Array;
}

export const ROLES = ['importer', 'exporter', 'manufacturer', 'buyer', 'supplier'] as const;

function codeColumn(values: readonly string[]): CodeColumn {
  const index = new Map<string, number>();
  const codes = Int32Array.from(values, (v) => {
    let c = index.get(v);
    if (c === undefined) index.set(v, (c = index.size));
    return c;
  });
  return { codes, index };
}

export function filterColumns(bySize: readonly DirectoryEntry[]): FilterColumns {
  const roles = new Uint8Array(bySize.length);
  bySize.forEach((e, i) => {
    for (const r of e.roles) {
      const bit = (ROLES as readonly string[]).indexOf(r);
      if (bit >= 0) roles[i]! |= 1 << bit;
    }
  });
  return {
    country: codeColumn(bySize.map((e) => e.country)),
    city: codeColumn(bySize.map((e) => e.city_folded)),
    sector: codeColumn(bySize.map((e) => e.sector_folded)),
    id: Int32Array.from(bySize, (e) => e.id),
    roles,
    position: positionsById(bySize),
  };
}

function positionsById(bySize: readonly DirectoryEntry[]): Int32Array {
  const position = new Int32Array(bySize.reduce((m, e) => Math.max(m, e.id), 0) + 1).fill(-1);
  bySize.forEach((e, i) => (position[e.id] = i));
  return position;
}

/** Position in `bySize` of a company id, or -1. */
export function positionOf(columns: FilterColumns, id: number): number {
  return Number.isInteger(id) && id >= 0 && id < columns.position.length ? columns.position[id]! : -1;
}

export interface Directory {
  index: NameIndex;
  entries: DirectoryEntry[];
  /** The entries by trade size, largest first, then by id: the order of a search without `q`. */
  bySize: DirectoryEntry[];
  /**
   * What searches filter on, as columns in `bySize` order: a pass over these is about a hundred
   * times cheaper than one over the entry objects (each a scattered heap object of a dozen fields).
   */
  columns: FilterColumns;
  byId: Map<number, DirectoryEntry>;
  fingerprint: string;
  /** The highest declaration id when trade sizes were read. */
  declarations: number;
}

const CHECK_EVERY_MS = 5_000;
// Trade sizes move with every batch, but ranking ties on them only; refreshing them now and then
// is enough even when no company was added.
const MAX_AGE_MS = 10 * 60_000;

interface Slot {
  current: Directory | null;
  builtAt: number;
  checkedAt: number;
  building: Promise<Directory> | null;
}

const slots = new WeakMap<object, Slot>();

async function latestDeclaration(db: Kysely<DB>): Promise<number> {
  const r = await db.selectFrom('declarations').select(sql<number | null>`max(id)`.as('m')).executeTakeFirst();
  return Number(r?.m ?? 0);
}

async function build(db: Kysely<DB>): Promise<Directory> {
  const fingerprint = await companiesFingerprint(db);
  const declarations = await latestDeclaration(db);
  const values = await tradeValues(db);
  const entries: DirectoryEntry[] = [];
  // Small pages with a pause between them: requests keep being answered while a rebuild reads.
  for await (const page of allCompanies(db, 5_000)) {
    for (const c of page) {
      entries.push({
        id: c.id,
        name: c.name,
        aliases: c.aliases,
        tax_number: c.tax_number,
        country: c.country,
        city: c.city,
        address: c.address,
        roles: c.roles,
        sector: c.sector,
        size_band: c.size_band,
        website: c.website,
        city_folded: c.city ? foldTurkish(c.city) : '',
        sector_folded: c.sector ? foldTurkish(c.sector) : '',
        trade_value_usd: Math.round((values.get(c.id) ?? 0) * 100) / 100,
      });
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const index = buildNameIndex(
    entries.map((e) => ({ id: String(e.id), name: e.name, aliases: e.aliases, country: e.country, tax_number: e.tax_number, trade_value_usd: e.trade_value_usd })),
  );
  const bySize = [...entries].sort((a, b) => b.trade_value_usd - a.trade_value_usd || a.id - b.id);
  return { index, entries, bySize, columns: filterColumns(bySize), byId: new Map(entries.map((e) => [e.id, e])), fingerprint, declarations };
}

export async function getDirectory(db: Kysely<DB>, now = Date.now()): Promise<Directory> {
  let slot = slots.get(db);
  if (!slot) {
    const created: Slot = { current: null, builtAt: 0, checkedAt: 0, building: null };
    slots.set(db, (slot = created));
    // Names are lent only from a directory checked within the interval: one past it starts a
    // check in the background and answers meanwhile, as a search would.
    lendCompanyNames(db, () => {
      if (!created.current) return null;
      if (Date.now() - created.checkedAt >= CHECK_EVERY_MS) void getDirectory(db).catch(() => undefined);
      return created.current.byId;
    });
  }
  const s = slot;
  const rebuild = () => {
    s.building ??= build(db)
      .then((d) => {
        s.current = d;
        s.builtAt = Date.now();
        s.checkedAt = s.builtAt;
        return d;
      })
      .finally(() => {
        s.building = null;
      });
    return s.building;
  };
  if (!s.current) return rebuild();
  // Only trade sizes have aged: the old directory keeps answering while the new one is built, so
  // no request waits the seconds a full build takes on a large store.
  // Trade sizes change only when declarations are added: without one since the build, the
  // directory is current and is not rebuilt (the name index alone takes seconds of CPU).
  if (now - s.builtAt > MAX_AGE_MS) {
    const current = s.current;
    s.builtAt = now;
    void latestDeclaration(db)
      .then((mark) => (mark !== current.declarations ? rebuild() : undefined))
      .catch(() => undefined);
    return s.current;
  }
  if (now - s.checkedAt >= CHECK_EVERY_MS) {
    s.checkedAt = now;
    if ((await companiesFingerprint(db)) !== s.current.fingerprint) return rebuild();
  }
  return s.current;
}

/** Drop the directory of a store (tests that add companies and search at once). */
export function forgetDirectory(db: object): void {
  slots.delete(db);
  lendCompanyNames(db, () => null);
}
