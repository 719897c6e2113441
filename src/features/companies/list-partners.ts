import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload, type Operation } from '../../http/operation.js';
import { CursorParam, LimitParam, decodeCursor, page } from '../../http/pagination.js';
import { badParam } from '../../http/errors.js';
import { CompanyIdParams, FromTo, Nullable, PartyView, cents, dateRange, requireCompany } from './params.js';
import { loadPartners, type Side } from './partners.js';
import { companyNames } from './queries.js';
import { arrayDownload } from './download.js';

const PartnerView = Type.Object({
  ...PartyView,
  city: Nullable(Type.String()),
  value_usd: Type.Number(),
  records: Type.Integer({ description: 'Declarations between the two' }),
  share: Type.Number({ description: "Share of the company's value on this side (0–1)" }),
  first_shipment_date: Type.String(),
  last_shipment_date: Type.String(),
});

function partnerOperation(side: Side): Operation {
  const noun = side === 'customers' ? 'customers' : 'suppliers';
  return defineOperation({
    method: 'GET',
    url: `/v1/companies/:company_id/${noun}`,
    operationId: side === 'customers' ? 'listCompanyCustomers' : 'listCompanySuppliers',
    tag: 'Company and Buyer',
    summary: side === 'customers' ? 'Top customers with value, share and first/last shipment' : 'Top suppliers with value, share and first/last shipment',
    description:
      (side === 'customers'
        ? "For a Turkish company, its foreign buyers (exports); for a foreign company, the Turkish importers buying from it. "
        : 'For a Turkish company, its foreign suppliers (imports); for a foreign company, the Turkish exporters selling to it. ') +
      'Ranked by value; `share` is of the company\'s total on this side within `from`–`to`.',
    scope: 'companies:read',
    params: CompanyIdParams,
    querystring: Type.Object({ ...FromTo, limit: LimitParam, cursor: CursorParam, format: FormatParam }, { additionalProperties: false }),
    data: PartnerView,
    errors: ['not_found'],
    download: true,
    async handle({ params, query }, { deps, req }) {
      const db = deps.store.db;
      await requireCompany(db, params.company_id);
      const range = dateRange(query);
      const all = await loadPartners(db, params.company_id, range, side);
      const limit = query.limit ?? 50;
      const download = wantsDownload(req) !== null;
      const c = decodeCursor(query.cursor, 2);
      let start = 0;
      if (c) {
        start = all.findIndex((p) => p.company_id === Number(c[1])) + 1;
        if (start === 0) throw badParam('cursor', 'the result changed since this cursor was issued; start again');
      }
      const slice = download ? [...all] : all.slice(start, start + limit + 1);
      const { items, next_cursor } = download ? { items: slice, next_cursor: null } : page(slice, limit, (p) => [p.value_cents, p.company_id]);
      const names = await companyNames(db, items.map((p) => p.company_id));
      const data = items.map((p) => {
        const n = names.get(p.company_id);
        return {
          company_id: p.company_id,
          name: n?.name ?? null,
          country: n?.country ?? null,
          city: n?.city ?? null,
          value_usd: cents(p.value_cents),
          records: p.records,
          share: p.share,
          first_shipment_date: p.first,
          last_shipment_date: p.last,
        };
      });
      if (download) return arrayDownload(data, Object.keys(PartnerView.properties), `company-${params.company_id}-${noun}`);
      return { data, meta: { limit, next_cursor, total: all.length, query: { ...range, company_id: params.company_id } } };
    },
  });
}

export const listCustomers = partnerOperation('customers');
export const listSuppliers = partnerOperation('suppliers');
