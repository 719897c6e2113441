// Trade Data family (/v1/trade).
import type { Operation } from '../../http/operation.js';
import { getFreshness } from './freshness.js';
import { ingestBatch } from './ingest-batch.js';
import { listTradeRecords, getTradeRecord } from './records.js';
import { tradeVolumes } from './volumes.js';
import { tradeAggregate } from './cube.js';
import { tradeTrends } from './trends.js';
import { tradeCompare } from './compare.js';
import { tradeBilateral } from './bilateral.js';
import { listCountries, getCountry } from './countries.js';
import { listCustomsOffices, getCustomsOffice } from './customs-offices.js';
import { getReferenceList } from './reference-lists.js';
import { createBulkExport, getBulkExport, downloadBulkExport } from './bulk-exports.js';

export const tradeOperations: Operation[] = [
  getFreshness,
  ingestBatch,
  listTradeRecords,
  getTradeRecord,
  tradeVolumes,
  tradeAggregate,
  tradeTrends,
  tradeCompare,
  tradeBilateral,
  listCountries,
  getCountry,
  listCustomsOffices,
  getCustomsOffice,
  getReferenceList,
  createBulkExport,
  getBulkExport,
  downloadBulkExport,
];
