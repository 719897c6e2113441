// What a bulk export contains: the records a `/v1/trade/records` download with the same query
// would stream, in the same columns and order, plus their count for progress.
import { sql, type Kysely } from 'kysely';
import { Type, type Static } from 'typebox';
import type { DB } from '../../db/schema.js';
import { FilterParams, parseFilters, type Filters } from '../shared/filters.js';
import { DeclarationSortParam, declarationConditions, whereClause } from '../shared/declarations.js';
import { FlowParam } from './params.js';
import { RECORD_COLUMNS, recordRows } from './records.js';

export const ExportQuery = Type.Object(
  { ...FilterParams, flow: FlowParam, sort: DeclarationSortParam },
  { additionalProperties: false, description: 'The filters of GET /v1/trade/records (flow, common filters, sort)' },
);
export type ExportQueryValue = Static<typeof ExportQuery>;

export function exportFilters(query: ExportQueryValue): Filters {
  return parseFilters(query, query.flow ?? null);
}

export interface ExportSource {
  columns: string[];
  rows: AsyncIterable<Record<string, unknown>>;
  count(): Promise<number>;
}

export function openExport(db: Kysely<DB>, query: ExportQueryValue): ExportSource {
  const filters = exportFilters(query);
  return {
    columns: RECORD_COLUMNS,
    rows: recordRows(db, filters, query.sort ?? '-registered_at'),
    async count() {
      const res = await sql<{ n: number }>`select count(*) as n from declarations d ${whereClause(declarationConditions(filters))}`.execute(db);
      return Number(res.rows[0]?.n ?? 0);
    },
  };
}
