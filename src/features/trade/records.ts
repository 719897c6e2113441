// GET /v1/trade/records and /v1/trade/records/{record_id}: the customs declarations of both flows
// through the shared declaration list, with `flow` as one more filter.
import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { LimitParam, CursorParam } from '../../http/pagination.js';
import { notFound } from '../../http/errors.js';
import { FilterParams, parseFilters, echoFilters, type Filters } from '../shared/filters.js';
import { sourceMeta } from '../shared/source-meta.js';
import {
  DECLARATION_COLUMNS, DeclarationDetailView, DeclarationSortParam, DeclarationView, allDeclarations, declarationPage,
  decodeDeclarationCursor, loadDeclaration, toDeclarationDetailView, toDeclarationView, type DeclarationSort,
} from '../shared/declarations.js';
import { FlowParam } from './params.js';

/** Every matching record as the list shows it, in keyset pages (downloads and bulk exports). */
export async function* recordRows(db: Kysely<DB>, filters: Filters, sort: DeclarationSort = '-registered_at'): AsyncGenerator<Record<string, unknown>> {
  for await (const batch of allDeclarations(db, { filters, sort }, 5000)) {
    for (const r of batch) yield toDeclarationView(r);
  }
}

export const RECORD_COLUMNS = DECLARATION_COLUMNS;

export const listTradeRecords = defineOperation({
  method: 'GET',
  url: '/v1/trade/records',
  operationId: 'listTradeRecords',
  tag: 'Trade Data',
  summary: 'Customs records of both flows (flow=import|export), with the common filters, sorting and cursor pagination',
  description: 'Sort by `registered_at` or `value_usd` (`-` for descending; default newest first). `format=csv|ndjson` streams every matching record.',
  scope: 'trade:read',
  download: true,
  querystring: Type.Object(
    { ...FilterParams, flow: FlowParam, sort: DeclarationSortParam, limit: LimitParam, cursor: CursorParam, format: FormatParam },
    { additionalProperties: false },
  ),
  data: DeclarationView,
  async handle({ query }, { deps, req }) {
    const filters = parseFilters(query, query.flow ?? null);
    const sort = query.sort ?? '-registered_at';
    const db = deps.store.db;
    if (wantsDownload(req)) return { columns: RECORD_COLUMNS, rows: recordRows(db, filters, sort), filename: 'trade-records' };
    const limit = query.limit ?? 50;
    const after = decodeDeclarationCursor(query.cursor, sort);
    const p = await declarationPage(db, { filters, sort, after, limit });
    return {
      data: p.rows.map(toDeclarationView),
      meta: { limit, next_cursor: p.next_cursor, source: await sourceMeta(db), query: { ...echoFilters(filters), sort } },
    };
  },
});

export const getTradeRecord = defineOperation({
  method: 'GET',
  url: '/v1/trade/records/:record_id',
  operationId: 'getTradeRecord',
  tag: 'Trade Data',
  summary: 'One customs record by its numeric record_id: parties, items with 12-digit GTİP, duties, bill of lading, containers, source',
  scope: 'trade:read',
  errors: ['not_found'],
  params: Type.Object({ record_id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'record_id of a record' }) }),
  data: DeclarationDetailView,
  async handle({ params }, { deps }) {
    const db = deps.store.db;
    const detail = await loadDeclaration(db, { id: params.record_id });
    if (!detail) throw notFound('Record', params.record_id);
    return { data: [toDeclarationDetailView(detail)], meta: { source: await sourceMeta(db) } };
  },
});
