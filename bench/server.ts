// Starts the API as a separate process on the prepared store, as in production, and measures
// its start-up time and peak resident memory.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

export interface Server {
  url: string;
  child: ChildProcess | null;
  startupMs: number;
  /** Process start → in-memory aggregate copies ready (or switched off) and boot-time warm-up done. */
  readyMs: number;
  peakRssMb(): number | null;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export async function startServer(databaseUrl: string, extraEnv: Record<string, string> = {}, profileDir: string | null = null): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), '--max-semi-space-size=32', '--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SLOW_QUERY_MS: '50', SEED_DECLARATIONS: '0', RATE_LIMIT_PER_MINUTE: '10000000', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  // The server's own log (slow queries among it) is kept beside the cached datasets.
  fs.mkdirSync('bench/.cache', { recursive: true });
  const logFile = fs.createWriteStream('bench/.cache/server.log');
  const keep = (d: unknown) => {
    log = (log + String(d)).slice(-20_000);
    logFile.write(String(d));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start-up:\n${log.slice(-3000)}`);
    try {
      const r = await fetch(`${url}/v1/health`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy within 5 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
  const startupMs = performance.now() - started;
  // Measure the steady state: wait until the analytic store holds every committed batch. With
  // several API processes each answers in turn, so every one must have said so a few times.
  const processes = Number(extraEnv.WORKERS ?? 1);
  for (let ready = 0; ready < 3 * processes; ) {
    const r = await fetch(`${url}/v1/health`);
    const body = (await r.json()) as { data?: { analytics?: string; warm_up?: string }[] };
    const state = body.data?.[0]?.analytics;
    const warm = body.data?.[0]?.warm_up;
    ready = r.ok && state !== 'building' && warm !== 'running' ? ready + 1 : 0;
    if (ready > 0) continue;
    if (child.exitCode !== null) throw new Error(`server exited while warming:\n${log.slice(-3000)}`);
    if (Date.now() > deadline) throw new Error('analytic store not ready within 5 minutes');
    await new Promise((r) => setTimeout(r, 200));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    child,
    startupMs,
    readyMs,
    peakRssMb() {
      const kb = processTree(child.pid!).map(peakKb);
      return kb.some((k) => k === null) || kb.length === 0 ? null : Math.round(kb.reduce((a, k) => a! + k!, 0)! / 1024);
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

function peakKb(pid: number): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** The server and, with WORKERS=N, the API processes its primary forked. */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // gone, or no children
  }
  return [pid, ...children.flatMap(processTree)];
}

/**
 * A server someone else started on the same dataset (`--server URL`): no start-up to time and
 * nothing to stop, but it must be healthy and warm before it is measured. Saves the minute a large
 * store takes to warm when one operation is measured again and again.
 */
export async function attachServer(url: string): Promise<Server> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      const r = await fetch(`${url}/v1/health`);
      const body = (await r.json()) as { data?: { analytics?: string; warm_up?: string }[] };
      const state = body.data?.[0]?.analytics;
      if (r.ok && state !== 'building' && body.data?.[0]?.warm_up !== 'running') break;
    } catch {
      // not answering yet
    }
    if (Date.now() > deadline) throw new Error(`${url} is not healthy and warm within 5 minutes`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, child: null, startupMs: 0, readyMs: 0, peakRssMb: () => null, stop: async () => undefined };
}
