// Finds or creates the company rows behind the parties of a batch. Turkish parties are identified
// by tax number, foreign ones by country and folded name. Lookups go through a per-store cache,
// because a large file names the same few thousand companies over and over; ids created inside a
// transaction reach the cache only after it commits (see commit()), so a rollback cannot leave
// the cache pointing at rows that do not exist.
import { CompiledQuery, type Kysely } from 'kysely';
import type { Engine } from '../db/connect.js';
import type { DB } from '../db/schema.js';
import { stateKey, stateOf } from '../db/state.js';
import { foldTurkish } from '../domain/codes/text.js';
import { insertRows, type BulkTarget } from './bulk.js';
import type { ValidParty } from './validate.js';

export type Role = 'importer' | 'exporter' | 'supplier' | 'buyer';

interface Known {
  id: number;
  roles: Set<string>;
}

// Companies committed to the store, by party key: kept with the store's state.
const KNOWN = stateKey({ name: 'known companies', create: () => new Map<string, Known>(), close: (m) => m.clear() });

// A file names the same partners thousands of times; folding a name is several regular
// expressions and a Unicode normalisation, so each spelling is folded once.
const folded = new Map<string, string>();
function fold(name: string): string {
  let f = folded.get(name);
  if (f === undefined) {
    if (folded.size >= 100_000) folded.clear();
    folded.set(name, (f = foldTurkish(name)));
  }
  return f;
}

export function partyKey(p: ValidParty, turkish: boolean): string {
  return turkish ? `TR|${p.tax_number}` : `${p.country}|${fold(p.name)}`;
}

/**
 * Tells the resolvers of the store behind `db` about companies already committed, so a load that
 * created them itself (the seed) does not look each one up again.
 */
export function rememberCompanies(db: Kysely<DB>, companies: Iterable<{ key: string; id: number; roles: readonly string[] }>): void {
  const cache = stateOf(db).get(KNOWN);
  for (const c of companies) cache.set(c.key, { id: c.id, roles: new Set(c.roles) });
}

export class CompanyResolver {
  private readonly cache: Map<string, Known>;
  private readonly pending = new Map<string, Known>();

  constructor(db: Kysely<DB>) {
    this.cache = stateOf(db).get(KNOWN);
  }

  /** Ids for each party, creating missing companies and adding missing roles inside `trx`. */
  async resolve(
    trx: Kysely<DB>,
    target: BulkTarget,
    parties: readonly { party: ValidParty; turkish: boolean; role: Role }[],
    now: string,
  ): Promise<number[]> {
    const keys: string[] = new Array(parties.length);
    // Only parties not yet known with this role need work; in a long load that is almost none.
    const wanted = new Map<string, { party: ValidParty; turkish: boolean; roles: Set<string> }>();
    for (let i = 0; i < parties.length; i++) {
      const { party, turkish, role } = parties[i]!;
      const key = (keys[i] = partyKey(party, turkish));
      const w = wanted.get(key);
      if (w) w.roles.add(role);
      else if (!this.known(key)?.roles.has(role)) wanted.set(key, { party, turkish, roles: new Set([role]) });
    }
    if (!wanted.size) return keys.map((k) => this.known(k)!.id);

    const unknown = [...wanted.keys()].filter((k) => !this.known(k));
    if (unknown.length) await this.load(trx, typeof target === 'string' ? target : target.engine, unknown.map((k) => ({ key: k, ...wanted.get(k)! })));

    const missing = unknown.filter((k) => !this.known(k));
    if (missing.length) {
      const rows = missing.map((k) => {
        const w = wanted.get(k)!;
        return [w.party.name, fold(w.party.name), w.party.tax_number, w.party.country, w.party.city, w.party.address, [...w.roles].sort().join(','), now];
      });
      const created = await insertRows<{ id: number; name_folded: string; tax_number: string | null; country: string }>(
        trx,
        target,
        { table: 'companies', columns: ['name', 'name_folded', 'tax_number', 'country', 'city', 'address', 'roles', 'created_at'], suffix: 'returning id, name_folded, tax_number, country' },
        rows,
      );
      // Match created rows back by identity, not position: RETURNING order is not guaranteed.
      const byIdentity = new Map<string, number>();
      for (const c of created) {
        byIdentity.set(`${c.country}|${c.name_folded}`, Number(c.id));
        if (c.country === 'TR' && c.tax_number) byIdentity.set(`TR|${c.tax_number}`, Number(c.id));
      }
      for (const k of missing) {
        const id = byIdentity.get(k);
        if (id === undefined) throw new Error(`company ${k} was not created`);
        this.pending.set(k, { id, roles: new Set(wanted.get(k)!.roles) });
      }
    }

    // Roles a known company has not had before (an importer that starts exporting).
    for (const [k, w] of wanted) {
      const known = this.known(k)!;
      const added = [...w.roles].filter((r) => !known.roles.has(r));
      if (!added.length) continue;
      const roles = new Set([...known.roles, ...added]);
      await trx.updateTable('companies').set({ roles: [...roles].sort().join(',') }).where('id', '=', known.id).execute();
      this.pending.set(k, { id: known.id, roles });
    }

    return keys.map((k) => this.known(k)!.id);
  }

  /** Call after the transaction committed; discard the resolver if it rolled back. */
  commit(): void {
    for (const [k, v] of this.pending) this.cache.set(k, v);
    this.pending.clear();
  }

  private known(key: string): Known | undefined {
    return this.pending.get(key) ?? this.cache.get(key);
  }

  private async load(trx: Kysely<DB>, engine: Engine, want: { key: string; party: ValidParty; turkish: boolean }[]): Promise<void> {
    const taxNumbers = want.filter((w) => w.turkish).map((w) => w.party.tax_number!);
    const taxSet = new Set(taxNumbers);
    const names = want.filter((w) => !w.turkish).map((w) => fold(w.party.name));
    const keys = new Set(want.map((w) => w.key));
    const found: { id: number; name_folded: string; tax_number: string | null; country: string; roles: string }[] = [];
    for (const [column, values, extra] of [
      ['tax_number', taxNumbers, "and country = 'TR'"],
      ['name_folded', names, ''],
    ] as const) {
      for (let i = 0; i < values.length; i += 500) {
        const chunk = [...new Set(values.slice(i, i + 500))];
        const marks = chunk.map((_, j) => (engine === 'sqlite' ? '?' : `$${j + 1}`)).join(',');
        const res = await trx.executeQuery<(typeof found)[number]>(
          CompiledQuery.raw(`select id, name_folded, tax_number, country, roles from companies where ${column} in (${marks}) ${extra} order by id`, chunk),
        );
        found.push(...res.rows);
      }
    }
    for (const c of found) {
      const key = c.country === 'TR' && c.tax_number && taxSet.has(c.tax_number) ? `TR|${c.tax_number}` : `${c.country}|${c.name_folded}`;
      // The oldest row wins when an earlier load made duplicates.
      if (keys.has(key) && !this.known(key)) this.pending.set(key, { id: Number(c.id), roles: new Set(c.roles.split(',').filter(Boolean)) });
    }
  }
}
