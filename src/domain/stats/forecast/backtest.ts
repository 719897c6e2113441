// Rolling-origin evaluation: fit on the first o values, forecast h ahead, compare with what
// happened, for every origin o from n − k to n − h. Errors are reported as
//   MASE  mean absolute error scaled, per origin, by the in-sample MAE of the seasonal naive
//         forecast (period m) on that origin's training data; m = 1 when it holds fewer than 2m values,
//   sMAPE mean of 200·|y − f| / (|y| + |f|), in percent (0–200), a pair of zeros counting as 0,
//   coverage  the fraction of actual values inside the 80 % and 95 % intervals,
//   error ratio  root mean square of (error / forecast standard deviation): about 1 when the model's
//         stated uncertainty matches its real out-of-sample errors, above 1 when it is overconfident.

import { toPoints } from './intervals.js';
import type { ModelSpec } from './types.js';

export interface BacktestOptions {
  period: number;
  /** Steps forecast from each origin. */
  horizon: number;
  /** Origins run from n − k to n − horizon; k ≥ horizon. */
  k: number;
}

export interface BacktestResult {
  /** Null when the model could not be fitted at some origin, or the scale is zero with errors left. */
  mase: number | null;
  smape: number | null;
  coverage80: number | null;
  coverage95: number | null;
  /** Null when no forecast had a positive variance. */
  errorRatio: number | null;
  origins: number;
  horizon: number;
}

/** In-sample MAE of the seasonal naive forecast, the MASE denominator. */
export function naiveScale(train: readonly number[], period: number): number {
  const m = train.length >= 2 * period ? period : 1;
  let s = 0;
  let count = 0;
  for (let t = m; t < train.length; t++) {
    s += Math.abs((train[t] as number) - (train[t - m] as number));
    count++;
  }
  return count > 0 ? s / count : 0;
}

export function backtest(values: readonly number[], model: ModelSpec, opts: BacktestOptions): BacktestResult {
  const n = values.length;
  const { horizon: h, k, period } = opts;
  if (!Number.isInteger(h) || h < 1 || !Number.isInteger(k) || k < h || k > n) throw new RangeError('need 1 ≤ horizon ≤ k ≤ n');
  const empty: BacktestResult = { mase: null, smape: null, coverage80: null, coverage95: null, errorRatio: null, origins: 0, horizon: h };

  let scaledSum = 0;
  let scaleUndefined = false;
  let smapeSum = 0;
  let in80 = 0;
  let in95 = 0;
  let count = 0;
  let z2Sum = 0;
  let z2Count = 0;
  let origins = 0;
  let warmStart: readonly number[] | undefined;
  for (let o = n - k; o <= n - h; o++) {
    const train = values.slice(0, o);
    if (train.length < model.minTrain(period)) return empty;
    // Consecutive origins differ by one value, so each fit starts where the previous one ended.
    const fitted = model.fit(train, period, warmStart);
    if (fitted === null) return empty;
    warmStart = fitted.warmStart;
    const scale = naiveScale(train, period);
    const { mean, variance } = fitted.predict(h);
    for (const p of toPoints(mean, variance, fitted.nonNegative)) {
      const y = values[o + p.step - 1] as number;
      const v = variance[p.step - 1] as number;
      if (v > 0) {
        const z = (y - (mean[p.step - 1] as number)) / Math.sqrt(v);
        z2Sum += z * z;
        z2Count++;
      }
      const err = Math.abs(y - p.value);
      if (scale > 0) scaledSum += err / scale;
      else if (err > 0) scaleUndefined = true;
      const denom = Math.abs(y) + Math.abs(p.value);
      smapeSum += denom > 0 ? (200 * err) / denom : 0;
      if (y >= p.lower80 && y <= p.upper80) in80++;
      if (y >= p.lower95 && y <= p.upper95) in95++;
      count++;
    }
    origins++;
  }
  if (count === 0) return empty;
  return {
    mase: scaleUndefined ? null : scaledSum / count,
    smape: smapeSum / count,
    coverage80: in80 / count,
    coverage95: in95 / count,
    errorRatio: z2Count > 0 ? Math.sqrt(z2Sum / z2Count) : null,
    origins,
    horizon: h,
  };
}
