// Keys, refresh tokens, revocations and the audit log. Plain functions over `db` (or a transaction).
import type { Kysely, Selectable } from 'kysely';
import type { ApiKeysTable, DB } from '../../db/schema.js';
import { stateKey, stateOf } from '../../db/state.js';
import type { Scope } from '../../http/scopes.js';
import { hashSecret, newApiKey, newApiSecret, newKeyId, sha256 } from './credentials.js';

export type ApiKeyRow = Selectable<ApiKeysTable>;

export interface NewKey {
  name: string;
  scopes: Scope[];
  plan?: string;
  rateLimitPerMinute: number;
  monthlyQuota?: number | null;
  apiKey?: string;
  apiSecret?: string;
}

export async function createKey(db: Kysely<DB>, input: NewKey, now = new Date()) {
  const id = newKeyId();
  const apiKey = input.apiKey ?? newApiKey();
  const apiSecret = input.apiSecret ?? newApiSecret();
  await db
    .insertInto('api_keys')
    .values({
      id,
      name: input.name,
      api_key: apiKey,
      secret_hash: await hashSecret(apiSecret),
      previous_secret_hash: null,
      previous_secret_valid_until: null,
      scopes: input.scopes.join(' '),
      plan: input.plan ?? 'standard',
      rate_limit_per_minute: input.rateLimitPerMinute,
      monthly_quota: input.monthlyQuota ?? null,
      status: 'active',
      created_at: now.toISOString(),
      revoked_at: null,
      last_used_at: null,
    })
    .execute();
  return { key_id: id, api_key: apiKey, api_secret: apiSecret, scopes: input.scopes };
}

export function findKeyByApiKey(db: Kysely<DB>, apiKey: string) {
  return db.selectFrom('api_keys').selectAll().where('api_key', '=', apiKey).executeTakeFirst();
}

export function findKey(db: Kysely<DB>, keyId: string) {
  return db.selectFrom('api_keys').selectAll().where('id', '=', keyId).executeTakeFirst();
}

export function countKeys(db: Kysely<DB>) {
  return db.selectFrom('api_keys').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
}

export function listKeys(db: Kysely<DB>, afterId: string | null, limit: number) {
  let q = db.selectFrom('api_keys').selectAll().orderBy('id').limit(limit + 1);
  if (afterId) q = q.where('id', '>', afterId);
  return q.execute();
}

