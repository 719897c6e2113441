// Seeded randomness for the statistics tests, so every simulation is reproducible.

/** mulberry32: a tiny 32-bit PRNG, uniform on [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal draws by Box–Muller. */
export function normal(rand: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

/** A monthly pattern peaking in spring and dipping in autumn, mean 1. */
export function monthlySeason(amplitude: number): number[] {
  return Array.from({ length: 12 }, (_, k) => 1 + amplitude * Math.sin((2 * Math.PI * k) / 12));
}

/** Linear trend × seasonal index × (1 + relative noise). */
export function trendTimesSeason(n: number, opts: { level: number; slope: number; season: readonly number[]; noise: number; seed: number }): number[] {
  const z = normal(mulberry32(opts.seed));
  const m = opts.season.length;
  return Array.from({ length: n }, (_, t) => (opts.level + opts.slope * t) * (opts.season[t % m] as number) * (1 + opts.noise * z()));
}

export function allFinite(x: unknown): boolean {
  if (typeof x === 'number') return Number.isFinite(x);
  if (Array.isArray(x)) return x.every(allFinite);
  if (x && typeof x === 'object') return Object.values(x).every((v) => v === null || typeof v === 'string' || typeof v === 'boolean' || allFinite(v));
  return true;
}
