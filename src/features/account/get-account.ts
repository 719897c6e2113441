import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { ApiError } from '../../http/errors.js';
import { findKey } from '../auth/queries.js';
import { toKeyView, KeyView } from '../admin/key-view.js';

export const getAccount = defineOperation({
  method: 'GET',
  url: '/v1/account',
  operationId: 'getAccount',
  tag: 'Account',
  summary: "The calling key: name, scopes, plan, rate limit and quota",
  scope: 'authenticated',
  querystring: Type.Object({}, { additionalProperties: false }),
  data: Type.Intersect([KeyView, Type.Object({ calls_this_month: Type.Integer() })]),
  async handle(_in, { deps, auth }) {
    const key = auth && (await findKey(deps.store.db, auth.keyId));
    if (!key) throw new ApiError('unauthorized', 'The API key of this token no longer exists');
    return { data: [{ ...toKeyView(key), calls_this_month: await deps.usage.callsThisMonth(key.id) }] };
  },
});
