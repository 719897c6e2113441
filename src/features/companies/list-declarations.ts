import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { CursorParam, LimitParam, decodeCursor, page } from '../../http/pagination.js';
import { badParam } from '../../http/errors.js';
import { sourceMeta } from '../shared/source-meta.js';
import { CompanyIdParams, FlowParam, FromTo, Nullable, cents, dateRange, requireCompany } from './params.js';
import { companyDeclarations, type DeclarationListRow } from './queries.js';

const DeclarationRow = Type.Object({
  declaration_no: Type.String(),
  flow: Type.String(),
  regime: Type.String(),
  registered_at: Type.String(),
  customs_office: Type.String(),
  company_id: Type.Integer(),
  partner_company_id: Nullable(Type.Integer()),
  partner_country: Type.String(),
  incoterm: Nullable(Type.String()),
  currency: Type.String(),
  invoice_value: Type.Number(),
  value_usd: Type.Number(),
  transport_mode: Type.String(),
  port: Type.String(),
  bl_number: Nullable(Type.String()),
  net_weight_kg: Type.Number(),
  gross_weight_kg: Type.Number(),
  items_count: Type.Integer(),
  source: Type.String(),
});

function view(r: DeclarationListRow) {
  const { id: _id, value_usd_cents, ...rest } = r;
  return { ...rest, partner_company_id: r.partner_company_id === null ? null : Number(r.partner_company_id), company_id: Number(r.company_id), value_usd: cents(Number(value_usd_cents)) };
}

export const listCompanyDeclarations = defineOperation({
  method: 'GET',
  url: '/v1/companies/:company_id/declarations',
  operationId: 'listCompanyDeclarations',
  tag: 'Company and Buyer',
  summary: 'Customs declarations naming the company (either side), newest first',
  description: 'Header fields of each declaration; the full record with items is at /v1/{flow}s/declarations/{declaration_no}.',
  scope: 'companies:read',
  params: CompanyIdParams,
  querystring: Type.Object({ ...FromTo, flow: FlowParam, limit: LimitParam, cursor: CursorParam, format: FormatParam }, { additionalProperties: false }),
  data: DeclarationRow,
  errors: ['not_found'],
  download: true,
  async handle({ params, query }, { deps, req }) {
    const db = deps.store.db;
    await requireCompany(db, params.company_id);
    const range = dateRange(query);
    const flow = query.flow ?? null;
    if (wantsDownload(req)) {
      return {
        columns: Object.keys(DeclarationRow.properties),
        filename: `company-${params.company_id}-declarations`,
        rows: (async function* () {
          let before: [string, number] | null = null;
          for (;;) {
            const rows = await companyDeclarations(db, params.company_id, { before, limit: 5_000, flow, range });
            for (const r of rows) yield view(r);
            if (rows.length < 5_000) return;
            const last = rows[rows.length - 1]!;
            before = [last.registered_at, last.id];
          }
        })(),
      };
    }
    const limit = query.limit ?? 50;
    const c = decodeCursor(query.cursor, 2);
    if (c && (typeof c[0] !== 'string' || typeof c[1] !== 'number')) throw badParam('cursor', 'not a cursor of this list');
    const rows = await companyDeclarations(db, params.company_id, { before: c ? [c[0] as string, c[1] as number] : null, limit: limit + 1, flow, range });
    const { items, next_cursor } = page(rows, limit, (r) => [r.registered_at, r.id]);
    return { data: items.map(view), meta: { limit, next_cursor, source: await sourceMeta(db), query: { ...range, flow } } };
  },
});
