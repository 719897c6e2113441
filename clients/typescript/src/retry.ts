// A fetch that waits out 429 and 503 answers as the server asks (Retry-After, in seconds or as a
// date), a bounded number of times and never longer than `maxWaitMs` at once; other answers, and
// the last 429/503, are returned as they are.
export interface RetryOptions {
  maxRetries: number;
  maxWaitMs: number;
  /** Injected so tests need not wait. */
  sleep: (ms: number) => Promise<void>;
}

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Milliseconds a Retry-After header asks for; one second when it is absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (header === null) return 1000;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? 1000 : Math.max(0, at - now);
}

export function retryingFetch(inner: typeof fetch, opts: RetryOptions): typeof fetch {
  return async (input, init) => {
    // A Request's body can be read once: keep a copy for each further attempt.
    const original = input instanceof Request ? input : null;
    for (let attempt = 0; ; attempt++) {
      const res = original ? await inner(original.clone()) : await inner(input, init);
      if ((res.status !== 429 && res.status !== 503) || attempt >= opts.maxRetries) return res;
      const wait = retryAfterMs(res.headers.get('retry-after'));
      if (wait > opts.maxWaitMs) return res;
      await res.body?.cancel();
      await opts.sleep(wait);
    }
  };
}
