// Process entry: config → store → under the start lock: schema, (first start: demo data and key) →
// HTTP → graceful stop.
import { loadConfig, ConfigError } from './config.js';
import { openStore } from './db/connect.js';
import { SAY_WAITING, withStartLock } from './db/start-lock.js';
import { buildApp } from './app.js';
import { prepareDeps, ensureDemoKey, closeDeps } from './bootstrap.js';
import { seedIfEmpty } from './synth/seed-if-empty.js';
import { startWebhookWorker } from './webhooks/worker.js';
import { startBulkRunner } from './bulk/runner.js';
import { analyticsOf } from './analytics/registry.js';
import { getDirectory } from './features/companies/directory.js';
import { trackWarmUp } from './warm-up.js';
import { transitTable } from './features/shipments/transit-table.js';
import { tariffIndex } from './features/hs-codes/tariff-index.js';
import { classifier } from './features/hs-codes/indexes.js';
import { installProcessGuard, type GuardLog } from './process-guard.js';
import { runPrimary, isWorker } from './cluster.js';
import { printDemoKey } from './demo-key.js';

// Errors are not JSON-serialisable as they are; keep what a reader of the log needs.
function describe(obj: object): object {
  const err = (obj as { err?: unknown }).err;
  return err instanceof Error ? { err: { type: err.name, message: err.message, code: (err as { code?: unknown }).code } } : obj;
}

/** How long a stopping process keeps serving with `Connection: close` before it stops accepting. */
const DRAIN_MS = 500;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`tradeapi: configuration error: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
  if (config.workers > 1 && !isWorker()) return runPrimary(config);
  // In a cluster the primary prepared the store and made the demo key.
  const primary = !isWorker();
  const started = performance.now();
  // How long each step of the start took, printed with the serving line: a slow first open of a
  // large store (planner statistics, a cold page cache) shows which step it was.
  const steps: string[] = [];
  let stepStart = started;
  const step = (name: string) => {
    const now = performance.now();
    steps.push(`${name} ${Math.round(now - stepStart)} ms`);
    stepStart = now;
  };
  // Until the HTTP logger exists, faults go to stderr as one JSON line each, as pino writes them.
  const early = (level: number) => (obj: object, msg: string) => process.stderr.write(`${JSON.stringify({ level, time: Date.now(), msg, ...describe(obj) })}\n`);
  let log: GuardLog = { error: early(50), fatal: early(60) };
  let stop: (signal: string) => Promise<void> = async () => process.exit(1);
  installProcessGuard({ error: (o, m) => log.error(o, m), fatal: (o, m) => log.fatal(o, m) }, (reason) => void stop(reason));
  const store = await openStore(config.databaseUrl, {
    slowQueryMs: config.slowQueryMs,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    sqliteReaders: config.sqliteReaders,
    onPoolError: (err) => log.error({ err }, 'a pooled store connection failed; it is replaced on next use'),
    // Before the HTTP logger exists; one JSON line, as pino writes them.
    onSlowQuery: (ms, sql) => process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), msg: 'slow store query', ms, sql: sql.slice(0, 2000) })}\n`),
    analytics: {
      path: config.analyticsPath,
      memoryLimitMb: config.analyticsMemoryMb,
      threads: config.analyticsThreads,
      bulkThreads: config.analyticsBulkThreads,
      log: (msg, err) => process.stderr.write(`${JSON.stringify({ level: err ? 50 : 30, time: Date.now(), msg, err: err instanceof Error ? err.message : undefined })}\n`),
      progress: (applied, total) => process.stdout.write(`tradeapi: analytic store: ${applied} of ${total} declarations applied\n`),
    },
  });
  step('store opened');
  // One process at a time prepares the store (src/db/start-lock.ts): another started at the same
  // moment on the same store waits here, then finds the schema, the demo data and the key made.
  const { deps, analytics, demo } = await withStartLock(
    store,
    async () => {
      step('start lock');
      const deps = await prepareDeps(store, config, { log: (msg, err) => log.error(err ? { err } : {}, msg) });
      step('schema and dependencies');
      // Opened before any demo data is written, so it is fed as the batches commit; on a store with
      // data it starts catching up (a new file is built from the row store in the background;
      // aggregates wait for it or answer 503 meanwhile). Each process of a cluster has its own file.
      const analytics = await analyticsOf(store.db);
      step('analytic store opened');
      if (primary) await seedIfEmpty(store, config, (msg) => console.log(`tradeapi: ${msg}`));
      const demo = primary ? await ensureDemoKey(store, config) : null;
      step('demo data and key');
      return { deps, analytics, demo };
    },
    SAY_WAITING,
  );
  // Background work runs in one process of a cluster: worker 0.
  const background = primary || config.workerIndex === 0;
  const app = await buildApp(deps);
  step('routes built');
  log = app.log;
  deps.usage.start();
  const webhookWorker = background ? startWebhookWorker({ ...deps, log: (msg, err) => app.log.error({ err }, msg) }) : null;
  const bulkRunner = background ? startBulkRunner({ ...deps, log: (msg, err) => app.log.error({ err }, msg) }) : null;
  const analyticReady = analytics.catchUp().catch((err: unknown) => app.log.error({ err }, 'building the analytic store failed'));
  trackWarmUp(analyticReady);
  // Built on first use otherwise, with the first callers waiting: the company directory's order
  // (trade sizes from the analytic store: started once that is ready, since while it is built a
  // read waits 5 s and then gives up, which left the first search to build it), then the
  // classifier's declared examples.
  const directory = analyticReady.then(() => getDirectory(store.db)).catch((err: unknown) => app.log.error({ err }, 'warming the company directory failed'));
  trackWarmUp(directory);
  trackWarmUp(directory.then(() => classifier(store.db)).catch((err: unknown) => app.log.error({ err }, 'building the classifier failed')));
  // and the completed shipments behind transit times and delivery performance.
  trackWarmUp(transitTable(store.db).catch((err: unknown) => app.log.error({ err }, 'reading the completed shipments failed')));
  // The classifier's tariff index, from REFERENCE_DATA_DIR or ingested lines; classify answers
  // from the shipped catalogue until it is ready.
  tariffIndex(store.db, config.referenceDataDir, (msg, err) => (err ? app.log.error({ err }, msg) : app.log.info(msg)));

  let stopping = false;
  let draining = false;
  app.server.on('request', (_req, res) => {
    if (draining) res.shouldKeepAlive = false;
  });
  stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: no new connections, finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    // Drain first: answers carry `Connection: close` for a moment while the server still
    // accepts, so clients on kept-alive connections move to a new connection (another process,
    // or a refused connect once all have closed) instead of sending into a socket being closed.
    draining = true;
    await new Promise((r) => setTimeout(r, DRAIN_MS));
    // Keep-alive connections busy when closing began turn idle once their request is answered;
    // close them as they do, or the server would wait for clients to hang up.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    await app.close(); // stops accepting, waits for in-flight requests
    clearInterval(sweep);
    await webhookWorker?.stop();
    await bulkRunner?.stop();
    await closeDeps(deps);
    await store.close();
    process.exit(signal === 'uncaughtException' ? 1 : 0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  step('listening');
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  console.log(`tradeapi: serving on http://${config.host}:${port} (store: ${store.engine}) in ${Math.round(performance.now() - started)} ms (${steps.join(', ')})`);
  console.log(`tradeapi: API description http://${config.host}:${port}/v1/openapi.json, interactive docs http://${config.host}:${port}/docs`);
  if (demo) printDemoKey(demo, config.host, port);
}

main().catch((err) => {
  console.error('tradeapi: failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
