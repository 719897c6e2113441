// GET /v1/trade/reference/{list}: the built-in code lists.
import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { ApiError } from '../../http/errors.js';
import { CODE_LISTS, CODE_LIST_NAMES, isCodeListName } from '../../reference/code-lists.js';

export const getReferenceList = defineOperation({
  method: 'GET',
  url: '/v1/trade/reference/:list',
  operationId: 'getTradeReferenceList',
  tag: 'Trade Data',
  summary: `Code lists: ${CODE_LIST_NAMES.join(', ')}`,
  description: 'Every entry has `code` and `name` (English); most also `name_tr` and list-specific fields. An unknown list is a 404 naming the lists.',
  scope: 'trade:read',
  errors: ['not_found'],
  params: Type.Object({ list: Type.String({ maxLength: 40, description: CODE_LIST_NAMES.join(', ') }) }),
  data: Type.Object({ code: Type.String(), name: Type.String(), name_tr: Type.Optional(Type.String()) }, { additionalProperties: true }),
  handle({ params }) {
    if (!isCodeListName(params.list)) {
      throw new ApiError('not_found', `No code list "${params.list}"; lists: ${CODE_LIST_NAMES.join(', ')}`, [
        { field: 'list', issue: 'unknown list', allowed: [...CODE_LIST_NAMES] },
      ]);
    }
    const entries = CODE_LISTS[params.list];
    return { data: [...entries], meta: { list: params.list, total: entries.length } };
  },
});
