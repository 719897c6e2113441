// Orders of the unified records list (both flows): newest first and by value, each with the id as
// tie-breaker so keyset pages read an index range instead of sorting every declaration. The flow
// + value index serves the same sort when one flow is asked for.
import type { Kysely } from 'kysely';
import type { Engine } from '../connect.js';

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  const s = db.schema;
  await s.createIndex('declarations_date_id').ifNotExists().on('declarations').columns(['registered_at', 'id']).execute();
  await s.createIndex('declarations_value_id').ifNotExists().on('declarations').columns(['value_usd_cents', 'id']).execute();
  await s.createIndex('declarations_flow_value').ifNotExists().on('declarations').columns(['flow', 'value_usd_cents', 'id']).execute();
}
