import { describe, it, expect } from 'vitest';
import {
  computeSignature,
  generateWebhookSecret,
  isWebhookSecret,
  parseSignatureHeader,
  signPayload,
  verifySignature,
} from '../../../src/domain/webhooks/signing.js';

const SECRET = 'whsec_test_secret';
const T = 1_700_000_000;
const BODY = '{"event":"shipment.status_changed","status":"arrived"}';
// Computed independently (Python hmac) over `1700000000.` + BODY.
const EXPECTED = '595e7747578e6045629c20e1009f10e7afae256432a106783aa4770365d3ba0c';

describe('signing', () => {
  it('matches an independently computed HMAC-SHA256', () => {
    expect(computeSignature(SECRET, T, BODY)).toBe(EXPECTED);
    expect(signPayload(BODY, SECRET, T)).toBe(`t=${T},v1=${EXPECTED}`);
    expect(computeSignature(SECRET, T, new TextEncoder().encode(BODY))).toBe(EXPECTED);
  });

  it('refuses a timestamp that is not whole unix seconds', () => {
    expect(() => signPayload(BODY, SECRET, 1.5)).toThrow(RangeError);
    expect(() => signPayload(BODY, SECRET, -1)).toThrow(RangeError);
  });
});

describe('verifySignature', () => {
  const header = signPayload(BODY, SECRET, T);

  it('accepts its own signatures, inside the window in both directions', () => {
    expect(verifySignature(header, BODY, SECRET, 300, T)).toEqual({ ok: true, timestamp: T });
    expect(verifySignature(header, BODY, SECRET, 300, T + 300).ok).toBe(true);
    expect(verifySignature(header, BODY, SECRET, 300, T - 300).ok).toBe(true);
  });

  it('round-trips many generated bodies and secrets', () => {
    for (let i = 0; i < 200; i++) {
      const secret = generateWebhookSecret();
      const body = JSON.stringify({ i, text: 'İstanbul → Mersin '.repeat(i % 7), n: Math.sin(i) });
      const t = T + i * 977;
      expect(verifySignature(signPayload(body, secret, t), body, secret, 60, t + (i % 60)).ok).toBe(true);
    }
  });

  it('rejects a tampered body, a tampered signature and the wrong secret', () => {
    expect(verifySignature(header, BODY.replace('arrived', 'delivered'), SECRET, 300, T)).toEqual({ ok: false, reason: 'signature_mismatch' });
    expect(verifySignature(header, `${BODY} `, SECRET, 300, T).ok).toBe(false);
    const flipped = header.slice(0, -1) + (header.endsWith('0') ? '1' : '0');
    expect(verifySignature(flipped, BODY, SECRET, 300, T)).toEqual({ ok: false, reason: 'signature_mismatch' });
    expect(verifySignature(header, BODY, 'whsec_other', 300, T)).toEqual({ ok: false, reason: 'signature_mismatch' });
  });

  it('rejects a replay outside the window and a re-dated signature', () => {
    expect(verifySignature(header, BODY, SECRET, 300, T + 301)).toEqual({ ok: false, reason: 'timestamp_outside_tolerance' });
    expect(verifySignature(header, BODY, SECRET, 300, T - 301)).toEqual({ ok: false, reason: 'timestamp_outside_tolerance' });
    // Moving the timestamp forward to pass the window breaks the signature.
    const redated = header.replace(`t=${T}`, `t=${T + 1000}`);
    expect(verifySignature(redated, BODY, SECRET, 300, T + 1000)).toEqual({ ok: false, reason: 'signature_mismatch' });
  });

  it('accepts any one matching v1 during a secret rotation, upper-case hex included', () => {
    const old = computeSignature('whsec_old', T, BODY);
    expect(verifySignature(`t=${T},v1=${old},v1=${EXPECTED}`, BODY, SECRET, 300, T).ok).toBe(true);
    expect(verifySignature(`t=${T}, v0=abc, v1=${EXPECTED.toUpperCase()}`, BODY, SECRET, 300, T).ok).toBe(true);
    expect(verifySignature(`t=${T},v1=${old}`, BODY, SECRET, 300, T).ok).toBe(false);
  });

  it('rejects malformed headers', () => {
    for (const bad of [
      '',
      `v1=${EXPECTED}`,
      `t=${T}`,
      `t=${T},v0=${EXPECTED}`,
      `t=abc,v1=${EXPECTED}`,
      `t=-1,v1=${EXPECTED}`,
      `t=${T},t=${T},v1=${EXPECTED}`,
      `t=${T},v1=${EXPECTED.slice(1)}`,
      `t=${T},v1=${EXPECTED}zz`,
      `t=${T};v1=${EXPECTED}`,
      `t=${T},v1=${'g'.repeat(64)}`,
    ]) {
      expect(verifySignature(bad, BODY, SECRET, 300, T), bad).toEqual({ ok: false, reason: 'malformed_header' });
    }
    expect(parseSignatureHeader(`t=${T},v1=${EXPECTED}`)).toEqual({ timestamp: T, signatures: [EXPECTED] });
  });
});

describe('generateWebhookSecret', () => {
  it('encodes 32 bytes as whsec_ + base64url', () => {
    const fixed = generateWebhookSecret((n) => Uint8Array.from({ length: n }, (_, i) => i));
    expect(fixed).toBe('whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8');
    expect(isWebhookSecret(fixed)).toBe(true);
    expect(generateWebhookSecret((n) => new Uint8Array(n).fill(255))).toBe(`whsec_${'_'.repeat(42)}8`);
  });

  it('draws fresh randomness each time and refuses a short random source', () => {
    const seen = new Set(Array.from({ length: 100 }, () => generateWebhookSecret()));
    expect(seen.size).toBe(100);
    for (const s of seen) expect(isWebhookSecret(s)).toBe(true);
    expect(() => generateWebhookSecret(() => new Uint8Array(16))).toThrow(RangeError);
    expect(isWebhookSecret('whsec_short')).toBe(false);
  });
});