export async function revokeKey(db: Kysely<DB>, keyId: string, now = new Date()): Promise<boolean> {
  const res = await db
    .updateTable('api_keys')
    .set({ status: 'revoked', revoked_at: now.toISOString() })
    .where('id', '=', keyId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  await db.updateTable('refresh_tokens').set({ revoked_at: now.toISOString() }).where('key_id', '=', keyId).where('revoked_at', 'is', null).execute();
  forgetTokenStates(db);
  return Number(res.numUpdatedRows) > 0;
}

export async function rotateKeySecret(db: Kysely<DB>, key: ApiKeyRow, graceSeconds: number, now = new Date()) {
  const apiSecret = newApiSecret();
  await db
    .updateTable('api_keys')
    .set({
      secret_hash: await hashSecret(apiSecret),
      previous_secret_hash: graceSeconds > 0 ? key.secret_hash : null,
      previous_secret_valid_until: graceSeconds > 0 ? new Date(now.getTime() + graceSeconds * 1000).toISOString() : null,
    })
    .where('id', '=', key.id)
    .execute();
  // A new secret ends the sessions opened with the old one: their refresh tokens stop working
  // (access tokens already issued run out within their short lifetime).
  await db.updateTable('refresh_tokens').set({ revoked_at: now.toISOString() }).where('key_id', '=', key.id).where('revoked_at', 'is', null).execute();
  return apiSecret;
}

export function touchKey(db: Kysely<DB>, keyId: string, now = new Date()) {
  return db.updateTable('api_keys').set({ last_used_at: now.toISOString() }).where('id', '=', keyId).execute();
}

/** One indexed lookup: is the key still active and the token not revoked? */
export async function tokenState(db: Kysely<DB>, keyId: string, jti: string) {
  const row = await db
    .selectFrom('api_keys')
    .leftJoin('revoked_tokens', (j) => j.on('revoked_tokens.jti', '=', jti))
    .select(['api_keys.status', 'api_keys.rate_limit_per_minute', 'api_keys.monthly_quota', 'revoked_tokens.jti as revoked'])
    .where('api_keys.id', '=', keyId)
    .executeTakeFirst();
  return row;
}

type TokenState = Awaited<ReturnType<typeof tokenState>>;

// The state lookup was about a tenth of the CPU of a cached read under load, for an answer that
// changes only when a key or token is revoked. So each (key, token) answer is kept for a second:
// a revocation forgets them all at once in the process that made it and, through the Redis
// notice (src/redis/revocations.ts), in every other; without Redis (or a revocation from the
// command line) another process sees it within TOKEN_STATE_TTL_MS.
export const TOKEN_STATE_TTL_MS = 1000;
const TOKEN_STATE_MAX = 10_000;
interface TokenStates {
  entries: Map<string, { state: TokenState; until: number }>;
  /** Bumped by every forget: an answer read before a revocation notice is not kept after it. */
  generation: number;
}
const TOKEN_STATES = stateKey<TokenStates>({ name: 'token states', create: () => ({ entries: new Map(), generation: 0 }), close: (s) => s.entries.clear() });

export async function cachedTokenState(db: Kysely<DB>, keyId: string, jti: string, now = Date.now()): Promise<TokenState> {
  const states = stateOf(db).get(TOKEN_STATES);
  const k = `${keyId} ${jti}`;
  const hit = states.entries.get(k);
  if (hit && hit.until > now) return hit.state;
  const generation = states.generation;
  const state = await tokenState(db, keyId, jti);
  if (generation !== states.generation) return state;
  if (states.entries.size >= TOKEN_STATE_MAX) states.entries.clear();
  states.entries.set(k, { state, until: now + TOKEN_STATE_TTL_MS });
  return state;
}

/** Forgets every remembered token state of this store handle (a revocation was committed). */
export function forgetTokenStates(db: Kysely<DB>): void {
  const states = stateOf(db).peek(TOKEN_STATES);
  if (!states) return;
  states.entries.clear();
  states.generation++;
}

export async function revokeJti(db: Kysely<DB>, jti: string, expiresAt: number) {
  await db
    .insertInto('revoked_tokens')
    .values({ jti, expires_at: new Date(expiresAt * 1000).toISOString() })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
  forgetTokenStates(db);
}

export function purgeExpiredRevocations(db: Kysely<DB>, now = new Date()) {
  return db.deleteFrom('revoked_tokens').where('expires_at', '<', now.toISOString()).execute();
}

export function insertRefreshToken(db: Kysely<DB>, token: string, keyId: string, familyId: string, scopes: Scope[], ttlSeconds: number, now = new Date()) {
  return db
    .insertInto('refresh_tokens')
    .values({
      token_hash: sha256(token),
      key_id: keyId,
      family_id: familyId,
      scopes: scopes.join(' '),
      expires_at: new Date(now.getTime() + ttlSeconds * 1000).toISOString(),
      used_at: null,
      revoked_at: null,
      created_at: now.toISOString(),
    })
    .execute();
}

export function findRefreshToken(db: Kysely<DB>, token: string) {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirst();
}

/** Marks a refresh token used; false if another request used it first (a replay). */
export async function markRefreshUsed(db: Kysely<DB>, tokenHash: string, now = new Date()): Promise<boolean> {
  const res = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** When the session of a refresh-token family began: its first token's creation. */
export async function familyStartedAt(db: Kysely<DB>, familyId: string): Promise<number> {
  const row = await db.selectFrom('refresh_tokens').select((eb) => eb.fn.min('created_at').as('began')).where('family_id', '=', familyId).executeTakeFirst();
  return Date.parse(String(row?.began));
}

export function revokeRefreshFamily(db: Kysely<DB>, familyId: string, now = new Date()) {
  return db.updateTable('refresh_tokens').set({ revoked_at: now.toISOString() }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
}

export interface AuditEntry {
  keyId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
  requestId?: string | null;
}

export function writeAudit(db: Kysely<DB>, e: AuditEntry, now = new Date()) {
  return db
    .insertInto('audit_log')
    .values({
      at: now.toISOString(),
      key_id: e.keyId,
      action: e.action,
      target_type: e.targetType,
      target_id: e.targetId,
      details: JSON.stringify(e.details ?? {}),
      ip: e.ip ?? null,
      request_id: e.requestId ?? null,
    })
    .execute();
}

export interface AuditFilter {
  keyId?: string;
  action?: string;
  from?: string;
  to?: string;
  beforeId?: number;
  limit: number;
}

export function listAudit(db: Kysely<DB>, f: AuditFilter) {
  let q = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(f.limit + 1);
  if (f.keyId) q = q.where('key_id', '=', f.keyId);
  if (f.action) q = q.where('action', '=', f.action);
  if (f.from) q = q.where('at', '>=', f.from);
  if (f.to) q = q.where('at', '<', f.to);
  if (f.beforeId !== undefined) q = q.where('id', '<', f.beforeId);
  return q.execute();
}
