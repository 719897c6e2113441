// Process entry: config → store → schema → (first start: demo data and key) → HTTP → graceful stop.
import { loadConfig, ConfigError } from './config.js';
import { openStore } from './db/connect.js';
import { buildApp } from './app.js';
import { prepareDeps, ensureDemoKey } from './bootstrap.js';
import { seedIfEmpty } from './synth/seed-if-empty.js';
import { startWebhookWorker } from './webhooks/worker.js';
import { startBulkRunner } from './bulk/runner.js';
import { startCubeCache, stopCubeCache } from './features/shared/cube-cache.js';
import { getDirectory } from './features/companies/directory.js';
import { shipmentTable } from './features/supply-chain/queries.js';
import { trackWarmUp } from './warm-up.js';
import { keepItemTexts } from './features/shared/item-texts.js';
import { warmDeclarationLists } from './features/shared/declaration-ids.js';
import { billTable } from './features/flows/bill-table.js';
import { transitTable } from './features/shipments/transit-table.js';
import { tariffIndex } from './features/hs-codes/tariff-index.js';

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
  const started = performance.now();
  const store = await openStore(config.databaseUrl, {
    slowQueryMs: config.slowQueryMs,
    // Before the HTTP logger exists; one JSON line, as pino writes them.
    onSlowQuery: (ms, sql) => process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), msg: 'slow store query', ms, sql: sql.slice(0, 2000) })}\n`),
  });
  const deps = await prepareDeps(store, config);
  await seedIfEmpty(store, config, (msg) => console.log(`tradeapi: ${msg}`));
  const demo = await ensureDemoKey(store, config);
  const app = await buildApp(deps);
  deps.usage.start();
  const webhookWorker = startWebhookWorker({ ...deps, log: (msg, err) => app.log.error({ err }, msg) });
  const bulkRunner = startBulkRunner({ ...deps, log: (msg, err) => app.log.error({ err }, msg) });
  // Built in the background: aggregates are answered by the store until the copies are ready.
  if (config.aggregateCache) startCubeCache(store, (msg, err) => (err ? app.log.error({ err }, msg) : app.log.info(msg)));
  // With them, the item descriptions that free text on declaration lists searches, and the
  // declarations in value order.
  if (config.aggregateCache) {
    keepItemTexts(store);
    trackWarmUp(warmDeclarationLists(store.db).catch((err: unknown) => app.log.error({ err }, 'preparing the declaration lists failed')));
  }
  // Built on first use otherwise, with the first callers waiting: the company directory (name
  // index and trade sizes).
  trackWarmUp(getDirectory(store.db).catch((err: unknown) => app.log.error({ err }, 'warming the company directory failed')));
  // and the completed shipments behind transit times and delivery performance.
  trackWarmUp(transitTable(store.db).catch((err: unknown) => app.log.error({ err }, 'reading the completed shipments failed')));
  // and the bills of lading behind the bill lists.
  trackWarmUp(billTable(store).catch((err: unknown) => app.log.error({ err }, 'reading the bills of lading failed')));
  // and the tracked shipments behind supply-chain routes, ports and carriers.
  trackWarmUp(shipmentTable(store.db).catch((err: unknown) => app.log.error({ err }, 'reading the tracked shipments failed')));
  // The classifier's tariff index, from REFERENCE_DATA_DIR or ingested lines; classify answers
  // from the shipped catalogue until it is ready.
  tariffIndex(store.db, config.referenceDataDir, (msg, err) => (err ? app.log.error({ err }, msg) : app.log.info(msg)));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: no new connections, finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    // Keep-alive connections busy when closing began turn idle once their request is answered;
    // close them as they do, or the server would wait for clients to hang up.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    await app.close(); // stops accepting, waits for in-flight requests
    clearInterval(sweep);
    await webhookWorker.stop();
    await bulkRunner.stop();
    stopCubeCache(store.db);
    await deps.usage.stop();
    await store.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  console.log(`tradeapi: serving on http://${config.host}:${port} (store: ${store.engine}) in ${Math.round(performance.now() - started)} ms`);
  console.log(`tradeapi: API description http://${config.host}:${port}/v1/openapi.json, interactive docs http://${config.host}:${port}/docs`);
  if (demo) {
    // Printed once, at creation: the secret is stored only as a hash.
    console.log('tradeapi: demo key created (all read scopes). Keep the secret, it is shown only now:');
    console.log(JSON.stringify({ api_key: demo.api_key, api_secret: demo.api_secret, scopes: demo.scopes }));
    console.log(`tradeapi: try  curl -s -X POST http://${config.host}:${port}/v1/auth/token -H 'content-type: application/json' -d '{"api_key":"${demo.api_key}","api_secret":"<secret>"}'`);
  }
}

main().catch((err) => {
  console.error('tradeapi: failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
