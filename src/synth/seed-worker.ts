// The seed's generating thread (see seed-thread.ts): draws, validates and lays out each batch and
// sums its rollup deltas (seed-batches.ts), then posts it packed (codec.ts). It waits for the
// parties' store ids before the first deltas, and runs at most `ahead` batches ahead of what the
// writing thread has acknowledged.
import { parentPort, workerData } from 'node:worker_threads';
import { packDeclarations, packRows, rowBuffers, StringTable, type PackedRows } from '../ingest/codec.js';
import { ROLLUPS, measuresOf } from '../ingest/rollups.js';
import { buildParties } from './companies.js';
import { Calibration } from './calibration.js';
import { BL_COLUMNS, CONTAINER_COLUMNS, EVENT_COLUMNS, SHIPMENT_COLUMNS, UNIQUE_CELLS, drawBatches, withDeltas, type PartyIds } from './seed-batches.js';
import type { SeedThreadInput, SeedThreadMessage, ToSeedThread } from './seed-thread.js';

const input = workerData as SeedThreadInput;
const port = parentPort!;
let acknowledged = 0;
let ids: PartyIds | null = null;
let wake: (() => void) | null = null;
port.on('message', (m: ToSeedThread) => {
  if (m.type === 'ids') ids = m.ids;
  else acknowledged++;
  wake?.();
});
const until = async (ready: () => boolean) => {
  while (!ready()) await new Promise<void>((resolve) => (wake = resolve));
  wake = null;
};

async function run(): Promise<void> {
  const parties = buildParties(input.generate.seed, input.generate.declarations);
  const calibration = new Calibration();
  let posted = 0;
  for (const drawn of drawBatches(input.generate, parties, input.batchSize, calibration)) {
    if (input.failAfter !== undefined && posted >= input.failAfter) throw new Error(`failing after ${posted} batches, as asked`);
    await until(() => ids !== null);
    const batch = withDeltas(drawn, ids!);
    // One string table per batch; its parts are unpacked in the order they are packed here.
    const table = new StringTable();
    const declarations = packDeclarations(batch.valid, table);
    const docs = {
      bls: packRows(batch.docs.bls, BL_COLUMNS.length + 1, table, UNIQUE_CELLS.bls),
      containers: packRows(batch.docs.containers, CONTAINER_COLUMNS.length + 1, table, UNIQUE_CELLS.containers),
      shipments: packRows(batch.docs.shipments, SHIPMENT_COLUMNS.length + 1, table, UNIQUE_CELLS.shipments),
      events: packRows(batch.docs.events, EVENT_COLUMNS.length + 1, table, UNIQUE_CELLS.events),
    };
    const rollups = ROLLUPS.map((def) => packRows(batch.deltas.rows.table(def.table), def.keys.length + measuresOf(def).length, table));
    const companyIds = Float64Array.from(batch.deltas.companyIds);
    const partnerIds = Float64Array.from(batch.deltas.partnerIds);
    const parts: PackedRows[] = [...Object.values(docs), ...rollups];
    const message: SeedThreadMessage = {
      type: 'batch', declarations, docs, rollups, companyIds, partnerIds,
      records: batch.records, rejected: batch.rejected, inBatchDuplicates: batch.inBatchDuplicates,
    };
    port.postMessage(message, [declarations.numbers.buffer as ArrayBuffer, companyIds.buffer, partnerIds.buffer, ...parts.flatMap(rowBuffers)]);
    posted++;
    await until(() => posted - acknowledged < input.ahead);
  }
  port.postMessage({ type: 'done', calibration: calibration.rows() } satisfies SeedThreadMessage);
}

run().catch((err: unknown) => {
  port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) } satisfies SeedThreadMessage);
});
