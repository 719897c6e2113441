// The only reader of process.env. Every setting is validated once at start; a bad value stops the
// process with a message that names the variable.
import fs from 'node:fs';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  bodyLimitBytes: number;
  corsOrigins: string[] | '*' | false;
  tokenSecret: string | undefined;
  demoApiKey: string | undefined;
  demoApiSecret: string | undefined;
  seedDeclarations: number;
  seedValue: number;
  rateLimitPerMinute: number;
  trustProxy: boolean;
  allowPrivateWebhooks: boolean;
  /** Keep columnar copies of the rollup tables in memory for aggregates (see docs/aggregates.md). */
  aggregateCache: boolean;
  /** Seconds a read answer is remembered (0: never); see src/http/answers.ts. */
  answerCacheSeconds: number;
  /** Bound on the remembered answers' bytes. */
  answerCacheBytes: number;
  /** Store queries slower than this (ms) are logged at warn level; 0 turns the log off. */
  slowQueryMs: number;
  dataDir: string;
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
    corsOrigins,
    tokenSecret: secret,
    demoApiKey: env.DEMO_API_KEY,
    demoApiSecret: env.DEMO_API_SECRET,
    // Sized so a first start on a 2-core machine (generation and load included) serves within 20 s.
    seedDeclarations: int(env, 'SEED_DECLARATIONS', 15_000, 0, 50_000_000),
    seedValue: int(env, 'SEED', 42, 0, 2 ** 31 - 1),
    rateLimitPerMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 6000, 1, 10_000_000),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    allowPrivateWebhooks: bool(env, 'ALLOW_PRIVATE_WEBHOOKS', false),
    aggregateCache: bool(env, 'AGGREGATE_CACHE', true),
    answerCacheSeconds: int(env, 'ANSWER_CACHE_SECONDS', 30, 0, 3600),
    answerCacheBytes: int(env, 'ANSWER_CACHE_MB', 64, 1, 16_384) * 1024 * 1024,
    slowQueryMs: int(env, 'SLOW_QUERY_MS', 500, 0, 3_600_000),
    dataDir,
    referenceDataDir: referenceDir ? path.resolve(referenceDir) : null,
  };
  return Object.freeze(config);
}
