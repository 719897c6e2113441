// CPU time of one forecast (every candidate model backtested, the best refitted) over 150
// deterministic synthetic monthly series of 24-63 values, in process. With --out FILE it also writes
// the answers, so two versions of the code can be checked to answer the same.
//   npx tsx bench/forecast-cpu.ts [--out FILE]
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { forecastSeries } from '../src/domain/stats/forecast/select.js';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
let state = 7;
const rnd = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
const series: number[][] = [];
for (let s = 0; s < 150; s++) {
  const n = 24 + Math.floor(rnd() * 40);
  const base = 1e6 * (1 + rnd() * 50);
  const trend = (rnd() - 0.4) * 0.02;
  const amp = rnd() * 0.3;
  series.push(Array.from({ length: n }, (_, t) => Math.max(1, Math.round(base * (1 + trend * t) * (1 + amp * Math.sin((2 * Math.PI * t) / 12)) * (1 + (rnd() - 0.5) * 0.3)))));
}
for (const v of series.slice(0, 20)) forecastSeries(v, { period: 12, horizon: 6 });
const answers: unknown[] = [];
const started = performance.now();
for (const v of series) answers.push(forecastSeries(v, { period: 12, horizon: 6 }));
console.log(`${((performance.now() - started) / series.length).toFixed(2)} ms per forecast (${series.length} series)`);
if (values.out) fs.writeFileSync(values.out, JSON.stringify(answers));
