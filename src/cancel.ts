// The request a piece of read work is done for. A client that has gone (a timeout, a closed tab, a
// load generator stopping) left its request's remaining queries queued behind the analytic engine's
// few readers and the row store's reader threads, ahead of every request still waiting for an
// answer: those queries are not started, and a DuckDB query already running is interrupted. A
// SQLite read waiting for a reader thread is skipped when its turn comes; one already running
// finishes (piscina would end the thread to stop it).
// Work shared by several requests (a memo's computation, a catch-up) runs outside any one of them.
import { AsyncLocalStorage } from 'node:async_hooks';

interface Cancellation {
  signal: AbortSignal;
  /** 1 once cancelled, in memory other threads read: a reader thread skips a read whose turn comes after. */
  flag: Int32Array;
}

const scope = new AsyncLocalStorage<Cancellation>();

/** Runs `fn` (and everything it starts) on behalf of the work `signal` cancels. */
export function runCancellable(signal: AbortSignal, fn: () => void): void {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  signal.addEventListener('abort', () => Atomics.store(flag, 0, 1), { once: true });
  scope.run({ signal, flag }, fn);
}

/** The signal of the work running now, if it can be cancelled. */
export const currentSignal = (): AbortSignal | undefined => scope.getStore()?.signal;

/** The cancelled flag of the work running now, for another thread to read (`Atomics.load(flag, 0) === 1`). */
export const currentFlag = (): Int32Array | undefined => scope.getStore()?.flag;

/** Runs `fn` as no request's work: what several requests share must not end when one leaves. */
export function uncancellable<T>(fn: () => T): T {
  return scope.exit(fn);
}

/** Work not started because the request it was for has gone. */
export class CancelledError extends Error {
  constructor() {
    super('the request was abandoned by its client');
    this.name = 'CancelledError';
  }
}
