// Which store errors mean "the store is away or overloaded for now" (answer 503 with Retry-After,
// keep running, recover by itself) rather than a bug (500). Kept beside connect.ts because it
// knows the drivers' error shapes.

// PostgreSQL SQLSTATE classes and codes: 08 connection exception, 53 insufficient resources,
// 57P01-57P03 server shutting down or starting, 57014 statement timeout, 40001/40P01
// serialization failure and deadlock (a retry succeeds).
const PG_CODES = /^(08...|53...|57P0[1-3]|57014|40001|40P01)$/;
// Socket errors from the driver while the server is away.
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// node-postgres reports some conditions by message only.
const PG_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated unexpectedly|Query read timeout|the database system is (starting up|shutting down|in recovery)/i;
// SQLite: another writer holds the lock beyond busy_timeout.
const SQLITE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_FULL']);

/** Seconds a client is told to wait before retrying while the store is away. */
export const STORE_RETRY_AFTER_S = 2;

export function isStoreUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (PG_CODES.test(code) || NET_CODES.has(code) || SQLITE_CODES.has(code))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && PG_MESSAGES.test(message)) return true;
  }
  return false;
}

/** SQLite's "database is locked": another connection holds the lock (SQLITE_BUSY and its extended codes). */
export function isSqliteBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}
