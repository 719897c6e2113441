// WORKERS=N: N API processes share one port through node:cluster (the primary accepts connections
// and hands them round-robin to the workers). The primary prepares the store once (migrations,
// first-start demo data and key) so workers never race each other doing it, then forks the
// workers, replaces one that dies, and on SIGTERM/SIGINT passes the signal on and waits for every
// worker to finish its requests in flight. Background work (webhook deliveries, bulk exports)
// runs in worker 0 only. Limits, quota and throttle are shared between workers through Redis
// (REDIS_URL); without it each worker counts on its own.
import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.js';
import { openStore } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { SAY_WAITING, withStartLock } from './db/start-lock.js';
import { tokenSecretOf, ensureDemoKey } from './bootstrap.js';
import { seedIfEmpty } from './synth/seed-if-empty.js';
import { printDemoKey } from './demo-key.js';

export async function runPrimary(config: Config): Promise<void> {
  const store = await openStore(config.databaseUrl, { connectTimeoutMs: config.dbConnectTimeoutMs });
  // Under the start lock, as a single process prepares it: other processes on the same store
  // (another cluster, another server) may be starting too.
  const demo = await withStartLock(
    store,
    async () => {
      await migrate(store);
      await tokenSecretOf(store, config);
      await seedIfEmpty(store, config, (msg) => console.log(`tradeapi: ${msg}`));
      return ensureDemoKey(store, config);
    },
    SAY_WAITING,
  );
  await store.close();
  if (!config.redisUrl) console.log(`tradeapi: ${config.workers} workers without REDIS_URL: rate limits, quota and login throttle are counted per worker`);

  let stopping = false;
  const indexOf = new Map<Worker, number>();
  const fork = (index: number) => indexOf.set(cluster.fork({ TRADEAPI_WORKER_INDEX: String(index) }), index);
  cluster.on('exit', (worker, code, signal) => {
    const index = indexOf.get(worker) ?? 0;
    indexOf.delete(worker);
    if (stopping) {
      if (indexOf.size === 0) process.exit(0);
      return;
    }
    console.error(`tradeapi: worker ${index} exited (${signal ?? code}); starting a new one`);
    fork(index);
  });
  let announced = false;
  cluster.on('listening', (_worker, address) => {
    if (announced) return;
    announced = true;
    console.log(`tradeapi: primary ${process.pid} runs ${config.workers} workers on port ${address.port}`);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const w of indexOf.keys()) w.process.kill(signal);
    setTimeout(() => process.exit(1), 20_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  if (demo) printDemoKey(demo, config.host, config.port);
  for (let i = 0; i < config.workers; i++) fork(i);
}

export const isWorker = () => cluster.isWorker;
