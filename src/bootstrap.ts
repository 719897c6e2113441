// What a store needs before the API serves from it: the schema, a token-signing secret shared by
// every process on the store, and on a first start a demo key.
import { randomBytes } from 'node:crypto';
import type { Config } from './config.js';
import type { Store } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { DEMO_SCOPES } from './http/scopes.js';
import { countKeys, createKey, findKeyByApiKey, forgetTokenStates } from './features/auth/queries.js';
import { UsageRecorder } from './http/usage.js';
import { LoginThrottle } from './features/auth/throttle.js';
import type { AppDeps } from './http/types.js';
import { analyticsOf } from './analytics/registry.js';
import { openRedis } from './redis/client.js';
import { RevocationNotices } from './redis/revocations.js';

export async function tokenSecretOf(store: Store, config: Config): Promise<Uint8Array> {
  if (config.tokenSecret) return new TextEncoder().encode(config.tokenSecret);
  const row = await store.db.selectFrom('settings').select('value').where('key', '=', 'token_secret').executeTakeFirst();
  if (row) return Buffer.from(row.value, 'base64url');
  const secret = randomBytes(32).toString('base64url');
  // Two processes starting together: the first insert wins, both then read the same value.
  await store.db.insertInto('settings').values({ key: 'token_secret', value: secret }).onConflict((oc) => oc.column('key').doNothing()).execute();
  const stored = await store.db.selectFrom('settings').select('value').where('key', '=', 'token_secret').executeTakeFirstOrThrow();
  return Buffer.from(stored.value, 'base64url');
}

/**
 * The demo key (read scopes, no contact details): the configured pair if missing, or on a store
 * without keys a generated one when DEMO_KEY allows (default: SQLite only). Returns its
 * credentials when it was created now.
 */
export async function ensureDemoKey(store: Store, config: Config) {
  if (config.demoApiKey && config.demoApiSecret) {
    if (await findKeyByApiKey(store.db, config.demoApiKey)) return null;
    return createKey(store.db, { name: 'demo', scopes: DEMO_SCOPES, plan: 'demo', rateLimitPerMinute: config.rateLimitPerMinute, apiKey: config.demoApiKey, apiSecret: config.demoApiSecret });
  }
  if (!config.demoKey) return null;
  const { n } = await countKeys(store.db);
  if (Number(n) > 0) return null;
  return createKey(store.db, { name: 'demo', scopes: DEMO_SCOPES, plan: 'demo', rateLimitPerMinute: config.rateLimitPerMinute });
}

export interface PrepareOptions {
  /** The clock of quota months (tests move it across a month's turn). */
  clock?: () => Date;
  log?: (msg: string, err?: unknown) => void;
}

export async function prepareDeps(store: Store, config: Config, options: PrepareOptions = {}): Promise<AppDeps> {
  await migrate(store);
  const log = options.log ?? (() => undefined);
  const redis = config.redisUrl ? openRedis(config.redisUrl, log) : null;
  const usage = new UsageRecorder(store.db, { redis, clock: options.clock });
  // Opened now, so it starts catching up with the row store (it is closed with the store).
  await analyticsOf(store.db);
  const revocations = new RevocationNotices(redis, () => forgetTokenStates(store.db));
  return { config, store, usage, tokenSecret: await tokenSecretOf(store, config), loginThrottle: new LoginThrottle(redis), redis, revocations };
}

/** Closes what prepareDeps opened (the store is the caller's). */
export async function closeDeps(deps: AppDeps): Promise<void> {
  await deps.usage.stop();
  await deps.revocations.close();
  await deps.redis?.close();
}
