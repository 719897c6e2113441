// Recomputes every rollup from the raw records and compares it with the stored one, row by row.
// Integer measures must match exactly; floating sums may differ in the last bits because the
// incremental sums were added in another order.
import { CompiledQuery } from 'kysely';
import type { Store } from '../db/connect.js';
import { ROLLUPS, recomputeSql, type RollupDef } from './rollups.js';

export interface RollupDifference {
  table: RollupDef['table'];
  kind: 'missing' | 'extra' | 'different';
  key: Record<string, string | number>;
  /** For 'different': measure → [expected from raw records, stored]. */
  measures?: Record<string, [number, number]>;
}

export interface VerifyReport {
  ok: boolean;
  tables: { table: string; rows: number; differences: number }[];
  differences: RollupDifference[];
}

const REL_TOLERANCE = 1e-9;

export async function verifyRollups(store: Store, opts: { maxListed?: number } = {}): Promise<VerifyReport> {
  const maxListed = opts.maxListed ?? 1000;
  const differences: RollupDifference[] = [];
  const tables: VerifyReport['tables'] = [];
  for (const def of ROLLUPS) {
    const expected = await keyed(store, def, recomputeSql(def));
    const stored = await keyed(store, def, `select ${[...def.keys, ...def.exact, ...def.approx].join(', ')} from ${def.table}`);
    let count = 0;
    const note = (d: RollupDifference) => {
      count++;
      if (differences.length < maxListed) differences.push(d);
    };
    for (const [k, want] of expected) {
      const have = stored.get(k);
      if (!have) {
        note({ table: def.table, kind: 'missing', key: keyOf(def, want) });
        continue;
      }
      const diff: Record<string, [number, number]> = {};
      for (const m of def.exact) if (Number(want[m]) !== Number(have[m])) diff[m] = [Number(want[m]), Number(have[m])];
      for (const m of def.approx) {
        const a = Number(want[m]);
        const b = Number(have[m]);
        if (Math.abs(a - b) > REL_TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b))) diff[m] = [a, b];
      }
      if (Object.keys(diff).length) note({ table: def.table, kind: 'different', key: keyOf(def, want), measures: diff });
    }
    for (const [k, have] of stored) {
      // A stored row of zeros is what a fully retracted key would leave; only non-zero extras count.
      if (!expected.has(k) && def.exact.some((m) => Number(have[m]) !== 0)) note({ table: def.table, kind: 'extra', key: keyOf(def, have) });
    }
    tables.push({ table: def.table, rows: stored.size, differences: count });
  }
  return { ok: tables.every((t) => t.differences === 0), tables, differences };
}

type Row = Record<string, unknown>;

async function keyed(store: Store, def: RollupDef, text: string): Promise<Map<string, Row>> {
  const res = await store.db.executeQuery<Row>(CompiledQuery.raw(text, []));
  const out = new Map<string, Row>();
  for (const r of res.rows) out.set(def.keys.map((k) => String(r[k])).join('\u0001'), r);
  return out;
}

function keyOf(def: RollupDef, row: Row): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const k of def.keys) out[k] = row[k] as string | number;
  return out;
}
