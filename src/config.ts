// The only reader of process.env. Every setting is validated once at start; a bad value stops the
// process with a message that names the variable.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Largest body of the ingestion batch route (the only route that takes large bodies). */
  bodyLimitBytes: number;
  /** Largest body of every other route. */
  smallBodyLimitBytes: number;
  corsOrigins: string[] | '*' | false;
  tokenSecret: string | undefined;
  demoApiKey: string | undefined;
  demoApiSecret: string | undefined;
  seedDeclarations: number;
  seedValue: number;
  rateLimitPerMinute: number;
  /**
   * How many proxies (hops) in front of the server to trust, or their addresses: the client
   * address is the right-most X-Forwarded-For entry not added by a trusted proxy. `true` means
   * one hop. false: the socket's address.
   */
  trustProxy: false | number | string[];
  /** Bearer token that /metrics requires; unset: /metrics answers only the loopback interface. */
  metricsToken: string | undefined;
  /** Create a demo key (read scopes without contacts) on a store without keys. */
  demoKey: boolean;
  allowPrivateWebhooks: boolean;
  /** File of the analytic store (DuckDB), or ':memory:'; see docs/aggregates.md. */
  analyticsPath: string;
  /** The analytic engine's memory limit, MB: its working memory whatever the data's size. */
  analyticsMemoryMb: number;
  analyticsThreads: number;
  analyticsBulkThreads: number;
  sqliteReaders: number;
  /** Store queries slower than this (ms) are logged at warn level; 0 turns the log off. */
  slowQueryMs: number;
  /** PostgreSQL: milliseconds to wait for a new connection before the request gets a 503. */
  dbConnectTimeoutMs: number;
  /** PostgreSQL: statements running longer than this (ms) are cancelled by the server; 0: none. */
  dbStatementTimeoutMs: number;
  /** Redis for limits, quota, throttle and revocations shared between processes; unset: per process. */
  redisUrl: string | undefined;
  /** API processes `npm start` runs on one port (node:cluster); 1: this process serves. */
  workers: number;
  /** Set by the cluster primary for each worker it forks (0 runs the background work). */
  workerIndex: number;
  dataDir: string;
  /** Bulk exports one key may have queued or running at once; one more is a 429. */
  bulkMaxJobsPerKey: number;
  /** Total bytes of finished export files kept; at or over it new exports are refused with a 503. */
  bulkMaxDiskBytes: number;
  /** Hours a finished export (its file and its job) is kept after it ended. */
  bulkRetentionHours: number;
  /** Hours a dispatched webhook event is kept in the outbox (its deliveries keep their own history). */
  webhookEventRetentionHours: number;
  /**
   * A directory holding the public nomenclature files the classifier indexes (harmonized-system.csv
   * and the national tariffs, see docs/hs-codes.md); null: classify from what the service ships.
   */
  referenceDataDir: string | null;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

// Beside the SQLite file it is derived from (so each store has its own), in DATA_DIR for
// PostgreSQL, in memory for an in-memory store. DuckDB lets one process hold a file: each worker
// of a cluster keeps its own (`.w1`, `.w2`… before the extension).
function analyticsPath(env: Env, dataDir: string, databaseUrl: string): string {
  const worker = env.TRADEAPI_WORKER_INDEX?.trim();
  const perWorker = (file: string) => (worker && file !== ':memory:' ? file.replace(/(\.duckdb)?$/, `.w${worker}$1`) : file);
  const set = env.ANALYTICS_PATH?.trim();
  if (set) return perWorker(set);
  if (databaseUrl.startsWith('sqlite:')) {
    const file = databaseUrl.slice('sqlite:'.length);
    if (file === '' || file === ':memory:') return ':memory:';
    return perWorker(file.replace(/\.(sqlite3?|db)$/, '') + '.duckdb');
  }
  return perWorker(path.join(dataDir, 'analytics.duckdb'));
}

