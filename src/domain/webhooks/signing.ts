// Webhook signatures: HMAC-SHA256 over `${timestamp}.${body}`, sent as
// `Tradeapi-Signature: t=<unix seconds>,v1=<hex>`. Signing the timestamp with the body lets a
// receiver refuse replays outside a short window; several v1 values may appear while a secret
// is being rotated, and any one of them matching is enough.

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Tradeapi-Signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;
const SECRET_PREFIX = 'whsec_';

export type Body = string | Uint8Array;

/** Hex HMAC-SHA256 of `${timestamp}.${body}`, keyed with the whole secret string. */
export function computeSignature(secret: string, timestamp: number, body: Body): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

/** The header value for a delivery sent at `timestamp` (unix seconds). */
export function signPayload(body: Body, secret: string, timestamp: number): string {
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) throw new RangeError('timestamp must be whole unix seconds');
  return `t=${timestamp},v1=${computeSignature(secret, timestamp, body)}`;
}

export type VerifyFailure = 'malformed_header' | 'timestamp_outside_tolerance' | 'signature_mismatch';
export type VerifyResult = { readonly ok: true; readonly timestamp: number } | { readonly ok: false; readonly reason: VerifyFailure };

/**
 * Checks a signature header against the raw body as received (before any JSON parsing).
 * `now` is unix seconds; the timestamp must lie within `toleranceSeconds` of it either way.
 */
export function verifySignature(
  header: string,
  body: Body,
  secret: string,
  toleranceSeconds: number = DEFAULT_TOLERANCE_SECONDS,
  now: number = Math.floor(Date.now() / 1000),
): VerifyResult {
  const parsed = parseSignatureHeader(header);
  if (!parsed) return { ok: false, reason: 'malformed_header' };
  if (Math.abs(now - parsed.timestamp) > toleranceSeconds) return { ok: false, reason: 'timestamp_outside_tolerance' };

  const expected = Buffer.from(computeSignature(secret, parsed.timestamp, body), 'hex');
  // Check every candidate, without stopping early, so timing says nothing about which matched.
  let match = false;
  for (const candidate of parsed.signatures) {
    match = timingSafeEqual(expected, Buffer.from(candidate, 'hex')) || match;
  }
  return match ? { ok: true, timestamp: parsed.timestamp } : { ok: false, reason: 'signature_mismatch' };
}

/** `t=…,v1=…[,v1=…]`; unknown schemes (v0, v2) are ignored so the format can grow. */
export function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | null {
  if (typeof header !== 'string' || header.length > 4096) return null;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) return null;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (timestamp !== null || !/^\d{1,12}$/.test(value)) return null;
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!/^[0-9a-f]{64}$/i.test(value)) return null;
      signatures.push(value.toLowerCase());
    }
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/** `whsec_` + 32 random bytes in base64url; `random` is injectable for tests. */
export function generateWebhookSecret(random: (size: number) => Uint8Array = randomBytes): string {
  const bytes = random(32);
  if (bytes.length !== 32) throw new RangeError('the random source must return 32 bytes');
  return SECRET_PREFIX + Buffer.from(bytes).toString('base64url');
}

export function isWebhookSecret(value: string): boolean {
  return /^whsec_[A-Za-z0-9_-]{43}$/.test(value);
}
