import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { writeAudit } from '../auth/queries.js';
import { CompanyIdParams, Nullable, requireCompany } from './params.js';
import { listContacts } from './queries.js';

export const listCompanyContacts = defineOperation({
  method: 'GET',
  url: '/v1/companies/:company_id/contacts',
  operationId: 'listCompanyContacts',
  tag: 'Company and Buyer',
  summary: 'Contact details of a company (personal data): contacts:read scope, every read audited',
  description:
    'Needs the `contacts:read` scope: without it the answer is 403, never the list with fields blanked. Every successful read is ' +
    'written to the audit log (action `contacts.read`) with the key, the company, the time, the client address and the request id.',
  scope: 'contacts:read',
  params: CompanyIdParams,
  data: Type.Object({
    contact_id: Type.Integer(),
    company_id: Type.Integer(),
    full_name: Type.String(),
    title: Nullable(Type.String()),
    department: Nullable(Type.String()),
    email: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    languages: Type.Array(Type.String()),
    updated_at: Type.String(),
  }),
  errors: ['not_found'],
  async handle({ params }, { deps, auth, req }) {
    const db = deps.store.db;
    const company = await requireCompany(db, params.company_id);
    const rows = await listContacts(db, company.id);
    // Written before the data leaves: a read that cannot be audited is not served.
    await writeAudit(db, {
      keyId: auth?.keyId ?? null,
      action: 'contacts.read',
      targetType: 'company',
      targetId: String(company.id),
      details: { company_name: company.name, contacts: rows.length },
      ip: req.ip,
      requestId: req.id,
    });
    return {
      data: rows.map((r) => ({
        contact_id: Number(r.id),
        company_id: company.id,
        full_name: r.full_name,
        title: r.title,
        department: r.department,
        email: r.email,
        phone: r.phone,
        languages: r.languages ? r.languages.split(',').map((s) => s.trim()).filter(Boolean) : [],
        updated_at: String(r.updated_at),
      })),
      headers: { 'cache-control': 'no-store' },
    };
  },
});
