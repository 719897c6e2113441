// The Import Data and Export Data families: the same operation shapes under /v1/imports and
// /v1/exports, plus the few that exist for one flow only (duties on imports, destination
// analytics on exports).
import type { Operation } from '../../http/operation.js';
import { EXPORTS, IMPORTS, type FlowSpec } from './flow.js';
import { getDeclarationOp, listDeclarationItemsOp, listDeclarationsOp } from './declarations.js';
import { getBillOp, listBillsOp } from './bills-of-lading.js';
import { listShipmentsOp } from './shipments.js';
import { byCountryOp, byCustomsOfficeOp, byPortOp, byProductOp, summaryOp, timeSeriesOp } from './breakdowns.js';
import { topPartnersOp, topTradersOp } from './rankings.js';
import { unitValuesOp } from './unit-values.js';
import { dutiesOp } from './duties.js';
import { destinationOp } from './destination.js';

function shared(fs: FlowSpec): Operation[] {
  return [
    listDeclarationsOp(fs),
    getDeclarationOp(fs),
    listDeclarationItemsOp(fs),
    listBillsOp(fs),
    getBillOp(fs),
    listShipmentsOp(fs),
    summaryOp(fs),
    byCountryOp(fs),
    byProductOp(fs),
    byPortOp(fs),
    byCustomsOfficeOp(fs),
    timeSeriesOp(fs),
    topTradersOp(fs),
    topPartnersOp(fs),
    unitValuesOp(fs),
  ];
}

export const importOperations: Operation[] = [...shared(IMPORTS), dutiesOp(IMPORTS)];
export const exportOperations: Operation[] = [...shared(EXPORTS), destinationOp(EXPORTS)];
