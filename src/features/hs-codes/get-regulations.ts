import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { REGULATIONS, measuresFor, type Regulation } from '../../reference/regulations.js';
import { isValidOn } from '../../reference/tariffs.js';
import { DEFAULT_EDITION } from './builtin.js';
import { CodeParams, DateParam, findCode, parseCode, parseCountry, parseDay } from './params.js';

const Str = Type.String();
const NullStr = Type.Union([Type.String(), Type.Null()]);

const RegulationView = Type.Object({
  id: Str,
  hs_prefix: Type.String({ description: 'The measure covers every code under this prefix' }),
  kind: Type.Unsafe<Regulation['kind']>({ type: 'string', enum: ['licence', 'conformity_check', 'surveillance', 'prohibition', 'registration', 'quota'] }),
  authority: Str,
  title_en: Str,
  title_tr: Str,
  flow: Type.String({ description: 'import, export or both' }),
  origins: Type.Union([Type.Array(Str), Type.Null()], { description: 'Only these partner countries; null = all' }),
  except_origins: Type.Array(Str, { description: 'Every partner except these' }),
  valid_from: Str,
  valid_to: NullStr,
  legal_basis: Str,
  document_required: NullStr,
  unit_value_threshold: Type.Union([Type.Object({ usd: Type.Number(), per: Str }), Type.Null()]),
  illustrative: Type.Boolean(),
});

function view(r: Regulation) {
  return {
    id: r.id, hs_prefix: r.hs_prefix, kind: r.kind, authority: r.authority, title_en: r.title_en, title_tr: r.title_tr,
    flow: r.applies_to.flow, origins: r.applies_to.origins ? [...r.applies_to.origins] : null,
    except_origins: [...(r.applies_to.except_origins ?? [])], valid_from: r.valid_from, valid_to: r.valid_to,
    legal_basis: r.legal_basis, document_required: r.document_required, unit_value_threshold: r.unit_value_threshold ?? null,
    illustrative: r.illustrative,
  };
}

type Flow = 'import' | 'export';

export const getHsCodeRegulations = defineOperation({
  method: 'GET',
  url: '/v1/hs-codes/:code/regulations',
  operationId: 'getHsCodeRegulations',
  tag: 'HS Code and Product',
  summary: 'Regulatory measures: licences, conformity checks, surveillance, prohibitions',
  description: 'Every measure whose HS prefix covers the code and that is in force on `date`, most specific first. Measures add up: all listed apply. '
    + 'With `country` (origin for imports, destination for exports), only the measures that reach that country.',
  scope: 'trade:read',
  params: CodeParams,
  querystring: Type.Object({
    flow: Type.Optional(Type.Unsafe<Flow>({ type: 'string', enum: ['import', 'export'] })),
    country: Type.Optional(Type.String({ maxLength: 3, description: 'Partner country: ISO alpha-2, alpha-3 or M49' })),
    date: DateParam,
  }, { additionalProperties: false }),
  data: RegulationView,
  errors: ['not_found'],
  async handle({ params, query }, { deps }) {
    const code = parseCode(params.code);
    const country = query.country !== undefined ? parseCountry('country', query.country) : null;
    const date = parseDay('date', query.date);
    await findCode(deps.store.db, DEFAULT_EDITION, code);
    const flows: Flow[] = query.flow ? [query.flow] : ['import', 'export'];
    let found: Regulation[];
    if (country !== null) {
      const ids = new Set<string>();
      found = flows.flatMap((f) => measuresFor(code, f, country, date)).filter((r) => !ids.has(r.id) && ids.add(r.id));
    } else {
      found = REGULATIONS.filter((r) => code.startsWith(r.hs_prefix) && isValidOn(r, date)
        && (r.applies_to.flow === 'both' || flows.includes(r.applies_to.flow)));
    }
    found.sort((a, b) => b.hs_prefix.length - a.hs_prefix.length || a.id.localeCompare(b.id));
    return { data: found.map(view), meta: { query: { code, flow: query.flow ?? null, country, date } } };
  },
});
