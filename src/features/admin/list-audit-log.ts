import { Type } from 'typebox';
import { defineOperation, Day } from '../../http/operation.js';
import { LimitParam, CursorParam, decodeCursor, page } from '../../http/pagination.js';
import { badParam } from '../../http/errors.js';
import { listAudit } from '../auth/queries.js';

const DateParam = Type.Optional(Day);

export const listAuditLog = defineOperation({
  method: 'GET',
  url: '/v1/admin/audit-log',
  operationId: 'listAuditLog',
  tag: 'Admin',
  summary: 'Who read contact details, who changed keys: newest first',
  scope: 'admin',
  querystring: Type.Object(
    { key_id: Type.Optional(Type.String({ maxLength: 100 })), action: Type.Optional(Type.String({ maxLength: 100 })), from: DateParam, to: DateParam, limit: LimitParam, cursor: CursorParam },
    { additionalProperties: false },
  ),
  data: Type.Object({
    id: Type.Integer(), at: Type.String(), key_id: Type.Union([Type.String(), Type.Null()]), action: Type.String(),
    target_type: Type.String(), target_id: Type.Union([Type.String(), Type.Null()]), details: Type.Unknown(),
    ip: Type.Union([Type.String(), Type.Null()]), request_id: Type.Union([Type.String(), Type.Null()]),
  }),
  async handle({ query }, { deps }) {
    const limit = query.limit ?? 50;
    if (query.from && query.to && query.from > query.to) throw badParam('to', 'must not be before from');
    const c = decodeCursor(query.cursor, 1);
    const toExclusive = query.to ? new Date(Date.parse(query.to) + 86_400_000).toISOString() : undefined;
    const rows = await listAudit(deps.store.db, {
      keyId: query.key_id, action: query.action, from: query.from, to: toExclusive, beforeId: c ? Number(c[0]) : undefined, limit,
    });
    const p = page(rows, limit, (r) => [Number(r.id)]);
    return {
      data: p.items.map((r) => ({ ...r, id: Number(r.id), details: JSON.parse(r.details) as unknown })),
      meta: { limit, next_cursor: p.next_cursor },
    };
  },
});
