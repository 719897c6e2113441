import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { badParam } from '../../http/errors.js';
import { foldTurkish } from '../../domain/codes/text.js';
import { formatGtip } from '../../domain/codes/hs-code.js';
import { DEFAULT_EDITION } from './builtin.js';
import { classifier } from './indexes.js';
import { getCodes } from './queries.js';

const Candidate = Type.Object({
  level: Type.Integer({ description: '6 (HS subheading) or 12 (GTİP line)' }),
  rank: Type.Integer({ minimum: 1, description: 'Rank within its level' }),
  code: Type.String(),
  code_formatted: Type.String(),
  hs6: Type.String(),
  score: Type.Number({ description: '0–1: relevance of the best evidence relative to a perfect match' }),
  description_en: Type.Union([Type.String(), Type.Null()]),
  description_tr: Type.Union([Type.String(), Type.Null()]),
  evidence: Type.Object({
    matched_terms: Type.Array(Type.String(), { description: 'Words of the description found in the evidence' }),
    similar_examples: Type.Array(Type.String(), { description: 'Nomenclature texts and past declaration item descriptions behind this code' }),
  }),
});

export const classifyProduct = defineOperation({
  method: 'POST',
  url: '/v1/hs-codes/classify',
  operationId: 'classifyProduct',
  tag: 'HS Code and Product',
  summary: 'Free-text product description (English or Turkish) → ranked 6- and 12-digit candidates with evidence',
  description: 'A BM25 ranking over the HS 2022 nomenclature and over the item descriptions of stored declarations, built in the service (no external call). '
    + 'Candidates at both levels unless `level` says which; a suggestion, not a binding tariff ruling.',
  scope: 'trade:read',
  body: Type.Object({
    description: Type.String({ minLength: 1, maxLength: 1000 }),
    top_k: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 5 })),
    level: Type.Optional(Type.Unsafe<6 | 12>({ type: 'integer', enum: [6, 12] })),
  }, { additionalProperties: false }),
  data: Candidate,
  async handle({ body }, { deps }) {
    if (foldTurkish(body.description) === '') throw badParam('description', 'has no letters or digits to classify');
    const db = deps.store.db;
    const index = await classifier(db);
    const topK = body.top_k ?? 5;
    const levels: Array<6 | 12> = body.level ? [body.level] : [6, 12];
    const found = levels.flatMap((level) => index.classify(body.description, { top_k: topK, level }).map((c, i) => ({ ...c, level, rank: i + 1 })));
    const rows = new Map((await getCodes(db, DEFAULT_EDITION, found.map((c) => c.code))).map((r) => [r.code, r]));
    const data = found.map((c) => ({
      level: c.level, rank: c.rank, code: c.code, code_formatted: formatGtip(c.code), hs6: c.hs6, score: c.score,
      description_en: rows.get(c.code)?.description_en ?? null, description_tr: rows.get(c.code)?.description_tr ?? null,
      evidence: c.evidence,
    }));
    return { data, meta: { query: { description: body.description, top_k: topK, levels }, examples: index.size } };
  },
});
