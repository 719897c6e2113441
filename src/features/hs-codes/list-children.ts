import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { DEFAULT_EDITION } from './builtin.js';
import { CodeParams, EditionParam, findCode, parseCode } from './params.js';
import { childrenOf } from './queries.js';
import { HsCodeView, toViews } from './view.js';

export const listHsCodeChildren = defineOperation({
  method: 'GET',
  url: '/v1/hs-codes/:code/children',
  operationId: 'listHsCodeChildren',
  tag: 'HS Code and Product',
  summary: 'The entries one level down, in code order',
  description: 'Chapter → headings, heading → subheadings, subheading → GTİP lines (or 8-digit lines where described). Empty for a code with nothing under it.',
  scope: 'trade:read',
  params: CodeParams,
  querystring: Type.Object({ edition: EditionParam }, { additionalProperties: false }),
  data: HsCodeView,
  errors: ['not_found'],
  async handle({ params, query }, { deps }) {
    const db = deps.store.db;
    const edition = query.edition ?? DEFAULT_EDITION;
    const parent = await findCode(db, edition, parseCode(params.code));
    const rows = await childrenOf(db, edition, parent.code);
    return { data: await toViews(db, edition, rows), meta: { parent: parent.code } };
  },
});
