// Answers of read operations kept for a few seconds as the bytes sent, keyed by request line.
//
// Why: a page of 100 shipments is 60–90 KB of JSON. Building it from rows already in memory takes
// tens of microseconds; serialising it, measuring it and encoding it as UTF-8 take several times
// that, every time it is asked for. A remembered answer is sent as stored bytes with only the
// request id, count and time spliced into its `meta`. Clients that poll a dashboard, page back
// and forth or share a query get the same bytes the first request got.
//
// What may be remembered is decided in one place (`remembers`): reads of trade and company data
// (`trade:read`, `companies:read`) that do not depend on the caller. Contacts (personal data,
// audited on every read) and shipment tracking are never remembered. Answers are dropped when
// an ingestion batch commits in this process or a write operation succeeds; otherwise they age
// out after the configured seconds, the staleness other processes' writes can cause.
import { AgingMap } from '../features/shared/aging-map.js';

export interface Answer {
  status: number;
  count: number;
  headers: Record<string, string> | undefined;
  /** The serialised envelope up to the request id of its `meta`, and from after `took_ms` on. */
  head: Buffer;
  tail: Buffer;
  /** When the answer was built (ms since epoch), for the `Age` header. */
  at: number;
}

export class Answers {
  private readonly map: AgingMap<Answer>;
  /** Counts the clears: an answer built across one is not kept. */
  generation = 0;

  constructor(ttlSeconds: number, maxBytes: number) {
    this.map = new AgingMap<Answer>(ttlSeconds * 1000, maxBytes, (a) => a.head.length + a.tail.length + 200);
  }

  get(key: string): Answer | undefined {
    return this.map.get(key);
  }

  set(key: string, answer: Answer): void {
    this.map.set(key, answer, answer.at);
  }

  clear(): void {
    this.map.clear();
    this.generation++;
  }
}

/** The marker a serialised envelope is split at: its meta's leading fields with fixed values. */
function marker(count: number): string {
  return `"meta":{"request_id":"","count":${count},"took_ms":0`;
}

/** The meta a serialised answer is built with, so that `split` finds where to cut it. */
export function placeholderMeta(count: number, rest: Record<string, unknown> | undefined): Record<string, unknown> {
  return { request_id: '', count, took_ms: 0, ...rest };
}

/**
 * Cuts an envelope serialised with `placeholderMeta` around its request id, count and time; null
 * when the marker is not where it should be (meta is the envelope's last field, so it is the last
 * occurrence: earlier text is data, where a quote inside a string is always escaped).
 */
export function split(serialised: string, count: number): { head: Buffer; tail: Buffer } | null {
  const m = marker(count);
  const at = serialised.lastIndexOf(m);
  if (at < 0 || serialised.indexOf('"meta":', at + m.length) >= 0) return null;
  const cut = at + '"meta":{"request_id":'.length;
  return { head: ownBytes(serialised.slice(0, cut)), tail: ownBytes(serialised.slice(at + m.length)) };
}

/**
 * The UTF-8 bytes of `text` in memory of their own: a small Buffer.from is a slice of a shared
 * 8 KB pool, and a kept slice keeps its whole pool alive, far beyond the weight counted for it.
 */
function ownBytes(text: string): Buffer {
  const out = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  out.write(text);
  return out;
}

/** The bytes of an answer for one request: its own id, the count and the time taken. */
export function bytesOf(a: Answer, requestId: string, tookMs: number): Buffer {
  return Buffer.concat([a.head, Buffer.from(`${JSON.stringify(requestId)},"count":${a.count},"took_ms":${tookMs}`), a.tail]);
}
