import { Type } from 'typebox';
import { sql } from 'kysely';
import { defineOperation } from '../../http/operation.js';
import type { Store } from '../../db/connect.js';

export interface SourceFreshness {
  source: string;
  records: number;
  period_from: string | null;
  period_to: string | null;
  batches: number;
  last_load_at: string | null;
}

/** Per source, from the batch ledger rather than the records: a few rows instead of millions. */
export async function freshnessBySource(store: Store): Promise<SourceFreshness[]> {
  const rows = await store.db
    .selectFrom('ingest_batches')
    .where('status', '=', 'done')
    .groupBy('source')
    .select([
      'source',
      sql<number>`sum(rows_stored)`.as('records'),
      sql<string | null>`min(period_from)`.as('period_from'),
      sql<string | null>`max(period_to)`.as('period_to'),
      sql<number>`count(*)`.as('batches'),
      sql<string | null>`max(finished_at)`.as('last_load_at'),
    ])
    .orderBy('source')
    .execute();
  return rows.map((r) => ({
    source: r.source,
    records: Number(r.records),
    period_from: r.period_from,
    period_to: r.period_to,
    batches: Number(r.batches),
    last_load_at: r.last_load_at === null ? null : new Date(r.last_load_at).toISOString(),
  }));
}

export const getFreshness = defineOperation({
  method: 'GET',
  url: '/v1/trade/freshness',
  operationId: 'getTradeFreshness',
  tag: 'Trade Data',
  summary: 'Per data source: periods covered, records stored and the last load',
  scope: 'trade:read',
  querystring: Type.Object({}, { additionalProperties: false }),
  data: Type.Object({
    source: Type.String({ description: 'dataset name given at load time' }),
    records: Type.Integer({ description: 'declarations stored from this source' }),
    period_from: Type.Union([Type.String(), Type.Null()], { description: 'earliest registered_at, YYYY-MM-DD' }),
    period_to: Type.Union([Type.String(), Type.Null()], { description: 'latest registered_at, YYYY-MM-DD' }),
    batches: Type.Integer({ description: 'batches loaded' }),
    last_load_at: Type.Union([Type.String(), Type.Null()], { description: 'when the last batch was committed (ISO 8601 UTC)' }),
  }),
  async handle(_input, { deps }) {
    return { data: await freshnessBySource(deps.store) };
  },
});
