// Command-line options of the benchmark harness.
import { parseArgs } from 'node:util';

export interface BenchArgs {
  declarations: number;
  seed: number;
  connections: number;
  duration: number;
  store: 'sqlite' | 'postgres';
  only: string[];
  out: string;
  compare: [string, string] | null;
  margin: number;
  variants: number;
  /** Directory for a V8 CPU profile of the server process (node --cpu-prof), or null. */
  profile: string | null;
  /** URL of a server already running on the same dataset: measured as it is, not started or stopped. */
  server: string | null;
  /**
   * Replay a few hundred requests per operation for the whole run (the old mode, which caches
   * answer); by default every request of a run is distinct.
   */
  repeat: boolean;
  /** API processes the server runs (`WORKERS`); with more than one, its peak RSS is the sum of theirs. */
  workers: number;
}

export function parseBenchArgs(argv: string[]): BenchArgs {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      declarations: { type: 'string', default: '1000000' },
      seed: { type: 'string', default: '1' },
      connections: { type: 'string', default: '32' },
      duration: { type: 'string', default: '5' },
      store: { type: 'string', default: 'sqlite' },
      only: { type: 'string' },
      out: { type: 'string', default: 'bench/results' },
      compare: { type: 'boolean', default: false },
      margin: { type: 'string', default: '0.25' },
      variants: { type: 'string' },
      repeat: { type: 'boolean', default: false },
      profile: { type: 'string' },
      server: { type: 'string' },
      workers: { type: 'string', default: '1' },
    },
  });
  const num = (name: string, v: string, min: number) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number ≥ ${min}`);
    return n;
  };
  if (values.store !== 'sqlite' && values.store !== 'postgres') throw new Error('--store must be sqlite or postgres');
  if (values.compare && positionals.length !== 2) throw new Error('--compare takes two report files: --compare old.json new.json');
  return {
    declarations: num('declarations', values.declarations, 1),
    seed: num('seed', values.seed, 0),
    connections: num('connections', values.connections, 1),
    duration: num('duration', values.duration, 1),
    store: values.store,
    only: values.only ? values.only.split(',').map((s) => s.trim().toLowerCase()) : [],
    out: values.out,
    compare: values.compare ? [positionals[0]!, positionals[1]!] : null,
    margin: num('margin', values.margin, 0),
    variants: num('variants', values.variants ?? (values.repeat ? '400' : '3000'), 1),
    repeat: values.repeat ?? false,
    profile: values.profile ?? null,
    server: values.server ? values.server.replace(/\/+$/, '') : null,
    workers: num('workers', values.workers, 1),
  };
}
