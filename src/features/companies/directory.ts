// The company directory held in memory: every company with its trade size and the fuzzy name
// index over names and aliases. Built lazily once per store; a cheap fingerprint of the table
// (max id, count) is checked at most every few seconds and a change triggers a rebuild, while the
// old directory keeps answering.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { buildNameIndex, type NameIndex } from '../../domain/matching/name-index.js';
import { foldTurkish } from '../../domain/codes/text.js';
import { allCompanies, companiesFingerprint, tradeValues, type CompanyRow } from './queries.js';

export interface DirectoryEntry extends CompanyRow {
  city_folded: string;
  sector_folded: string;
  trade_value_usd: number;
}

export interface Directory {
  index: NameIndex;
  entries: DirectoryEntry[];
  byId: Map<number, DirectoryEntry>;
  fingerprint: string;
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

async function build(db: Kysely<DB>): Promise<Directory> {
  const fingerprint = await companiesFingerprint(db);
  const values = await tradeValues(db);
  const entries: DirectoryEntry[] = [];
  // Small pages with a pause between them: requests keep being answered while a rebuild reads.
  for await (const page of allCompanies(db, 5_000)) {
    for (const c of page) {
      entries.push({ ...c, city_folded: c.city ? foldTurkish(c.city) : '', sector_folded: c.sector ? foldTurkish(c.sector) : '', trade_value_usd: Math.round((values.get(c.id) ?? 0) * 100) / 100 });
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const index = buildNameIndex(
    entries.map((e) => ({ id: String(e.id), name: e.name, aliases: e.aliases, country: e.country, tax_number: e.tax_number, trade_value_usd: e.trade_value_usd })),
  );
  return { index, entries, byId: new Map(entries.map((e) => [e.id, e])), fingerprint };
}

export async function getDirectory(db: Kysely<DB>, now = Date.now()): Promise<Directory> {
  let slot = slots.get(db);
  if (!slot) slots.set(db, (slot = { current: null, builtAt: 0, checkedAt: 0, building: null }));
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
  if (now - s.builtAt > MAX_AGE_MS) {
    rebuild().catch(() => undefined);
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
}
