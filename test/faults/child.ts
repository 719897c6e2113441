// Starts `src/main.ts` as a child process on a free port and waits until it serves.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';

export interface Served {
  child: ChildProcess;
  port: number;
  output(): string;
  exited: Promise<number | null>;
}

export async function serve(env: Record<string, string>, timeoutMs = 180_000): Promise<Served> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    // The analytic store in memory unless the test names a file: parallel test files must not share one.
    env: { ...process.env, PORT: '0', SEED_DECLARATIONS: '0', LOG_LEVEL: 'warn', ANALYTICS_PATH: ':memory:', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start: ${out}`)), timeoutMs);
    const look = () => {
      const m = /serving on http:\/\/[\d.]+:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on('data', look);
    void exited.then((code) => reject(new Error(`exited ${code} before serving: ${out}`)));
  });
  return { child, port, output: () => out, exited };
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export function request(port: number, method: string, pathName: string, options: { body?: unknown; headers?: Record<string, string>; agent?: http.Agent | false } = {}): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathName,
        method,
        agent: options.agent ?? false,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    // Tell a request sent on a kept-alive connection (the server had accepted it) from one on a
    // new connection (refused or reset before any server read it).
    req.on('error', (err) => reject(Object.assign(err, { reusedSocket: req.reusedSocket })));
    req.end(body);
  });
}
