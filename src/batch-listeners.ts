// What happens in this process after an ingestion batch commits: aggregate, freshness and row caches are
// dropped. (A batch's `records.new` webhook event is not here: it is written in the batch's own
// transaction, src/webhooks/outbox.ts, so a crash after the commit cannot lose it.)
// Registered once per process by the API server and the CLI.
import { onBatchCommitted } from './ingest/events.js';
import { invalidateSourceMeta } from './features/shared/source-meta.js';
import { clearRowCaches } from './features/shared/row-cache.js';

let registered = false;

export function registerBatchListeners(): void {
  if (registered) return;
  registered = true;
  onBatchCommitted((store) => {
    clearRowCaches(store.db);
    invalidateSourceMeta();
  });
}
