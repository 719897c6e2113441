// Port × customs office × transport mode by month: breakdowns by gate or office, and series
// filtered by them, without scanning the wide declarations rollup.
import type { Kysely } from 'kysely';
import type { Engine } from '../connect.js';
import { ROLLUPS } from '../../ingest/rollups.js';
import { createRollup } from './007-rollup-lattice.js';

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await createRollup(db, ROLLUPS.find((d) => d.table === 'rollup_gateway_monthly')!);
}
