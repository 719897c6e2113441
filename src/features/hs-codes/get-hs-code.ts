import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { DEFAULT_EDITION } from './builtin.js';
import { CodeParams, EditionParam, findCode, parseCode } from './params.js';
import { HsCodeView, toViews } from './view.js';

export const getHsCode = defineOperation({
  method: 'GET',
  url: '/v1/hs-codes/:code',
  operationId: 'getHsCode',
  tag: 'HS Code and Product',
  summary: 'One code (2–12 digits) with its path section → chapter → heading → subheading → GTİP',
  scope: 'trade:read',
  params: CodeParams,
  querystring: Type.Object({ edition: EditionParam }, { additionalProperties: false }),
  data: HsCodeView,
  errors: ['not_found'],
  async handle({ params, query }, { deps }) {
    const edition = query.edition ?? DEFAULT_EDITION;
    const row = await findCode(deps.store.db, edition, parseCode(params.code));
    return { data: await toViews(deps.store.db, edition, [row]) };
  },
});
