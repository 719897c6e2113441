// `tradeapi seed`: the deterministic synthetic dataset, with an optional calibration report.
import { feedAnalytics, finishFeed, syncAnalytics } from '../analytics/registry.js';
import { parseArgs } from 'node:util';
import type { Command } from '../cli.js';
import { migrate } from '../db/migrate.js';
import { defaultPeriod, formatYearMonth, parseYearMonth } from './calendar.js';
import { formatReport } from './calibration.js';
import { DEFAULT_SEED_BATCH, seedStore, StoreNotEmptyError } from './seed.js';
import { startProgress } from '../progress.js';

export const seedCommand: Command = {
  summary: 'generate the synthetic dataset: seed --declarations N --seed S [--from YYYY-MM --to YYYY-MM] [--report] [--append]',
  usage: 'tradeapi seed --declarations N --seed S [--from YYYY-MM --to YYYY-MM] [--report] [--append] [--batch-size N] [--generate-thread yes|no]',
  async run(args, ctx) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        declarations: { type: 'string' }, seed: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' },
        report: { type: 'boolean' }, append: { type: 'boolean' }, 'batch-size': { type: 'string' }, 'generate-thread': { type: 'string' },
      },
    });
    const whole = (v: string | undefined, fallback: number, name: string, min: number) => {
      if (v === undefined) return fallback;
      if (!/^\d+$/.test(v) || Number(v) < min) throw new Error(`--${name} must be a whole number ≥ ${min}`);
      return Number(v);
    };
    if (positionals.length) {
      console.error(`usage: ${this.usage}`);
      return 2;
    }
    let declarations: number, seed: number, batchSize: number;
    try {
      declarations = whole(values.declarations, ctx.config.seedDeclarations, 'declarations', 1);
      seed = whole(values.seed, ctx.config.seedValue, 'seed', 0);
      batchSize = whole(values['batch-size'], DEFAULT_SEED_BATCH, 'batch-size', 1);
    } catch (err) {
      console.error(`tradeapi: ${(err as Error).message}`);
      return 2;
    }
    // Default: a second thread generates when the seed has several batches and a core is free.
    const thread = values['generate-thread'];
    if (thread !== undefined && thread !== 'yes' && thread !== 'no') {
      console.error('tradeapi: --generate-thread must be yes or no');
      return 2;
    }
    const period = defaultPeriod(new Date());
    const from = values.from === undefined ? period.from : parseYearMonth(values.from);
    const to = values.to === undefined ? period.to : parseYearMonth(values.to);
    if (!from || !to || from.period > to.period) {
      console.error('tradeapi: --from and --to must be months YYYY-MM with --from not after --to');
      return 2;
    }
    const store = await ctx.openStore();
    try {
      await migrate(store);
      console.log(`seeding ${declarations} declarations, seed ${seed}, ${formatYearMonth(from)}..${formatYearMonth(to)}`);
      // Into an empty store, the analytic store takes each batch's records as it commits, instead
      // of reading them all back from the row store once the seed is done.
      const feed = values.append ? null : await feedAnalytics(store.db);
      const bar = startProgress({ label: 'seed', total: declarations, unit: 'declarations' });
      let s;
      try {
        s = await seedStore(store, {
          seed, declarations, from, to, append: values.append ?? false, batchSize, log: (m) => console.log(m), progress: (n) => bar.update(n),
          ...(thread ? { thread: thread === 'yes' } : {}),
          // The analytic store's sums start once the batches are in, while the row store builds its indexes.
          ...(feed ? { afterBatches: () => void feed.finish().catch(() => undefined) } : {}),
        });
      } catch (err) {
        await feed?.abandon();
        throw err;
      } finally {
        bar.stop();
      }
      console.log(
        `done in ${(s.ms / 1000).toFixed(1)} s: ${s.declarations} declarations stored (${s.duplicates} duplicates, ${s.rejected} rejected), ` +
          `${s.companies} companies, ${s.contacts} contacts, ${s.bills_of_lading} bills of lading, ${s.containers} containers, ` +
          `${s.shipments} shipments, ${s.shipment_events} events`,
      );
      if (feed) await finishFeed(feed);
      await syncAnalytics(store.db, (m) => console.log(m));
      if (values.report) console.log(`\n${formatReport(s.calibration.rows())}`);
      return 0;
    } catch (err) {
      if (err instanceof StoreNotEmptyError) {
        console.error(`tradeapi: ${err.message}`);
        return 1;
      }
      throw err;
    } finally {
      await store.close();
    }
  },
};
