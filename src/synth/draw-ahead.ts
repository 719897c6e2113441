// The seed's next batch drawn on the writing thread while the current one is written, when there
// is no second thread for it (seed-thread.ts; not used when the machine's cores are busy). Drawing
// and writing alternate on the event loop: a slice of a few hundred declarations is drawn each
// time the writer waits for PostgreSQL (a COPY whose socket is full, a round trip, the commit),
// so the server's work on batch N overlaps the client's on batch N+1 instead of following it.
// The batches and their order are those of drawBatches: the data does not change.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SeedBatch } from './seed-batches.js';

/** Declarations drawn between two turns of the event loop: about 5-10 ms of drawing. */
export const DRAW_SLICE = 250;

/**
 * The batches of `slices` (drawSlices), the next one drawn while the caller handles the current one.
 * The first batch is drawn from the call on, before the batches are asked for: the seed stores its
 * parties meanwhile. Left unread, at most that one batch is drawn.
 */
export function drawAhead(slices: Iterator<SeedBatch | null>): AsyncGenerator<SeedBatch> {
  let stopped = false;
  const draw = async (): Promise<SeedBatch | null> => {
    for (;;) {
      const r = slices.next();
      if (r.done) return null;
      if (r.value) return r.value;
      await nextTurn();
      if (stopped) return null;
    }
  };
  let next = draw();
  // A batch being drawn when the caller gives up must not surface as an unhandled rejection.
  next.catch(() => {});
  async function* batches(): AsyncGenerator<SeedBatch> {
    try {
      for (;;) {
        const batch = await next;
        if (!batch) return;
        next = draw();
        next.catch(() => {});
        yield batch;
      }
    } finally {
      stopped = true;
    }
  }
  return batches();
}
