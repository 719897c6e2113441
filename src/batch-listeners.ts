// What happens in this process after an ingestion batch commits: aggregate, freshness and row caches are
// dropped, and `records.new` webhook subscribers matching the new records are queued deliveries.
// Registered once per process by the API server and the CLI.
import { onBatchCommitted } from './ingest/events.js';
import { invalidateSourceMeta } from './features/shared/source-meta.js';
import { clearRowCaches } from './features/shared/row-cache.js';
import { notifyNewRecords } from './features/webhooks/index.js';

let registered = false;

export function registerBatchListeners(): void {
  if (registered) return;
  registered = true;
  onBatchCommitted((store) => {
    clearRowCaches(store.db);
    invalidateSourceMeta();
  });
  onBatchCommitted(async (store, stored) => {
    await notifyNewRecords(
      store.db,
      stored.map((s) => ({
        record_id: s.id,
        flow: s.record.flow,
        gtips: s.record.items.map((i) => i.gtip),
        partner_country: s.record.partner_country,
        company_id: s.company_id,
        port: s.record.port,
        transport_mode: s.record.transport_mode,
        customs_office: s.record.customs_office,
        value_usd: s.record.value_usd_cents / 100,
      })),
    );
  });
}
