// The seed's generating thread (see seed-thread.ts): draws, validates and lays out each batch
// (seed-batches.ts), then posts it packed (codec.ts). It runs at most `ahead` batches ahead of
// what the writing thread has acknowledged.
import { parentPort, workerData } from 'node:worker_threads';
import { packDeclarations, packRows, rowBuffers, StringTable, type PackedRows } from '../ingest/codec.js';
import { buildParties } from './companies.js';
import { Calibration } from './calibration.js';
import { BL_COLUMNS, CONTAINER_COLUMNS, EVENT_COLUMNS, SHIPMENT_COLUMNS, UNIQUE_CELLS, drawBatches } from './seed-batches.js';
import type { SeedThreadInput, SeedThreadMessage } from './seed-thread.js';

const input = workerData as SeedThreadInput;
const port = parentPort!;
let acknowledged = 0;
let wake: (() => void) | null = null;
port.on('message', () => {
  acknowledged++;
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
  for (const batch of drawBatches(input.generate, parties, input.batchSize, calibration)) {
    if (input.failAfter !== undefined && posted >= input.failAfter) throw new Error(`failing after ${posted} batches, as asked`);
    // One string table per batch; its parts are unpacked in the order they are packed here.
    const table = new StringTable();
    const declarations = packDeclarations(batch.valid, table);
    const docs = {
      bls: packRows(batch.docs.bls, BL_COLUMNS.length + 1, table, UNIQUE_CELLS.bls),
      containers: packRows(batch.docs.containers, CONTAINER_COLUMNS.length + 1, table, UNIQUE_CELLS.containers),
      shipments: packRows(batch.docs.shipments, SHIPMENT_COLUMNS.length + 1, table, UNIQUE_CELLS.shipments),
      events: packRows(batch.docs.events, EVENT_COLUMNS.length + 1, table, UNIQUE_CELLS.events),
    };
    const parts: PackedRows[] = Object.values(docs);
    const message: SeedThreadMessage = {
      type: 'batch', declarations, docs, records: batch.records, rejected: batch.rejected, inBatchDuplicates: batch.inBatchDuplicates,
    };
    port.postMessage(message, [declarations.numbers.buffer as ArrayBuffer, ...parts.flatMap(rowBuffers)]);
    posted++;
    await until(() => posted - acknowledged < input.ahead);
  }
  port.postMessage({ type: 'done', calibration: calibration.rows() } satisfies SeedThreadMessage);
}

run().catch((err: unknown) => {
  port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) } satisfies SeedThreadMessage);
});
