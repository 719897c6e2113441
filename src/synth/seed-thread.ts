// The seed's batches drawn on a second thread while this one writes: generating, validating and
// laying out the documents (seed-batches.ts) run there, and each
// batch comes back packed (codec.ts), so the writing thread only unpacks it and runs its SQL. The
// batches are those the writing thread would draw itself, in the same order: the stored data does
// not depend on the thread.
import type { Worker } from 'node:worker_threads';
import { unpackDeclarations, unpackRows, type PackedDeclarations, type PackedRows } from '../ingest/codec.js';
import type { RejectedRow } from '../ingest/batch-builder.js';
import { startWorker } from '../ingest/worker-thread.js';
import type { CalibrationRow } from './calibration.js';
import type { GenerateOptions } from './generate.js';
import type { SeedBatch } from './seed-batches.js';

export interface SeedThreadInput {
  generate: GenerateOptions;
  batchSize: number;
  /** Batches posted but not yet acknowledged before the thread waits. */
  ahead: number;
  /** For tests: the thread fails after posting this many batches, as one that ran out of memory would. */
  failAfter?: number;
}

type PackedDocs = Record<keyof SeedBatch['docs'], PackedRows>;

export type SeedThreadMessage =
  | {
      type: 'batch';
      declarations: PackedDeclarations;
      docs: PackedDocs;
      records: number;
      rejected: RejectedRow[];
      inBatchDuplicates: number;
    }
  | { type: 'done'; calibration: CalibrationRow[] }
  | { type: 'error'; message: string };

export type ToSeedThread = { type: 'ack' };

export interface SeedThread {
  /** The batches in order; each is acknowledged when the next is asked for. */
  batches(): AsyncGenerator<SeedBatch>;
  /** The calibration of the whole dataset, once the batches are read to the end. */
  calibration(): CalibrationRow[];
  /** Stops the thread (at the end, or early after a failure). */
  close(): Promise<void>;
}

export function startSeedThread(input: SeedThreadInput): SeedThread {
  const worker: Worker = startWorker(import.meta.url, 'seed-worker', input);
  const queue: SeedThreadMessage[] = [];
  let waiting: (() => void) | null = null;
  const push = (m: SeedThreadMessage) => {
    queue.push(m);
    waiting?.();
  };
  worker.on('message', push);
  worker.on('error', (err) => push({ type: 'error', message: err.message }));
  worker.on('exit', (code) => {
    if (code !== 0) push({ type: 'error', message: `exit code ${code}` });
  });
  let rows: CalibrationRow[] | null = null;
  const send = (m: ToSeedThread) => worker.postMessage(m);

  return {
    async *batches() {
      for (;;) {
        while (!queue.length) await new Promise<void>((resolve) => (waiting = resolve));
        waiting = null;
        const m = queue.shift()!;
        if (m.type === 'error') throw new Error(`the seed's generating thread failed: ${m.message}`);
        if (m.type === 'done') {
          rows = m.calibration;
          return;
        }
        yield unpackBatch(m);
        send({ type: 'ack' });
      }
    },
    calibration() {
      if (!rows) throw new Error('calibration asked for before the last batch');
      return rows;
    },
    async close() {
      await worker.terminate();
    },
  };
}

function unpackBatch(m: Extract<SeedThreadMessage, { type: 'batch' }>): SeedBatch {
  // Parts in the order the thread packed them: each adds its new strings to the dictionary.
  const dictionary: string[] = [];
  const valid = unpackDeclarations(m.declarations, dictionary);
  const docs = {
    bls: unpackRows(m.docs.bls, dictionary),
    containers: unpackRows(m.docs.containers, dictionary),
    shipments: unpackRows(m.docs.shipments, dictionary),
    events: unpackRows(m.docs.events, dictionary),
  };
  return { valid, records: m.records, rejected: m.rejected, inBatchDuplicates: m.inBatchDuplicates, docs };
}
