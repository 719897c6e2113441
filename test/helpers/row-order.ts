// How many rows of a table are stored before a row with a smaller key (by their position in the
// table): 0 when it is sorted by `key`.
import type { Engine } from '../../src/analytics/engine.js';

export async function outOfOrder(e: Pick<Engine, 'query'>, table: string, key: string): Promise<number> {
  const r = await e.query(`select count(*) as n from (select ${key} as k, lag(${key}) over (order by rowid) as before from ${table}) where k < before`);
  return Number(r[0]!.n);
}
