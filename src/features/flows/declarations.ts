// Declaration search, one declaration and its line items, for either flow.
import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload, type Operation } from '../../http/operation.js';
import { LimitParam, CursorParam } from '../../http/pagination.js';
import { notFound } from '../../http/errors.js';
import { FilterParams, parseFilters, echoFilters } from '../shared/filters.js';
import { sourceMeta } from '../shared/source-meta.js';
import {
  DeclarationSortParam, DeclarationView, DeclarationDetailView, ItemView, DECLARATION_COLUMNS, ITEM_COLUMNS,
  allDeclarations, declarationPage, decodeDeclarationCursor, findDeclaration, itemsOf, loadDeclaration,
  toDeclarationDetailView, toDeclarationView, toItemView,
} from '../shared/declarations.js';
import type { FlowSpec } from './flow.js';

export const DeclarationNoParams = Type.Object({ declaration_no: Type.String({ minLength: 1, maxLength: 40, description: 'Customs declaration number' }) });

export function listDeclarationsOp(fs: FlowSpec): Operation {
  return defineOperation({
    method: 'GET',
    url: `/v1/${fs.prefix}/declarations`,
    operationId: `list${fs.noun}Declarations`,
    tag: fs.tag,
    summary: `Search ${fs.flow} customs declarations`,
    description:
      'All common filters. `hs` matches any line item; `q` matches either party\'s name or an item description (Turkish letters fold). ' +
      'Sorted by `sort` (registered_at or value_usd, `-` for descending; default -registered_at) with keyset cursors, so paging while records are added never repeats or skips one. ' +
      '`format=csv|ndjson` streams every matching declaration.',
    scope: 'trade:read',
    download: true,
    querystring: Type.Object({ ...FilterParams, sort: DeclarationSortParam, limit: LimitParam, cursor: CursorParam, format: FormatParam }, { additionalProperties: false }),
    data: DeclarationView,
    async handle({ query }, { deps, req }) {
      const filters = parseFilters(query, fs.flow);
      const sort = query.sort ?? '-registered_at';
      const db = deps.store.db;
      if (wantsDownload(req)) {
        return {
          columns: DECLARATION_COLUMNS,
          filename: `${fs.prefix}-declarations`,
          rows: (async function* () {
            for await (const page of allDeclarations(db, { filters, sort })) for (const r of page) yield toDeclarationView(r);
          })(),
        };
      }
      const limit = query.limit ?? 50;
      const after = decodeDeclarationCursor(query.cursor, sort);
      const [p, source] = await Promise.all([declarationPage(db, { filters, sort, after, limit }), sourceMeta(db)]);
      return {
        data: p.rows.map(toDeclarationView),
        meta: { limit, next_cursor: p.next_cursor, source, query: { ...echoFilters(filters), sort } },
      };
    },
  });
}

export function getDeclarationOp(fs: FlowSpec): Operation {
  return defineOperation({
    method: 'GET',
    url: `/v1/${fs.prefix}/declarations/:declaration_no`,
    operationId: `get${fs.noun}Declaration`,
    tag: fs.tag,
    summary: `One ${fs.flow} declaration with header, parties, items, duties, bill of lading and containers`,
    scope: 'trade:read',
    params: DeclarationNoParams,
    data: DeclarationDetailView,
    errors: ['not_found'],
    async handle({ params }, { deps }) {
      const db = deps.store.db;
      // A declaration of the other flow does not exist under this prefix.
      const [d, source] = await Promise.all([loadDeclaration(db, { declarationNo: params.declaration_no }, fs.flow), sourceMeta(db)]);
      if (!d) throw notFound(`${fs.noun} declaration`, params.declaration_no);
      return { data: [toDeclarationDetailView(d)], meta: { source } };
    },
  });
}

export function listDeclarationItemsOp(fs: FlowSpec): Operation {
  return defineOperation({
    method: 'GET',
    url: `/v1/${fs.prefix}/declarations/:declaration_no/items`,
    operationId: `list${fs.noun}DeclarationItems`,
    tag: fs.tag,
    summary: `The line items of one ${fs.flow} declaration`,
    description: 'In line order: 12-digit GTİP, HS6, description, quantity and unit, weights, value and duties.',
    scope: 'trade:read',
    download: true,
    params: DeclarationNoParams,
    querystring: Type.Object({ format: FormatParam }, { additionalProperties: false }),
    data: ItemView,
    errors: ['not_found'],
    async handle({ params }, { deps, req }) {
      const db = deps.store.db;
      const header = await findDeclaration(db, { declarationNo: params.declaration_no }, fs.flow);
      if (!header) throw notFound(`${fs.noun} declaration`, params.declaration_no);
      const items = (await itemsOf(db, header.id)).map(toItemView);
      if (wantsDownload(req)) {
        return {
          columns: ITEM_COLUMNS,
          filename: `${params.declaration_no}-items`,
          rows: (async function* () {
            for (const i of items) yield i;
          })(),
        };
      }
      return { data: items, meta: { declaration_no: header.declaration_no, source: header.source } };
    },
  });
}