function trustProxy(raw: string | undefined): Config['trustProxy'] {
  const v = raw?.trim().toLowerCase();
  if (!v || ['0', 'false', 'no', 'off'].includes(v)) return false;
  // One proxy in front: its own entry (the right-most) is the client; anything to the left of it
  // was written by the client and is not believed.
  if (['true', 'yes', 'on'].includes(v)) return 1;
  if (/^\d+$/.test(v)) {
    const n = Number(v);
    if (n > 10) throw new ConfigError(`TRUST_PROXY as a hop count must be at most 10, got ${n}`);
    return n;
  }
  const list = v.split(',').map((s) => s.trim()).filter(Boolean);
  for (const a of list) if (!/^[0-9a-f.:]+(\/\d{1,3})?$/.test(a)) throw new ConfigError(`TRUST_PROXY must be true, false, a hop count or a list of addresses/CIDRs, got "${raw}"`);
  return list;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function loadConfig(env: Env = process.env): Readonly<Config> {
  const dataDir = env.DATA_DIR || path.resolve('data');
  const databaseUrl = env.DATABASE_URL || `sqlite:${path.join(dataDir, 'tradeapi.sqlite')}`;
  if (!/^(sqlite:|postgres(ql)?:\/\/)/.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL must start with sqlite: or postgres://, got "${databaseUrl.replace(/:[^:@/]*@/, ':***@')}"`);
  }
  const logLevel = (env.LOG_LEVEL || 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  const secret = env.TOKEN_SECRET;
  if (secret !== undefined && secret.length < 32) throw new ConfigError('TOKEN_SECRET must be at least 32 characters');
  const cors = env.CORS_ORIGINS?.trim();
  const corsOrigins: Config['corsOrigins'] = !cors ? false : cors === '*' ? '*' : cors.split(',').map((s) => s.trim()).filter(Boolean);
  if (Array.isArray(corsOrigins)) {
    for (const o of corsOrigins) if (!/^https?:\/\/[^/]+$/.test(o)) throw new ConfigError(`CORS_ORIGINS entries must be origins like https://example.com, got "${o}"`);
  }
  if ((env.DEMO_API_KEY === undefined) !== (env.DEMO_API_SECRET === undefined)) {
    throw new ConfigError('DEMO_API_KEY and DEMO_API_SECRET must be set together');
  }
  const metricsToken = env.METRICS_TOKEN || undefined;
  const redisUrl = env.REDIS_URL || undefined;
  if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl)) throw new ConfigError(`REDIS_URL must start with redis:// or rediss://, got "${redisUrl.replace(/:[^:@/]*@/, ':***@')}"`);
  if (metricsToken !== undefined && metricsToken.length < 32) throw new ConfigError('METRICS_TOKEN must be at least 32 characters');
  const referenceDir = env.REFERENCE_DATA_DIR?.trim();
  if (referenceDir && !fs.existsSync(referenceDir)) throw new ConfigError(`REFERENCE_DATA_DIR must be an existing directory, got "${referenceDir}"`);
  if (referenceDir && !fs.statSync(referenceDir).isDirectory()) throw new ConfigError(`REFERENCE_DATA_DIR must be a directory, got "${referenceDir}"`);
  const config: Config = {
    port: int(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '127.0.0.1',
    databaseUrl,
    logLevel,
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL', 900, 10, 86_400),
    refreshTokenTtlSeconds: int(env, 'REFRESH_TOKEN_TTL', 30 * 86_400, 60, 365 * 86_400),
    bodyLimitBytes: int(env, 'BODY_LIMIT', 10 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    smallBodyLimitBytes: Math.min(int(env, 'BODY_LIMIT', 10 * 1024 * 1024, 1024, 1024 * 1024 * 1024), 1024 * 1024),
    corsOrigins,
    tokenSecret: secret,
    demoApiKey: env.DEMO_API_KEY,
    demoApiSecret: env.DEMO_API_SECRET,
    // Sized so a first start on a 2-core machine (generation and load included) serves within 20 s.
    seedDeclarations: int(env, 'SEED_DECLARATIONS', 15_000, 0, 50_000_000),
    seedValue: int(env, 'SEED', 42, 0, 2 ** 31 - 1),
    rateLimitPerMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 6000, 1, 10_000_000),
    trustProxy: trustProxy(env.TRUST_PROXY),
    metricsToken,
    // A store anyone can read with a published demo key is a development convenience: on by
    // default for the SQLite file, off for PostgreSQL (production) unless asked for.
    demoKey: bool(env, 'DEMO_KEY', databaseUrl.startsWith('sqlite:')),
    allowPrivateWebhooks: bool(env, 'ALLOW_PRIVATE_WEBHOOKS', false),
    analyticsPath: analyticsPath(env, dataDir, databaseUrl),
    analyticsMemoryMb: int(env, 'ANALYTICS_MEMORY_MB', 1024, 64, 1024 * 1024),
    // One thread per query while serving: requests run side by side, and a parallel plan costs
    // more CPU for the same answer; loads, rebuilds and compaction use every core.
    analyticsThreads: int(env, 'ANALYTICS_THREADS', 1, 1, 256),
    analyticsBulkThreads: int(env, 'ANALYTICS_BULK_THREADS', os.availableParallelism(), 1, 256),
    // Threads reading the SQLite file beside the event loop (0: every query on the event loop).
    sqliteReaders: int(env, 'SQLITE_READERS', 2, 0, 64),
    slowQueryMs: int(env, 'SLOW_QUERY_MS', 500, 0, 3_600_000),
    dbConnectTimeoutMs: int(env, 'DB_CONNECT_TIMEOUT_MS', 5000, 100, 600_000),
    // Generous: migrations and warm-up reads of a large store run through the same pool.
    dbStatementTimeoutMs: int(env, 'DB_STATEMENT_TIMEOUT_MS', 120_000, 0, 86_400_000),
    redisUrl,
    workers: int(env, 'WORKERS', 1, 1, 64),
    workerIndex: int(env, 'TRADEAPI_WORKER_INDEX', 0, 0, 63),
    dataDir,
    bulkMaxJobsPerKey: int(env, 'BULK_MAX_JOBS_PER_KEY', 3, 1, 1000),
    bulkMaxDiskBytes: int(env, 'BULK_MAX_DISK_BYTES', 20 * 1024 ** 3, 1024, 2 ** 50),
    bulkRetentionHours: int(env, 'BULK_RETENTION_HOURS', 24, 1, 24 * 365),
    webhookEventRetentionHours: int(env, 'WEBHOOK_EVENT_RETENTION_HOURS', 168, 1, 24 * 365),
    referenceDataDir: referenceDir ? path.resolve(referenceDir) : null,
  };
  return Object.freeze(config);
}
