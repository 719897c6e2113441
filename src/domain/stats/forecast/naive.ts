// Benchmarks every other model has to beat. Variances are the textbook ones (Hyndman &
// Athanasopoulos, FPP3 §5.5): h·σ² for the random walk, (k + 1)·σ² for seasonal naive where k is
// the number of whole years inside the horizon, with σ² the mean squared in-sample residual.

import { isNonNegative } from './intervals.js';
import type { FittedModel, ModelSpec } from './types.js';

function meanSquaredLagDiff(values: readonly number[], lag: number): number {
  let ss = 0;
  let count = 0;
  for (let t = lag; t < values.length; t++) {
    const d = (values[t] as number) - (values[t - lag] as number);
    ss += d * d;
    count++;
  }
  return count > 0 ? ss / count : 0;
}

export function fitNaive(values: readonly number[]): FittedModel {
  if (values.length < 1) throw new RangeError('naive needs at least one value');
  const last = values[values.length - 1] as number;
  const sigma2 = meanSquaredLagDiff(values, 1);
  const nonNegative = isNonNegative(values);
  return {
    model: 'naive',
    nonNegative,
    predict(horizon) {
      const mean = Array.from({ length: horizon }, () => last);
      return { mean, variance: mean.map((_, i) => (i + 1) * sigma2) };
    },
  };
}

export function fitSeasonalNaive(values: readonly number[], period: number): FittedModel {
  const n = values.length;
  if (n < period) throw new RangeError(`seasonal naive needs at least ${period} values`);
  const sigma2 = meanSquaredLagDiff(values, period);
  const nonNegative = isNonNegative(values);
  return {
    model: 'seasonal_naive',
    nonNegative,
    predict(horizon) {
      const mean: number[] = [];
      const variance: number[] = [];
      for (let h = 1; h <= horizon; h++) {
        const k = Math.floor((h - 1) / period);
        mean.push(values[n + h - period * (k + 1) - 1] as number);
        variance.push((k + 1) * sigma2);
      }
      return { mean, variance };
    },
  };
}

export const naive: ModelSpec = {
  name: 'naive',
  seasonal: false,
  minTrain: () => 2,
  accepts: () => true,
  fit: (values) => fitNaive(values),
};

export const seasonalNaive: ModelSpec = {
  name: 'seasonal_naive',
  seasonal: true,
  minTrain: (period) => period + 1,
  accepts: () => true,
  fit: (values, period) => fitSeasonalNaive(values, period),
};
