// Seeded randomness. Every record draws from its own stream, derived from (seed, stream, index), so
// a record's content depends only on those three numbers and never on batch sizes or on how many
// draws an earlier record made.

/** 32-bit mix (the splitmix32 finaliser); spreads nearby inputs over the whole range. */
export function mix32(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x21f0aaad);
  x = Math.imul(x ^ (x >>> 15), 0x735a2d97);
  return (x ^ (x >>> 15)) >>> 0;
}

/** A stream id for a label, so call sites read `streamId('declarations')` instead of magic numbers. */
export function streamId(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** mulberry32: small, fast, good enough for synthetic data (not for anything secret). */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** The generator for record `index` of `stream` under `seed`. */
  static for(seed: number, stream: number, index: number): Rng {
    return new Rng(mix32(mix32(seed ^ 0x9e3779b9) ^ mix32(stream + 0x7f4a7c15) ^ mix32(index * 0x632be5ab + 1)));
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Integer in [lo, hi], both included. */
  range(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Standard normal (Box–Muller; one value per call keeps the stream simple). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Log-normal with the given mean (not median) and log-scale spread sigma. */
  lognormalMean(mean: number, sigma: number): number {
    return mean * Math.exp(sigma * this.normal() - (sigma * sigma) / 2);
  }

  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(10));
    return s;
  }

  letters(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String.fromCharCode(65 + this.int(26));
    return s;
  }
}

/**
 * Draws from fixed weights in O(log n): the cumulative table is built once, so per-record sampling
 * allocates nothing.
 */
export class Weighted<T> {
  readonly items: readonly T[];
  private readonly cumulative: Float64Array;
  readonly total: number;

  constructor(entries: readonly (readonly [T, number])[]) {
    const kept = entries.filter(([, w]) => w > 0);
    if (kept.length === 0) throw new RangeError('weighted table needs at least one positive weight');
    this.items = kept.map(([item]) => item);
    this.cumulative = new Float64Array(kept.length);
    let sum = 0;
    kept.forEach(([, w], i) => {
      sum += w;
      this.cumulative[i] = sum;
    });
    this.total = sum;
  }

  static fromRecord(weights: Readonly<Record<string, number>>): Weighted<string> {
    return new Weighted(Object.entries(weights));
  }

  draw(rng: Rng): T {
    return this.at(rng.next());
  }

  /** The item at quantile u of the cumulative weight. */
  at(u: number): T {
    const target = u * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.cumulative[mid] as number) > target) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo] as T;
  }

  /** Share of one item (0 when absent). */
  share(item: T): number {
    const i = this.items.indexOf(item);
    if (i < 0) return 0;
    const prev = i === 0 ? 0 : (this.cumulative[i - 1] as number);
    return ((this.cumulative[i] as number) - prev) / this.total;
  }
}

/** Zipf-like weights 1/(k+1)^alpha: a few firms carry most of the trade, as in real customs data. */
export function zipfWeights(n: number, alpha: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < n; k++) out.push(1 / (k + 1) ** alpha);
  return out;
}

/** mulberry32 as a plain function: the same draws as `new Rng(seed).next()`, for tests and scripts. */
export function mulberry32(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.next();
}
