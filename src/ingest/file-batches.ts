// A file read as batches of validated declarations, each delivered in chunks followed by the
// batch's end (record count, rejections, the line of each record). Batch boundaries count every
// row, parse errors included, so they, and with them the batch keys, are the same whether the file
// is read on this thread or on a second one (parse-thread.ts).
import fs from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parseFile, type FileFormat } from './parse.js';
import { BatchBuilder, type RejectedRow } from './batch-builder.js';
import type { ValidDeclaration } from './validate.js';

export interface BatchEnd {
  /** Records read (valid JSON or CSV), which rejections index. */
  records: number;
  /** Rows read, parse errors included. */
  rows: number;
  rejected: RejectedRow[];
  inBatchDuplicates: number;
  /** Parse errors, indexed -1, -2, …; they ride along with the batch so a replay reports them too. */
  preRejected: RejectedRow[];
  /** File line of each record, and of each parse error. */
  lines: number[];
  preLines: number[];
}

export type BatchEvent = { type: 'chunk'; valid: ValidDeclaration[] } | ({ type: 'end' } & BatchEnd);

/** One batch as a loader writes it: chunks while they come, then its end. */
export interface ParsedBatch {
  index: number;
  chunks: AsyncIterable<ValidDeclaration[]>;
  /** Available once `chunks` has been read to the end. */
  end(): BatchEnd;
}

// Chunks small enough that writing starts early, large enough that handing them over costs little.
export const CHUNK = 2_000;

/** Parses and validates the file; after each batch's end event, the next batch begins. */
export async function* readBatches(file: string, format: FileFormat, batchSize: number, chunkSize = CHUNK): AsyncGenerator<BatchEvent> {
  let built = new BatchBuilder();
  let lines: number[] = [];
  let preRejected: RejectedRow[] = [];
  let preLines: number[] = [];
  const end = (): BatchEvent => {
    const e: BatchEvent = {
      type: 'end', records: built.records, rows: built.records + preLines.length, rejected: built.rejected,
      inBatchDuplicates: built.inBatchDuplicates, preRejected, lines, preLines,
    };
    built = new BatchBuilder();
    lines = [];
    preRejected = [];
    preLines = [];
    return e;
  };
  // Large reads: fewer chunks to split.
  for await (const row of parseFile(fs.createReadStream(file, { highWaterMark: 1 << 20 }), format)) {
    if ('error' in row) {
      preRejected.push({ index: -1 - preLines.length, declaration_no: row.declaration_no, field: row.error.field, reason: row.error.reason });
      preLines.push(row.line);
    } else {
      built.add(row.record);
      lines.push(row.line);
      // Handed-over records leave the builder, so they die young where only a copy is kept.
      if (built.valid.length >= chunkSize) yield { type: 'chunk', valid: built.takeValid() };
    }
    if (built.records + preLines.length >= batchSize) {
      if (built.valid.length) yield { type: 'chunk', valid: built.takeValid() };
      yield end();
    }
  }
  if (built.records + preLines.length) {
    if (built.valid.length) yield { type: 'chunk', valid: built.takeValid() };
    yield end();
  }
}

/**
 * Batches from events as they come: `next` gives the following event (undefined at the end of
 * the file). Read each batch's chunks to the end before asking for the next batch.
 */
export async function* batchesFrom(next: () => Promise<BatchEvent | undefined>, batchDone: () => void = () => {}): AsyncGenerator<ParsedBatch> {
  for (let index = 0; ; index++) {
    const first = await next();
    if (!first) return;
    let pending: BatchEvent | null = first;
    let end: BatchEnd | null = null;
    async function* chunks(): AsyncGenerator<ValidDeclaration[]> {
      for (;;) {
        const e: BatchEvent | undefined = pending ?? (await next());
        pending = null;
        if (!e) throw new Error('the file ended inside a batch');
        if (e.type === 'chunk') yield e.valid;
        else {
          end = e;
          return;
        }
      }
    }
    yield {
      index,
      chunks: chunks(),
      end: () => {
        if (!end) throw new Error('batch read before its end');
        return end;
      },
    };
    if (!end) throw new Error('batch not read to its end');
    batchDone();
  }
}

/**
 * The file's batches read on this thread, a chunk ahead of the writer: once a chunk is handed
 * over, the next one is parsed at the following turn of the event loop, that is while the writer
 * waits for the store (PostgreSQL copying the chunk just handed over), instead of after it. The
 * events and their order are the same; on SQLite, whose writes do not wait, it changes nothing.
 */
export async function* batchesHere(file: string, format: FileFormat, batchSize: number): AsyncGenerator<ParsedBatch> {
  const events = readBatches(file, format, batchSize);
  let ahead: Promise<IteratorResult<BatchEvent>> | null = null;
  try {
    yield* batchesFrom(async () => {
      const r = await (ahead ?? events.next());
      if (r.done) return undefined;
      ahead = nextTurn().then(() => events.next());
      // Awaited by the next call; a load that stops first must not see it as unhandled.
      ahead.catch(() => {});
      return r.value;
    });
  } finally {
    // Stopped early (a failed batch): close the file.
    await events.return(undefined);
  }
}
