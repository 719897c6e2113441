// The last line of defence: a promise rejected with nobody listening, or an exception thrown from
// a callback, is logged instead of ending the process silently. A rejection leaves no state half
// changed, so the process keeps serving. A thrown exception may have left a handler half done; the
// process keeps running only when the error is a store fault (the driver's own socket callbacks;
// the pool replaces the connection), otherwise it stops gracefully so a supervisor restarts it.
import { isStoreUnavailable } from './db/faults.js';

export interface GuardLog {
  error(obj: object, msg: string): void;
  fatal(obj: object, msg: string): void;
}

export interface Guard {
  /** Counts, for tests and metrics. */
  readonly rejections: number;
  readonly exceptions: number;
  remove(): void;
}

export function installProcessGuard(log: GuardLog, stop: (reason: string) => void): Guard {
  const counts = { rejections: 0, exceptions: 0 };
  const onRejection = (reason: unknown) => {
    counts.rejections += 1;
    log.error({ err: reason }, 'unhandled promise rejection (kept running)');
  };
  const onException = (err: Error) => {
    counts.exceptions += 1;
    if (isStoreUnavailable(err)) {
      log.error({ err }, 'uncaught store error (kept running)');
      return;
    }
    log.fatal({ err }, 'uncaught exception: stopping');
    stop('uncaughtException');
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return {
    get rejections() {
      return counts.rejections;
    },
    get exceptions() {
      return counts.exceptions;
    },
    remove() {
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onException);
    },
  };
}
