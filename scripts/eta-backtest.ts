// ETA backtest over the delivered shipments of a store: each shipment is predicted at its departure
// from the shipments that had arrived by then (see backtestEta), and the report gives the mean
// absolute error and how often the actual arrival fell inside the p10–p90 range.
//
//   npx tsx scripts/eta-backtest.ts [--mode sea|air|road|rail] [--min-sample 8] [--json]
//
// The store is the one DATABASE_URL names (as for the server).
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { openStore } from '../src/db/connect.js';
import { backtestEta, type DeliveredShipment } from '../src/domain/shipments/eta.js';
import { TRACKING_MODES, type TrackingMode } from '../src/domain/shipments/transitions.js';

const { values } = parseArgs({
  options: { mode: { type: 'string' }, 'min-sample': { type: 'string' }, json: { type: 'boolean', default: false } },
});
const mode = values.mode as TrackingMode | undefined;
if (mode !== undefined && !(TRACKING_MODES as readonly string[]).includes(mode)) {
  console.error(`--mode must be one of ${TRACKING_MODES.join(', ')}`);
  process.exit(2);
}
const minSample = values['min-sample'] === undefined ? undefined : Number(values['min-sample']);
if (minSample !== undefined && !(Number.isInteger(minSample) && minSample >= 1)) {
  console.error('--min-sample must be a whole number of at least 1');
  process.exit(2);
}

const config = loadConfig();
const store = await openStore(config.databaseUrl);
try {
  const q = store.db
    .selectFrom('shipments')
    .select(['origin_port', 'destination_port', 'carrier', 'transport_mode', 'actual_departure', 'actual_arrival'])
    .where('actual_departure', 'is not', null)
    .where('actual_arrival', 'is not', null)
    .where('transport_mode', 'in', mode ? [mode] : [...TRACKING_MODES]);
  const rows = await q.execute();
  const delivered: DeliveredShipment[] = rows
    .filter((r) => Date.parse(r.actual_arrival as string) >= Date.parse(r.actual_departure as string))
    .map((r) => ({
      departed_at: r.actual_departure as string,
      arrived_at: r.actual_arrival as string,
      route: `${r.origin_port}>${r.destination_port}`,
      carrier: r.carrier ?? '',
      mode: r.transport_mode as TrackingMode,
    }));
  const started = performance.now();
  const result = backtestEta(delivered, minSample === undefined ? {} : { min_sample: minSample });
  const summary = {
    store: store.engine,
    mode: mode ?? 'all tracked modes',
    shipments: delivered.length,
    evaluated: result.evaluated,
    mae_days: round(result.mae_days),
    bias_days: round(result.bias_days),
    coverage_p10_p90: round(result.coverage_p10_p90, 4),
    by_basis: Object.fromEntries(Object.entries(result.by_basis).map(([k, v]) => [k, { count: v.count, mae_days: round(v.mae_days), coverage_p10_p90: v.coverage_p10_p90 === null ? null : Math.round(v.coverage_p10_p90 * 1e4) / 1e4 }])),
    took_ms: Math.round(performance.now() - started),
  };
  if (values.json) console.log(JSON.stringify(summary, null, 2));
  else {
    console.log(`ETA backtest over ${summary.evaluated} delivered shipments (${summary.mode}, ${summary.store})`);
    console.log(`  MAE ${summary.mae_days} days, bias ${summary.bias_days} days, p10–p90 coverage ${summary.coverage_p10_p90} (target 0.8)`);
    for (const [basis, s] of Object.entries(summary.by_basis)) console.log(`  ${basis}: ${s.count} shipments, MAE ${s.mae_days} days, p10–p90 coverage ${s.coverage_p10_p90}`);
  }
} finally {
  await store.close();
}

function round(v: number | null, digits = 2): number | null {
  return v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits;
}
