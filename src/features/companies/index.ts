import type { Operation } from '../../http/operation.js';
import { searchCompanies } from './search-companies.js';
import { matchCompanies } from './match-companies.js';
import { getCompany } from './get-company.js';
import { getTradeHistory } from './trade-history.js';
import { listCustomers, listSuppliers } from './list-partners.js';
import { listProducts, listMarkets } from './breakdowns.js';
import { listCompanyDeclarations } from './list-declarations.js';
import { listCompanyContacts } from './list-contacts.js';
import { listCompetitors } from './competitors.js';
import { listBuyers } from './list-buyers.js';

export const companyOperations: Operation[] = [
  searchCompanies,
  matchCompanies,
  getCompany,
  getTradeHistory,
  listCustomers,
  listSuppliers,
  listProducts,
  listMarkets,
  listCompanyDeclarations,
  listCompanyContacts,
  listCompetitors,
  listBuyers,
];
