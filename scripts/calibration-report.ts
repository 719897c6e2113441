// Prints the calibration table for a generated dataset without touching a store:
//   npx tsx scripts/calibration-report.ts [--declarations N] [--seed S] [--from YYYY-MM --to YYYY-MM]
// `tradeapi seed --report` prints the same table for the data it stores.
import { parseArgs } from 'node:util';
import { generate } from '../src/synth/generate.js';
import { Calibration, formatReport } from '../src/synth/calibration.js';
import { defaultPeriod, parseYearMonth } from '../src/synth/calendar.js';

const { values } = parseArgs({
  options: { declarations: { type: 'string' }, seed: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } },
});
const period = defaultPeriod(new Date());
const from = values.from ? parseYearMonth(values.from) : period.from;
const to = values.to ? parseYearMonth(values.to) : period.to;
if (!from || !to || from.period > to.period) {
  console.error('--from and --to must be months YYYY-MM with --from not after --to');
  process.exit(2);
}
const cal = new Calibration();
const started = performance.now();
for (const g of generate({ seed: Number(values.seed ?? 1), declarations: Number(values.declarations ?? 50_000), from, to })) cal.add(g.drawn.record);
console.log(formatReport(cal.rows()));
console.error(`${cal.count} declarations generated in ${Math.round(performance.now() - started)} ms`);
