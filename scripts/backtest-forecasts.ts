// Out-of-sample accuracy of the forecasts over every HS chapter × flow monthly series of a dataset:
//   npx tsx scripts/backtest-forecasts.ts [--database-url URL] [--declarations N --seed S --from YYYY-MM --to YYYY-MM]
//                                         [--horizon 12] [--origins 4] [--step 3] [--json]
// Without --database-url a temporary SQLite file is seeded with `tradeapi seed` first.
//
// Two measurements per series:
//  - selection backtest: what GET /v1/statistics/forecast reports (the rolling-origin backtest the
//    model was chosen on), for the chosen model and for the seasonal naive candidate;
//  - held out: the last `origins` cut points (every `step` months, the latest `horizon` months before
//    the end), at each of which the whole procedure (selection included) sees only the data before
//    the cut and forecasts `horizon` months; errors are scaled like MASE by the in-sample seasonal naive
//    error of that training data, and the share of actual values inside the 80 % / 95 % intervals is
//    pooled over every forecast point. Seasonal naive is held out the same way.
import { parseArgs } from 'node:util';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openStore } from '../src/db/connect.js';
import { aggregate } from '../src/features/shared/aggregate.js';
import { parseFilters } from '../src/features/shared/filters.js';
import { forecastSeries, minimumLength } from '../src/domain/stats/index.js';
import { naiveScale } from '../src/domain/stats/forecast/backtest.js';
import { fitSeasonalNaive } from '../src/domain/stats/forecast/naive.js';
import { forecastPoints } from '../src/domain/stats/forecast/intervals.js';
import type { ForecastPoint } from '../src/domain/stats/forecast/types.js';
import { monthIndex, periodsOf } from '../src/features/statistics/periods.js';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' }, declarations: { type: 'string' }, seed: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' },
    horizon: { type: 'string' }, origins: { type: 'string' }, step: { type: 'string' }, json: { type: 'boolean' },
  },
});
const H = Number(args.horizon ?? 12);
const ORIGINS = Number(args.origins ?? 4);
const STEP = Number(args.step ?? 3);

