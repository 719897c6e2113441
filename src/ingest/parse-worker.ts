// The parsing thread of a file load (see parse-thread.ts): reads, parses and validates the file
// (file-batches.ts) and posts each batch's chunks packed (codec.ts), then its end. It runs at most
// `ahead` batches ahead of what the writing thread has acknowledged.
import { parentPort, workerData } from 'node:worker_threads';
import { packDeclarations, StringTable } from './codec.js';
import { FileFormatError, type FileFormat } from './parse.js';
import { readBatches } from './file-batches.js';
import type { ParserMessage } from './parse-thread.js';

export interface ParserInput {
  file: string;
  format: FileFormat;
  batchSize: number;
  /** Batches posted but not yet acknowledged before the thread waits. */
  ahead: number;
}

const input = workerData as ParserInput;
const port = parentPort!;
let acknowledged = 0;
let wake: (() => void) | null = null;
port.on('message', () => {
  acknowledged++;
  wake?.();
});

const post = (m: ParserMessage, transfer?: ArrayBuffer[]) => port.postMessage(m, transfer);

async function run(): Promise<void> {
  let batch = 0;
  let strings = new StringTable();
  for await (const e of readBatches(input.file, input.format, input.batchSize)) {
    if (e.type === 'chunk') {
      const packed = packDeclarations(e.valid, strings);
      post({ type: 'chunk', packed }, [packed.numbers.buffer as ArrayBuffer]);
      continue;
    }
    post(e);
    batch++;
    strings = new StringTable();
    while (batch - acknowledged >= input.ahead) await new Promise<void>((resolve) => (wake = resolve));
    wake = null;
  }
  post({ type: 'done' });
}

run().catch((err: unknown) => {
  post({ type: 'error', message: err instanceof Error ? err.message : String(err), format: err instanceof FileFormatError });
});
