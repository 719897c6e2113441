import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { CursorParam, LimitParam, decodeCursor, page } from '../../http/pagination.js';
import { badParam } from '../../http/errors.js';
import { resolveCountry } from '../../reference/countries.js';
import { foldTurkish } from '../../domain/codes/text.js';
import { aggregate } from '../shared/aggregate.js';
import { parseFilters } from '../shared/filters.js';
import { getDirectory, type DirectoryEntry } from './directory.js';
import { Nullable } from './params.js';
import { arrayDownload } from './download.js';

export const ROLES = ['importer', 'exporter', 'manufacturer', 'buyer', 'supplier'] as const;
type Role = (typeof ROLES)[number];

const CompanyHit = Type.Object({
  company_id: Type.Integer(),
  name: Type.String(),
  matched_name: Nullable(Type.String()),
  country: Type.String(),
  city: Nullable(Type.String()),
  roles: Type.Array(Type.String()),
  sector: Nullable(Type.String()),
  size_band: Nullable(Type.String()),
  trade_value_usd: Type.Number(),
  score: Nullable(Type.Number()),
});

interface Hit {
  e: DirectoryEntry;
  matched: string | null;
  score: number | null;
}

const MAX_MATCHES = 5_000;

export const searchCompanies = defineOperation({
  method: 'GET',
  url: '/v1/companies',
  operationId: 'searchCompanies',
  tag: 'Company and Buyer',
  summary: 'Search companies by name (fuzzy, Turkish folding), country, city, role, product and sector',
  description:
    '`q` is matched against names and aliases: Turkish letters fold, case is ignored, legal forms and trade words are normalised ' +
    '(A.Ş. = AŞ = Anonim Şirketi; Ltd. Şti. = Limited Şirketi; San. ve Tic. = Sanayi ve Ticaret) and typos are tolerated. ' +
    'Results are ranked by relevance (`score`, 0–1), then by trade size (`trade_value_usd`, all time); without `q`, by trade size. ' +
    '`hs` keeps companies that traded a product under that prefix; `city` and `sector` match whole folded text.',
  scope: 'companies:read',
  querystring: Type.Object(
    {
      q: Type.Optional(Type.String({ maxLength: 200, description: 'Name or part of it' })),
      country: Type.Optional(Type.String({ maxLength: 200, description: 'ISO alpha-2, alpha-3 or M49; comma list' })),
      city: Type.Optional(Type.String({ maxLength: 100 })),
      role: Type.Optional(Type.Unsafe<Role>({ type: 'string', enum: [...ROLES] })),
      hs: Type.Optional(Type.String({ maxLength: 200, description: 'HS prefix(es) the company traded' })),
      sector: Type.Optional(Type.String({ maxLength: 100 })),
      limit: LimitParam,
      cursor: CursorParam,
      format: FormatParam,
    },
    { additionalProperties: false },
  ),
  data: CompanyHit,
  errors: [],
  download: true,
  async handle({ query }, { deps, req }) {
    const db = deps.store.db;
    const countries = (query.country ?? '').split(',').map((c) => c.trim()).filter(Boolean).map((c) => {
      const found = resolveCountry(c);
      if (!found) throw badParam('country', `unknown country code "${c}" (use ISO alpha-2, alpha-3 or M49)`);
      return found.alpha2;
    });
    const city = query.city !== undefined ? foldTurkish(query.city) : null;
    const sector = query.sector !== undefined ? foldTurkish(query.sector) : null;
    if (query.q !== undefined && foldTurkish(query.q) === '') throw badParam('q', 'has no letters or digits to search for');
    const traded = query.hs !== undefined ? await tradersOf(db, query.hs) : null;
    const dir = await getDirectory(db);
    const keep = (e: DirectoryEntry) =>
      (!countries.length || countries.includes(e.country)) &&
      (city === null || e.city_folded === city) &&
      (sector === null || e.sector_folded === sector) &&
      (!query.role || e.roles.includes(query.role)) &&
      (!traded || traded.has(e.id));

    let hits: Hit[];
    if (query.q !== undefined) {
      const country = countries.length === 1 ? countries[0]! : null;
      hits = dir.index
        .search(query.q, { limit: 1000, country })
        .map((h) => ({ e: dir.byId.get(Number(h.id))!, matched: h.matched_name, score: h.score }))
        .filter((h) => h.e && keep(h.e));
    } else {
      hits = [];
      for (const e of dir.entries) if (keep(e)) hits.push({ e, matched: null, score: null });
      hits.sort((a, b) => b.e.trade_value_usd - a.e.trade_value_usd || a.e.id - b.e.id);
      if (hits.length > MAX_MATCHES) hits.length = MAX_MATCHES;
    }
    // The name index orders by relevance in steps of 0.01, then trade size; keep its order and
    // page by position in it, keyed by the last id so a stale cursor fails loudly.
    const rows = hits.map((h, i) => ({ pos: i, ...view(h) }));
    if (wantsDownload(req)) return arrayDownload(rows.map(({ pos: _p, ...r }) => r), Object.keys(CompanyHit.properties), 'companies');
    const limit = query.limit ?? 50;
    const c = decodeCursor(query.cursor, 2);
    const start = c ? Number(c[0]) + 1 : 0;
    if (c && rows[start - 1]?.company_id !== c[1]) throw badParam('cursor', 'the result changed since this cursor was issued; start again');
    const { items, next_cursor } = page(rows.slice(start, start + limit + 1), limit, (r) => [r.pos, r.company_id]);
    return {
      data: items.map(({ pos: _p, ...r }) => r),
      meta: { limit, next_cursor, total: rows.length, query: { ...query, country: countries.length ? countries : undefined, cursor: undefined } },
    };
  },
});

function view(h: Hit) {
  return {
    company_id: h.e.id,
    name: h.e.name,
    matched_name: h.matched,
    country: h.e.country,
    city: h.e.city,
    roles: h.e.roles,
    sector: h.e.sector,
    size_band: h.e.size_band,
    trade_value_usd: h.e.trade_value_usd,
    score: h.score,
  };
}

async function tradersOf(db: Parameters<typeof aggregate>[0], hs: string): Promise<Set<number>> {
  const filters = parseFilters({ hs });
  const [own, partners] = await Promise.all([
    aggregate(db, { filters, groupBy: ['company'], metrics: ['value_usd'], maxRows: 1_000_000 }),
    aggregate(db, { filters, groupBy: ['partner_company'], metrics: ['value_usd'], maxRows: 1_000_000 }),
  ]);
  const out = new Set<number>();
  for (const r of own.rows) out.add(Number(r.company_id));
  for (const r of partners.rows) if (r.partner_company_id) out.add(Number(r.partner_company_id));
  return out;
}
