import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { LimitParam, CursorParam, decodeCursor, page } from '../../http/pagination.js';
import { listKeys } from '../auth/queries.js';
import { KeyView, toKeyView } from './key-view.js';

export const listApiKeys = defineOperation({
  method: 'GET',
  url: '/v1/admin/api-keys',
  operationId: 'listApiKeys',
  tag: 'Admin',
  summary: 'List API keys (never their secrets)',
  scope: 'admin',
  querystring: Type.Object({ limit: LimitParam, cursor: CursorParam }, { additionalProperties: false }),
  data: KeyView,
  async handle({ query }, { deps }) {
    const limit = query.limit ?? 50;
    const after = decodeCursor(query.cursor, 1);
    const rows = await listKeys(deps.store.db, after ? String(after[0]) : null, limit);
    const p = page(rows, limit, (r) => [r.id]);
    return { data: p.items.map(toKeyView), meta: { limit, next_cursor: p.next_cursor } };
  },
});
