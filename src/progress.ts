// Progress of a long command (seed, ingest, analytic rebuild, verify): a bar redrawn in place on a
// terminal (cli-progress), and on anything else (a log file, CI) a line at each tenth of the work
// and at most every 10 s, with the rate, so logs stay short and readable.
import fs from 'node:fs';
import { SingleBar } from 'cli-progress';

export interface Progress {
  /** `done` units of the total so far (the total may grow, as when batches keep arriving). */
  update(done: number, total?: number): void;
  stop(): void;
}

export interface ProgressOptions {
  label: string;
  total: number;
  /** Unit named in the lines, e.g. "declarations". */
  unit: string;
  /** Where lines go when not a terminal (default: stdout). */
  write?: (line: string) => void;
  /** Force the terminal bar on or off (default: stdout is a terminal). */
  tty?: boolean;
}

const LINE_EVERY_MS = 10_000;

function rateOf(done: number, ms: number): string {
  return ms > 0 ? `${Math.round((done * 1000) / ms).toLocaleString('en-US')}/s` : '';
}

export function startProgress(opts: ProgressOptions): Progress {
  const started = performance.now();
  const tty = opts.tty ?? process.stdout.isTTY === true;
  if (tty) {
    const bar = new SingleBar({
      format: `${opts.label} [{bar}] {percentage}% | {value}/{total} ${opts.unit} | {rate} | ETA {eta_formatted}`,
      hideCursor: true,
      etaBuffer: 50,
    });
    bar.start(Math.max(1, opts.total), 0, { rate: '' });
    return {
      update(done, total) {
        if (total !== undefined) bar.setTotal(Math.max(1, total));
        bar.update(done, { rate: rateOf(done, performance.now() - started) });
      },
      stop() {
        bar.stop();
      },
    };
  }
  const write = opts.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  let total = opts.total;
  let lastTenth = -1;
  let lastAt = started;
  let last = 0;
  const line = (done: number) => {
    const ms = performance.now() - started;
    const pct = total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 100;
    write(`${opts.label}: ${pct} % (${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${opts.unit}), ${rateOf(done, ms)}, ${(ms / 1000).toFixed(1)} s`);
  };
  return {
    update(done, t) {
      if (t !== undefined) total = t;
      last = done;
      const tenth = total > 0 ? Math.floor((done / total) * 10) : 10;
      const now = performance.now();
      if (tenth > lastTenth || now - lastAt >= LINE_EVERY_MS) {
        lastTenth = tenth;
        lastAt = now;
        line(done);
      }
    },
    stop() {
      if (lastTenth < 10) line(last);
    },
  };
}

/** Line breaks in a file (a last line without one counts too), read in large chunks. */
export async function countLines(file: string): Promise<number> {
  let n = 0;
  let last = 10;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
    if (chunk.length) last = chunk[chunk.length - 1]!;
  }
  return last === 10 ? n : n + 1;
}
