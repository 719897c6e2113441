// Finds or creates the company rows behind the parties of a batch. Turkish parties are identified
// by tax number, foreign ones by country and folded name. Lookups go through a per-store cache,
// because a large file names the same few thousand companies over and over; ids created inside a
// transaction reach the cache only after it commits (see commit()), so a rollback cannot leave
// the cache pointing at rows that do not exist.
import { CompiledQuery, type Kysely } from 'kysely';
import type { Engine } from '../db/connect.js';
import type { DB } from '../db/schema.js';
import { foldTurkish } from '../domain/codes/text.js';
import { insertRows, type BulkTarget } from './bulk.js';
import type { ValidParty } from './validate.js';

export type Role = 'importer' | 'exporter' | 'supplier' | 'buyer';

interface Known {
  id: number;
  roles: Set<string>;
}

const caches = new WeakMap<object, Map<string, Known>>();

export function partyKey(p: ValidParty, turkish: boolean): string {
  return turkish ? `TR|${p.tax_number}` : `${p.country}|${foldTurkish(p.name)}`;
}

export class CompanyResolver {
  private readonly cache: Map<string, Known>;
  private readonly pending = new Map<string, Known>();

  constructor(cacheOwner: object) {
    let cache = caches.get(cacheOwner);
    if (!cache) caches.set(cacheOwner, (cache = new Map()));
    this.cache = cache;
  }

  /** Ids for each party, creating missing companies and adding missing roles inside `trx`. */
  async resolve(
    trx: Kysely<DB>,
    target: BulkTarget,
    parties: readonly { party: ValidParty; turkish: boolean; role: Role }[],
    now: string,
  ): Promise<number[]> {
    const wanted = new Map<string, { party: ValidParty; turkish: boolean; roles: Set<string> }>();
    for (const { party, turkish, role } of parties) {
      const key = partyKey(party, turkish);
      const w = wanted.get(key);
      if (w) w.roles.add(role);
      else wanted.set(key, { party, turkish, roles: new Set([role]) });
    }

    const unknown = [...wanted.keys()].filter((k) => !this.known(k));
    if (unknown.length) await this.load(trx, typeof target === 'string' ? target : target.engine, unknown.map((k) => ({ key: k, ...wanted.get(k)! })));

    const missing = unknown.filter((k) => !this.known(k));
    if (missing.length) {
      const rows = missing.map((k) => {
        const w = wanted.get(k)!;
        return [w.party.name, foldTurkish(w.party.name), w.party.tax_number, w.party.country, w.party.city, w.party.address, [...w.roles].sort().join(','), now];
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

    return parties.map(({ party, turkish }) => this.known(partyKey(party, turkish))!.id);
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
    const folded = want.filter((w) => !w.turkish).map((w) => foldTurkish(w.party.name));
    const keys = new Set(want.map((w) => w.key));
    const found: { id: number; name_folded: string; tax_number: string | null; country: string; roles: string }[] = [];
    for (const [column, values, extra] of [
      ['tax_number', taxNumbers, "and country = 'TR'"],
      ['name_folded', folded, ''],
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
