import { Type } from 'typebox';
import { defineOperation, Day } from '../../http/operation.js';
import { badParam } from '../../http/errors.js';
import { usageByDay } from './queries.js';


export const getUsage = defineOperation({
  method: 'GET',
  url: '/v1/account/usage',
  operationId: 'getAccountUsage',
  tag: 'Account',
  summary: 'Calls and records served to the calling key, by day and by operation',
  scope: 'authenticated',
  querystring: Type.Object({ from: Type.Optional(Day), to: Type.Optional(Day) }, { additionalProperties: false }),
  data: Type.Object({ day: Type.String(), operation: Type.String(), calls: Type.Integer(), records: Type.Integer() }),
  async handle({ query }, { deps, auth }) {
    const to = query.to ?? new Date().toISOString().slice(0, 10);
    const from = query.from ?? new Date(Date.parse(to) - 30 * 86_400_000).toISOString().slice(0, 10);
    if (from > to) throw badParam('to', 'must not be before from');
    await deps.usage.flush();
    const rows = await usageByDay(deps.store.db, auth!.keyId, from, to);
    return { data: rows, meta: { query: { from, to } } };
  },
});
