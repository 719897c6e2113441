// A file's records parsed and validated on a second thread while this one writes: the parsing
// thread posts each batch as packed chunks of validated declarations (codec.ts) and then the
// batch's end; the writer puts the chunks into the batch's transaction as they arrive, so
// reading, JSON parsing and validation cost the writing thread only the unpacking. Batches come
// in file order with the same boundaries as when read on this thread (file-batches.ts), so batch
// keys, and with them idempotency, do not depend on the thread.
import { startWorker } from './worker-thread.js';
import { unpackDeclarations, type PackedDeclarations } from './codec.js';
import { FileFormatError, type FileFormat } from './parse.js';
import { batchesFrom, type BatchEnd, type BatchEvent, type ParsedBatch } from './file-batches.js';
import type { ParserInput } from './parse-worker.js';

export type ParserMessage =
  | { type: 'chunk'; packed: PackedDeclarations }
  | ({ type: 'end' } & BatchEnd)
  | { type: 'done' }
  | { type: 'error'; message: string; format: boolean };

/**
 * The file's batches, parsed on a second thread. Errors of the file (FileFormatError) and of the
 * thread are thrown here; returning early stops the thread.
 */
export async function* batchesOnThread(file: string, format: FileFormat, batchSize: number): AsyncGenerator<ParsedBatch> {
  const worker = startWorker(import.meta.url, 'parse-worker', { file, format, batchSize, ahead: 2 } satisfies ParserInput);
  const queue: ParserMessage[] = [];
  let waiting: (() => void) | null = null;
  const push = (m: ParserMessage) => {
    queue.push(m);
    waiting?.();
  };
  worker.on('message', push);
  worker.on('error', (err) => push({ type: 'error', message: err.message, format: false }));
  worker.on('exit', (code) => {
    if (code !== 0) push({ type: 'error', message: `the parsing thread stopped (exit code ${code})`, format: false });
  });
  // Each batch's strings are sent once and referred to by number (codec.ts).
  let dictionary: string[] = [];
  const next = async (): Promise<BatchEvent | undefined> => {
    while (!queue.length) await new Promise<void>((resolve) => (waiting = resolve));
    waiting = null;
    const m = queue.shift()!;
    switch (m.type) {
      case 'error': throw m.format ? new FileFormatError(m.message) : new Error(m.message);
      case 'done': return undefined;
      case 'chunk': return { type: 'chunk', valid: unpackDeclarations(m.packed, dictionary) };
      case 'end':
        dictionary = [];
        return m;
    }
  };
  try {
    // After each batch is written the thread may parse one more ahead.
    yield* batchesFrom(next, () => worker.postMessage('ack'));
  } finally {
    await worker.terminate();
  }
}
