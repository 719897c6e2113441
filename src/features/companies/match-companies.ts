import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { DB } from '../../db/schema.js';
import { defineOperation } from '../../http/operation.js';
import { badParam } from '../../http/errors.js';
import { resolveCountry } from '../../reference/countries.js';
import { DEFAULT_MATCH_THRESHOLD } from '../../domain/matching/name-index.js';
import { getDirectory, type Directory } from './directory.js';
import { memoOver, sourceMemoKey } from '../shared/source-memo.js';
import { matchNames, type NamedMatch } from './name-search.js';
import { Nullable } from './params.js';

export const MAX_MATCH_INPUTS = 100;

const Candidate = Type.Object({
  company_id: Type.Integer(),
  name: Type.String(),
  matched_name: Type.String(),
  country: Type.String(),
  tax_number: Nullable(Type.String()),
  score: Type.Number(),
  reason: Type.Unsafe<string>({ type: 'string', enum: ['exact_tax_number', 'exact_name', 'normalised_name', 'fuzzy'] }),
});

export const matchCompanies = defineOperation({
  method: 'POST',
  url: '/v1/companies/match',
  operationId: 'matchCompanies',
  tag: 'Company and Buyer',
  summary: 'Entity resolution: up to 100 names (+ country, tax number) → best matching companies with scores',
  description:
    `One answer per input, in input order. A tax number equal to a known company's wins outright (score 1, reason exact_tax_number); ` +
    `otherwise names are compared after Turkish folding and normalisation of legal forms and trade words. \`matched\` is true when the ` +
    `best score reaches \`threshold\` (default ${DEFAULT_MATCH_THRESHOLD}, tuned for F1 on labelled re-spellings; see docs). ` +
    'A country that differs from the candidate’s lowers its score, and so does a well-formed tax number (VKN or TCKN whose check digits hold) that is not the candidate’s.',
  scope: 'companies:read',
  body: Type.Object(
    {
      inputs: Type.Array(
        Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 300 }),
            country: Type.Optional(Nullable(Type.String({ maxLength: 3 }))),
            tax_number: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: MAX_MATCH_INPUTS, description: `1–${MAX_MATCH_INPUTS} names` },
      ),
      threshold: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
      candidates: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, default: 3 })),
    },
    { additionalProperties: false },
  ),
  data: Type.Object({
    index: Type.Integer(),
    input: Type.Object({ name: Type.String(), country: Nullable(Type.String()), tax_number: Nullable(Type.String()) }),
    matched: Type.Boolean(),
    best: Nullable(Candidate),
    candidates: Type.Array(Candidate),
  }),
  async handle({ body }, { deps }) {
    // Checked here, not by maxItems, so the 400 says what the limit is and names the field.
    if (body.inputs.length > MAX_MATCH_INPUTS) throw badParam('inputs', `at most ${MAX_MATCH_INPUTS} names per request (got ${body.inputs.length})`);
    const inputs = body.inputs.map((i, n) => {
      let country: string | null = null;
      if (i.country) {
        const found = resolveCountry(i.country);
        if (!found) throw badParam(`inputs[${n}].country`, `unknown country code "${i.country}"`);
        country = found.alpha2;
      }
      return { name: i.name, country, tax_number: i.tax_number ?? null };
    });
    const dir = await getDirectory(deps.store.db);
    const threshold = body.threshold ?? DEFAULT_MATCH_THRESHOLD;
    const results = await matchAll(deps.store.db, dir, inputs, threshold, body.candidates ?? 3);
    const view = (c: { id: string; name: string; matched_name: string; country: string; score: number; reason: string }, r: NamedMatch) => ({
      company_id: Number(c.id),
      name: c.name,
      matched_name: c.matched_name,
      country: c.country,
      tax_number: r.taxNumbers.get(c.id) ?? null,
      score: c.score,
      reason: c.reason,
    });
    return {
      data: results.map((r, index) => ({
        index,
        input: inputs[index]!,
        matched: r.matched,
        best: r.best ? view(r.best, r) : null,
        candidates: r.candidates.map((c) => view(c, r)),
      })),
      meta: { threshold, matched: results.filter((r) => r.matched).length },
    };
  },
});

type Input = { name: string; country: string | null; tax_number: string | null };

// Matching is a pure function of the companies and the input, and reconciliation jobs send the
// same names again and again: each input's result is remembered with the directory it came from
// (dropped when a new directory replaces it: companies were added), bounded in bytes.
const MATCH_MEMO_BYTES = 8 * 1024 * 1024;
const MATCH_MEMO_MS = 10 * 60_000;
const MATCH_MEMO = sourceMemoKey<NamedMatch>('company matches', MATCH_MEMO_MS, MATCH_MEMO_BYTES, (r) => matchBytes(r));

function matchBytes(r: NamedMatch): number {
  let n = 128 + 64 * r.taxNumbers.size;
  for (const c of r.candidates) n += 96 + 2 * (c.name.length + c.matched_name.length);
  return n;
}

async function matchAll(db: Kysely<DB>, dir: Directory, inputs: Input[], threshold: number, candidates: number): Promise<NamedMatch[]> {
  const memo = memoOver(db, MATCH_MEMO, dir);
  const keys = inputs.map((i) => JSON.stringify([i.name, i.country, i.tax_number, threshold, candidates]));
  const known = new Map<string, NamedMatch>();
  const missing = new Map<string, Input>();
  inputs.forEach((input, n) => {
    const hit = memo.get(keys[n]!);
    if (hit) known.set(keys[n]!, hit);
    else missing.set(keys[n]!, input);
  });
  const fresh = missing.size ? await matchNames(db, dir, [...missing.values()], threshold, candidates) : [];
  [...missing.keys()].forEach((k, f) => {
    known.set(k, fresh[f]!);
    memo.set(k, fresh[f]!);
  });
  return keys.map((k) => known.get(k)!);
}
