// Short-lived access tokens are JWTs (HS256) so a request is checked without a lookup of the token
// itself; revocation is a deny-list of token ids checked on every request.
import { SignJWT, jwtVerify, errors } from 'jose';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { stateKey, stateOf } from '../../db/state.js';
import type { Scope } from '../../http/scopes.js';
import { parseScopes } from '../../http/scopes.js';

const ISSUER = 'tradeapi';
const AUDIENCE = 'tradeapi';

export interface AccessClaims {
  keyId: string;
  scopes: Scope[];
  jti: string;
  expiresAt: number; // unix seconds
}

export async function signAccessToken(secret: Uint8Array, keyId: string, scopes: Scope[], ttlSeconds: number, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  const exp = iat + ttlSeconds;
  const jti = randomBytes(12).toString('base64url');
  const token = await new SignJWT({ scope: scopes.join(' ') })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(keyId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(jti)
    .sign(secret);
  return { token, jti, expiresAt: exp };
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

// A client reuses its token for many requests; a token string that verified once verifies the
// same way until it expires, so the signature check (an async WebCrypto round trip) is skipped
// for tokens seen recently (at most VERIFIED_MAX, kept with the store's state). Revocation is
// still checked per request, against the store.
const VERIFIED_MAX = 10_000;
const VERIFIED = stateKey({
  name: 'verified tokens',
  create: () => new Map<string, { secret: Uint8Array; claims: AccessClaims }>(),
  close: (m) => m.clear(),
});

export async function verifyAccessToken(db: Kysely<DB>, secret: Uint8Array, token: string, now = Date.now()): Promise<VerifyResult> {
  const verified = stateOf(db).get(VERIFIED);
  const hit = verified.get(token);
  if (hit && hit.secret === secret) {
    if (hit.claims.expiresAt * 1000 > now) return { ok: true, claims: hit.claims };
    verified.delete(token);
    return { ok: false, reason: 'expired' };
  }
  const result = await verifyUncached(secret, token);
  if (result.ok) {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(token, { secret, claims: result.claims });
  }
  return result;
}

async function verifyUncached(secret: Uint8Array, token: string): Promise<VerifyResult> {
  try {
    // Only HS256 is accepted: `alg: none` and algorithm-confusion tokens fail here.
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') {
      return { ok: false, reason: 'invalid' };
    }
    const scopes = parseScopes(typeof payload.scope === 'string' ? payload.scope : '');
    return { ok: true, claims: { keyId: payload.sub, scopes, jti: payload.jti, expiresAt: payload.exp } };
  } catch (err) {
    return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
