// API secrets are stored only as scrypt hashes; refresh tokens (high-entropy, random) as SHA-256.
import { randomBytes, scrypt, timingSafeEqual, createHash, type BinaryLike, type ScryptOptions } from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;

function scryptAsync(secret: BinaryLike, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(secret, salt, KEYLEN, opts, (err, key) => (err ? reject(err) : resolve(key))));
}

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(secret, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash compare that costs the same when the key does not exist, so timing does not reveal keys. */
export const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

export function newKeyId(): string {
  return `key_${randomBytes(8).toString('hex')}`;
}
export function newApiKey(): string {
  return `tk_${randomBytes(12).toString('base64url')}`;
}
export function newApiSecret(): string {
  return `ts_${randomBytes(32).toString('base64url')}`;
}
export function newRefreshToken(): string {
  return `rt_${randomBytes(32).toString('base64url')}`;
}
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(10).toString('hex')}`;
}
