// Trade Data family (/v1/trade).
import type { Operation } from '../../http/operation.js';
import { getFreshness } from './freshness.js';
import { ingestBatch } from './ingest-batch.js';

export const tradeOperations: Operation[] = [getFreshness, ingestBatch];
