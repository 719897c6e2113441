import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { badParam, notFound } from '../../http/errors.js';
import { EDITIONS, type Edition } from './builtin.js';
import { parseCode } from './params.js';
import { concordanceOf, ensureBuiltins, getCodes } from './queries.js';

const EditionEnum = (description: string) => Type.Unsafe<Edition>({ type: 'string', enum: [...EDITIONS], description });

const Mapping = Type.Object({
  from_edition: Type.String(), from_code: Type.String(), to_edition: Type.String(), to_code: Type.String(),
  relationship: Type.Unsafe<string>({ type: 'string', enum: ['1:1', '1:n', 'n:1', 'n:n'], description: '1:n = the code was split; n:1 = merged with others; n:n = both' }),
  to_description_en: Type.Union([Type.String(), Type.Null()], { description: 'When the target edition is loaded' }),
});

export const mapHsConcordance = defineOperation({
  method: 'GET',
  url: '/v1/hs-codes/concordance',
  operationId: 'mapHsConcordance',
  tag: 'HS Code and Product',
  summary: 'Map a code between HS editions (HS 2017 ↔ HS 2022)',
  description: 'Correspondence at the 6-digit subheading level; a longer GTİP code is mapped through its first six digits. '
    + 'Built in for the catalogue subheadings; the full UNSD correlation table can be loaded with `tradeapi ingest hs-concordance`.',
  scope: 'trade:read',
  querystring: Type.Object({
    from_edition: EditionEnum('Edition the code is in'),
    to_edition: EditionEnum('Edition to map it to'),
    code: Type.String({ maxLength: 40, description: 'HS code of 6–12 digits (dots allowed)' }),
  }, { additionalProperties: false }),
  data: Mapping,
  errors: ['not_found'],
  async handle({ query }, { deps }) {
    const db = deps.store.db;
    const code = parseCode(query.code, 6).slice(0, 6);
    if (query.from_edition === query.to_edition) throw badParam('to_edition', 'must differ from from_edition', EDITIONS);
    await ensureBuiltins(db);
    const rows = await concordanceOf(db, query.from_edition, query.to_edition, code);
    if (rows.length === 0) throw notFound(`HS code ${code} with a ${query.to_edition} correspondence in edition`, query.from_edition);
    const described = new Map((await getCodes(db, query.to_edition, rows.map((r) => r.to_code))).map((r) => [r.code, r.description_en]));
    return {
      data: rows.map((r) => ({ ...r, to_description_en: described.get(r.to_code) ?? null })),
      meta: { query: { from_edition: query.from_edition, to_edition: query.to_edition, code } },
    };
  },
});
