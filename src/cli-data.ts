// The data commands of the CLI (seed, ingest, verify), kept apart from the service commands.
import { parseArgs } from 'node:util';
import fs from 'node:fs';
import type { Command } from './cli.js';
import { migrate } from './db/migrate.js';
import type { Store } from './db/connect.js';
import { DEFAULT_FILE_BATCH, ingestFile } from './ingest/file.js';
import { FileFormatError, formatOfPath, type FileFormat } from './ingest/parse.js';
import { runHsIngest } from './ingest/hs-codes.js';
import { runTariffIngest } from './ingest/tariff-lines.js';
import { seedCommand } from './synth/seed-command.js';
import { analyticsOf, feedAnalytics, finishFeed, syncAnalytics } from './analytics/registry.js';
import { verifyAnalytics, verifyRollups } from './analytics/verify.js';
import { countLines, startProgress } from './progress.js';

const ingest: Command = {
  summary: 'load declarations from a CSV or NDJSON file: ingest declarations FILE [--batch-size N] [--report FILE]; also ingest hs-codes|hs-concordance|tariff-lines|search-terms FILE',
  usage: 'tradeapi ingest declarations FILE [--format csv|ndjson] [--batch-size N] [--report FILE] [--source NAME] [--parse-thread yes|no]',
  async run(args, ctx) {
    // HS nomenclature and concordance files have their own loader and options.
    if (args[0] === 'hs-codes' || args[0] === 'hs-concordance') return runHsIngest(args, ctx);
    // The classifier's nomenclature lines and search terms (docs/hs-codes.md).
    if (args[0] === 'tariff-lines' || args[0] === 'search-terms') return runTariffIngest(args, ctx);
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        format: { type: 'string' }, 'batch-size': { type: 'string' }, report: { type: 'string' }, source: { type: 'string' },
        'parse-thread': { type: 'string' },
      },
    });
    const [what, file] = positionals;
    if (what !== 'declarations' || !file || positionals.length !== 2) {
      console.error(`usage: ${this.usage}`);
      return 2;
    }
    const format = (values.format ?? formatOfPath(file)) as FileFormat | null;
    if (format !== 'csv' && format !== 'ndjson') {
      console.error('tradeapi: cannot tell the format from the file name; pass --format csv or --format ndjson');
      return 2;
    }
    const batchSize = values['batch-size'] === undefined ? DEFAULT_FILE_BATCH : Number(values['batch-size']);
    if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 100_000) {
      console.error('tradeapi: --batch-size must be a whole number from 1 to 100000');
      return 2;
    }
    // Default: a second thread parses when a core is free (see docs/operations.md).
    const thread = values['parse-thread'];
    if (thread !== undefined && thread !== 'yes' && thread !== 'no') {
      console.error('tradeapi: --parse-thread must be yes or no');
      return 2;
    }
    if (!fs.existsSync(file)) {
      console.error(`tradeapi: no such file: ${file}`);
      return 2;
    }
    const reportPath = values.report ?? `${file}.rejected.jsonl`;
    const store = await ctx.openStore();
    try {
      await migrate(store);
      const started = performance.now();
      // The total is the file's line count (a CSV's header and any quoted line breaks make it an
      // estimate): one pass over the bytes, far cheaper than parsing them.
      const lines = await countLines(file);
      // Into an empty store, the analytic store takes each batch's records as it commits (as the seed does).
      const feed = await feedAnalytics(store.db);
      const bar = startProgress({ label: 'ingest', total: lines, unit: 'rows' });
      let summary;
      try {
        summary = await ingestFile(store, file, {
        format,
        batchSize,
        reportPath,
        ...(values.source ? { source: values.source } : {}),
        ...(thread ? { parseThread: thread === 'yes' } : {}),
        onBatch: (p) => bar.update(p.rows, Math.max(lines, p.rows)),
        ...(feed ? { afterBatches: () => void feed.finish().catch(() => undefined) } : {}),
      });
      } catch (err) {
        await feed?.abandon();
        throw err;
      } finally {
        bar.stop();
      }
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `done: ${summary.rows} rows in ${summary.batches} batches (${summary.replayed_batches} already loaded): ` +
          `${summary.stored} stored, ${summary.duplicates} duplicates, ${summary.rejected} rejected ` +
          `(${Math.round(summary.rows / Math.max(seconds, 1e-9))} rows/s); rejections in ${reportPath}`,
      );
      if (feed) await finishFeed(feed);
      await syncAnalytics(store.db, (m) => console.log(m));
      return 0;
    } catch (err) {
      if (err instanceof FileFormatError) {
        console.error(`tradeapi: ${err.message}`);
        return 2;
      }
      throw err;
    } finally {
      await store.close();
    }
  },
};

/** Runs `work` on the migrated store, closed afterwards whatever happens. */
async function withStore(ctx: Parameters<Command['run']>[1], work: (store: Store) => Promise<number>): Promise<number> {
  const store = await ctx.openStore();
  try {
    await migrate(store);
    return await work(store);
  } finally {
    await store.close();
  }
}

const verify: Command = {
  summary: 'recompute the rollups and the analytic store from the raw records and report any difference',
  usage: 'tradeapi verify',
  run(_args, ctx) {
    return withStore(ctx, async (store) => {
      console.log('recomputing every rollup from the records and comparing it with the analytic store');
      const bar = startProgress({ label: 'verify', total: 1, unit: 'rollup months' });
      let report;
      try {
        report = await verifyRollups(store, { progress: (done, total) => bar.update(done, total) });
      } finally {
        bar.stop();
      }
      for (const t of report.tables) console.log(`  ${t.table}: ${t.rows} rows, ${t.differences} differences`);
      for (const d of report.differences) console.log(JSON.stringify(d));
      console.log('analytic store: declarations and pre-aggregations against the records');
      const checks = await verifyAnalytics(store.db, await analyticsOf(store.db));
      for (const c of checks) {
        console.log(`  ${c.table}: ${c.rows} rows, ${c.differences} differences`);
        for (const e of c.examples) console.log(`    ${e}`);
      }
      const ok = report.ok && checks.every((c) => c.differences === 0);
      console.log(ok ? 'rollups and the analytic store match the records' : 'differences found');
      return ok ? 0 : 1;
    });
  },
};

const analytics: Command = {
  summary: 'rebuild the analytic store from the row store: analytics rebuild',
  usage: 'tradeapi analytics rebuild',
  async run(args, ctx) {
    if (args[0] !== 'rebuild' || args.length !== 1) {
      console.error(`usage: ${this.usage}`);
      return 2;
    }
    return withStore(ctx, async (store) => {
      const started = performance.now();
      const a = await analyticsOf(store.db);
      await a.rebuild();
      console.log(`analytic store rebuilt: ${a.size()} declarations in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      return 0;
    });
  },
};

export const dataCommands: Record<string, Command> = { ingest, verify, analytics, seed: seedCommand };
