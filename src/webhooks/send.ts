// One signed POST to a subscriber. The host is resolved once, every address checked by the SSRF
// guard, and the connection pinned to the checked address, so a name cannot switch to an internal
// address between the check and the call. Redirects are not followed (a 3xx is a failure), the
// answer body is not read beyond a little, and the whole exchange has a deadline.
import http from 'node:http';
import https from 'node:https';
import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { checkResolvedAddresses, checkWebhookUrl } from '../domain/webhooks/url-guard.js';

export interface SendResult {
  /** HTTP status, or null when no answer came (refused URL, network error, timeout). */
  status: number | null;
  error: string | null;
}

export interface SendOptions {
  allowPrivate: boolean;
  timeoutMs: number;
}

export async function sendSigned(url: string, body: string, headers: Record<string, string>, options: SendOptions): Promise<SendResult> {
  const check = checkWebhookUrl(url, { allowPrivate: options.allowPrivate });
  if (!check.ok) return { status: null, error: `refused: ${check.message}` };
  let address: string;
  if (check.ip !== null) {
    address = check.ip;
  } else {
    let resolved: string[];
    try {
      resolved = (await lookup(check.hostname, { all: true, verbatim: true })).map((a) => a.address);
    } catch (err) {
      return { status: null, error: `could not resolve ${check.hostname}: ${(err as NodeJS.ErrnoException).code ?? 'error'}` };
    }
    const ok = checkResolvedAddresses(resolved, { allowPrivate: options.allowPrivate });
    if (!ok.ok) return { status: null, error: `refused: ${ok.message}` };
    address = ok.address;
  }
  const family = isIP(address) === 6 ? 6 : 4;
  const pinned: LookupFunction = (_host, opts, cb) => {
    if ((opts as { all?: boolean }).all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else cb(null, address, family);
  };
  const target = new URL(check.url);
  const client = target.protocol === 'https:' ? https : http;

  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const done = (r: SendResult) => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        resolve(r);
      }
    };
    const req = client.request(
      target,
      {
        method: 'POST',
        lookup: pinned,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'tradeapi-webhooks/1', ...headers },
        agent: false,
      },
      (res) => {
        // Read (and drop) a little of the answer so the socket closes cleanly; the body is not ours to keep.
        let seen = 0;
        res.on('data', (chunk: Buffer) => {
          seen += chunk.length;
          if (seen > 64 * 1024) res.destroy();
        });
        res.on('end', () => done({ status: res.statusCode ?? null, error: null }));
        res.on('close', () => done({ status: res.statusCode ?? null, error: null }));
        res.on('error', () => done({ status: res.statusCode ?? null, error: null }));
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error('timeout'));
      done({ status: null, error: `no answer within ${options.timeoutMs} ms` });
    }, options.timeoutMs);
    req.on('error', (err) => done({ status: null, error: (err as NodeJS.ErrnoException).code ?? err.message }));
    req.end(body);
  });
}