let url = args['database-url'];
let tmp: string | null = null;
if (!url) {
  tmp = mkdtempSync(path.join(tmpdir(), 'backtest-'));
  url = `sqlite:${path.join(tmp, 'demo.sqlite')}`;
  const seedArgs = ['tsx', 'src/cli.ts', 'seed', '--declarations', args.declarations ?? '100000', '--seed', args.seed ?? '7', '--from', args.from ?? '2019-01', '--to', args.to ?? '2024-12'];
  console.error(`seeding: npx ${seedArgs.join(' ')}`);
  const r = spawnSync('npx', seedArgs, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length === 0 ? NaN : s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

interface Held {
  mase: number[];
  in80: number;
  in95: number;
  points: number;
}
const held = (): Held => ({ mase: [], in80: 0, in95: 0, points: 0 });

function score(h: Held, train: number[], actual: number[], pts: ForecastPoint[]): number | null {
  const scale = naiveScale(train, 12);
  let abs = 0;
  pts.forEach((p, i) => {
    const y = actual[i] as number;
    abs += Math.abs(y - p.value);
    if (y >= p.lower80 && y <= p.upper80) h.in80++;
    if (y >= p.lower95 && y <= p.upper95) h.in95++;
    h.points++;
  });
  return scale > 0 ? abs / pts.length / scale : null;
}

const store = await openStore(url);
const started = performance.now();
try {
  const f = parseFilters({});
  const res = await aggregate(store.db, { filters: f, groupBy: ['flow', 'hs', 'period'], metrics: ['value_usd'], hsLevel: 2, freq: 'month', maxRows: 10_000_000 });
  const periods = res.rows.map((r) => String(r.period)).sort();
  const months = periodsOf({ from: `${periods[0]}-01`, to: `${periods[periods.length - 1]}-28` }, 'month');
  const series = new Map<string, number[]>();
  for (const r of res.rows) {
    const key = `${r.flow} ${r.hs_code}`;
    const values = series.get(key) ?? new Array<number>(months.length).fill(0);
    values[monthIndex(`${r.period}-01`) - monthIndex(`${months[0]}-01`)] = Number(r.value_usd);
    series.set(key, values);
  }

  const chosen = held();
  const snaive = held();
  const selection = { chosen: [] as number[], snaive: [] as number[] };
  const models = new Map<string, number>();
  let skipped = 0;
  let evaluated = 0;
  for (const [, all] of [...series].sort()) {
    const first = all.findIndex((v) => v !== 0);
    const values = all.slice(first);
    const full = forecastSeries(values, { period: 12, horizon: H });
    if (full.status !== 'ok') {
      skipped++;
      continue;
    }
    evaluated++;
    models.set(full.model, (models.get(full.model) ?? 0) + 1);
    if (full.backtest.mase !== null) selection.chosen.push(full.backtest.mase);
    const sn = full.candidates.find((c) => c.model === 'seasonal_naive')?.mase;
    if (sn !== null && sn !== undefined) selection.snaive.push(sn);

    const perChosen: number[] = [];
    const perNaive: number[] = [];
    for (let j = 0; j < ORIGINS; j++) {
      const o = values.length - H - j * STEP;
      if (o < minimumLength(12)) break;
      const train = values.slice(0, o);
      const actual = values.slice(o, o + H);
      const fc = forecastSeries(train, { period: 12, horizon: H });
      if (fc.status !== 'ok') continue;
      const a = score(chosen, train, actual, fc.points);
      const b = score(snaive, train, actual, forecastPoints(fitSeasonalNaive(train, 12), H));
      if (a !== null && b !== null) {
        perChosen.push(a);
        perNaive.push(b);
      }
    }
    if (perChosen.length) {
      chosen.mase.push(perChosen.reduce((s, x) => s + x, 0) / perChosen.length);
      snaive.mase.push(perNaive.reduce((s, x) => s + x, 0) / perNaive.length);
    }
  }

  const wins = chosen.mase.filter((m, i) => m < (snaive.mase[i] as number)).length;
  const pct = (n: number, d: number) => (d ? ((100 * n) / d).toFixed(1) : 'n/a');
  const summary = {
    dataset: { url: tmp ? '(temporary seeded SQLite)' : url, months: months.length, from: months[0], to: months[months.length - 1], series: series.size, evaluated, skipped_insufficient: skipped },
    horizon: H,
    origins: ORIGINS,
    step: STEP,
    selection_backtest: { median_mase_chosen: median(selection.chosen), median_mase_seasonal_naive: median(selection.snaive) },
    held_out: {
      series: chosen.mase.length,
      median_mase_chosen: median(chosen.mase),
      median_mase_seasonal_naive: median(snaive.mase),
      chosen_better_in: wins,
      coverage80_chosen: Number(pct(chosen.in80, chosen.points)),
      coverage95_chosen: Number(pct(chosen.in95, chosen.points)),
      coverage80_seasonal_naive: Number(pct(snaive.in80, snaive.points)),
      coverage95_seasonal_naive: Number(pct(snaive.in95, snaive.points)),
      points: chosen.points,
    },
    models: Object.fromEntries([...models].sort((a, b) => b[1] - a[1])),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  if (args.json) console.log(JSON.stringify(summary, null, 2));
  else {
    const h = summary.held_out;
    const fmt = (x: number) => x.toFixed(3);
    console.log(`Series: ${series.size} HS chapter × flow monthly series, ${months[0]}..${months[months.length - 1]}; ${evaluated} forecastable, ${skipped} too short or sparse`);
    console.log(`Horizon ${H} months; held out at ${ORIGINS} origins ${STEP} months apart (${h.points} forecast points)\n`);
    console.log('| measure | chosen model | seasonal naive |');
    console.log('|---|---|---|');
    console.log(`| median MASE, held out | ${fmt(h.median_mase_chosen)} | ${fmt(h.median_mase_seasonal_naive)} |`);
    console.log(`| median MASE, selection backtest | ${fmt(summary.selection_backtest.median_mase_chosen)} | ${fmt(summary.selection_backtest.median_mase_seasonal_naive)} |`);
    console.log(`| 80 % interval coverage, held out | ${h.coverage80_chosen} % | ${h.coverage80_seasonal_naive} % |`);
    console.log(`| 95 % interval coverage, held out | ${h.coverage95_chosen} % | ${h.coverage95_seasonal_naive} % |`);
    console.log(`\nChosen model better than seasonal naive (held-out MASE) in ${wins} of ${h.series} series.`);
    console.log(`Models chosen: ${Object.entries(summary.models).map(([m, c]) => `${m} ${c}`).join(', ')}`);
    console.log(`(${summary.seconds} s)`);
  }
} finally {
  await store.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}
