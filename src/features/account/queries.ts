import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export async function usageByDay(db: Kysely<DB>, keyId: string, from: string, to: string) {
  const rows = await db
    .selectFrom('usage_counters')
    .select(['day', 'operation', 'calls', 'records'])
    .where('key_id', '=', keyId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .orderBy('operation')
    .execute();
  return rows.map((r) => ({ day: String(r.day), operation: r.operation, calls: Number(r.calls), records: Number(r.records) }));
}
