import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { badParam } from '../../http/errors.js';
import { foldTurkish } from '../../domain/codes/text.js';
import { formatGtip } from '../../domain/codes/hs-code.js';
import { DEFAULT_EDITION } from './builtin.js';
import { classifier } from './indexes.js';
import { getCodes } from './queries.js';
import { tariffIndex } from './tariff-index.js';
import type { ClassifyCandidate } from '../../domain/classify/classifier.js';
import type { TariffCandidate } from '../../domain/classify/tariff-classifier.js';

const Candidate = Type.Object({
  level: Type.Integer({ description: '6 (HS subheading) or 12 (GTİP line)' }),
  rank: Type.Integer({ minimum: 1, description: 'Rank within its level' }),
  code: Type.String(),
  code_formatted: Type.String(),
  hs6: Type.String(),
  score: Type.Number({ description: 'Relevance: 0–1 from the shipped catalogue; from the tariff index comparable only within one answer' }),
  confidence: Type.Union([Type.Number(), Type.Null()], {
    description: 'Tariff index only: 0–1, calibrated — of first answers given confidence c, about c are right at 6 digits; null from the shipped catalogue',
  }),
  description_en: Type.Union([Type.String(), Type.Null()]),
  description_tr: Type.Union([Type.String(), Type.Null()]),
  evidence: Type.Object({
    matched_terms: Type.Array(Type.String(), { description: 'Words of the description found in the evidence' }),
    similar_examples: Type.Array(Type.String(), { description: 'Nomenclature texts and past declaration item descriptions behind this code' }),
    lines: Type.Array(Type.Object({
      code: Type.String({ description: 'The matching line\'s own code (6–10 digits)' }),
      source: Type.String({ description: 'hs2022, us-hts, eu-cn, uk-tariff, uk-search-terms or builtin' }),
      text: Type.String(),
    }), { description: 'Tariff index only: the nomenclature lines that matched best' }),
  }),
});

function fromTariffIndex(c: TariffCandidate) {
  return {
    code: c.hs6, hs6: c.hs6, score: c.score, confidence: c.confidence as number | null,
    evidence: { matched_terms: c.evidence.matched_terms, similar_examples: c.evidence.lines.map((l) => l.text), lines: c.evidence.lines },
  };
}

function fromShipped(c: ClassifyCandidate) {
  return { code: c.code, hs6: c.hs6, score: c.score, confidence: null, evidence: { ...c.evidence, lines: [] } };
}

export const classifyProduct = defineOperation({
  method: 'POST',
  url: '/v1/hs-codes/classify',
  operationId: 'classifyProduct',
  tag: 'HS Code and Product',
  summary: 'Free-text product description (English or Turkish) → ranked 6- and 12-digit candidates with evidence',
  description: 'A BM25 ranking built in the service (no external call). 6-digit candidates come from the tariff index — the HS 2022, US HTS, EU CN and UK '
    + 'tariff lines and HMRC search terms, with WordNet for words the tariff does not use — once it is built from REFERENCE_DATA_DIR or ingested lines; '
    + 'until then, and for 12-digit GTİP lines, from the shipped catalogue and stored declarations. `meta.knowledge` says which. '
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
    const tariff = tariffIndex(db, deps.config.referenceDataDir);
    const fromTariff = tariff.state === 'ready' ? tariff.classifier : null;
    const found = levels.flatMap((level) => (level === 6 && fromTariff ? fromTariff.classify(body.description, topK).map(fromTariffIndex) : index.classify(body.description, { top_k: topK, level }).map(fromShipped))
      .map((c, i) => ({ ...c, level, rank: i + 1 })));
    const rows = new Map((await getCodes(db, DEFAULT_EDITION, found.map((c) => c.code))).map((r) => [r.code, r]));
    const data = found.map((c) => ({
      level: c.level, rank: c.rank, code: c.code, code_formatted: formatGtip(c.code), hs6: c.hs6, score: c.score, confidence: c.confidence,
      description_en: rows.get(c.code)?.description_en ?? (c.level === 6 ? fromTariff?.title(c.code) ?? null : null),
      description_tr: rows.get(c.code)?.description_tr ?? null,
      evidence: c.evidence,
    }));
    const knowledge = {
      used: fromTariff && levels.includes(6) ? 'tariff-index' as const : 'shipped' as const,
      tariff_index: tariff.state,
      sources: fromTariff && levels.includes(6) ? fromTariff.sources : ['builtin', 'declarations'],
    };
    return { data, meta: { query: { description: body.description, top_k: topK, levels }, examples: index.size, knowledge } };
  },
});
