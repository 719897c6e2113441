// Normal prediction intervals around point forecasts. Trade values cannot be negative, so for a
// series that never was, points and bounds are clipped at zero (the interval then is no longer
// symmetric, which is the honest answer near zero).

import type { FittedModel, ForecastPoint } from './types.js';

/** Standard normal quantiles for central 80 % and 95 % intervals. */
export const Z80 = 1.2815515655446004;
export const Z95 = 1.959963984540054;

export function toPoints(means: readonly number[], variances: readonly number[], nonNegative: boolean): ForecastPoint[] {
  const clip = (x: number) => (nonNegative ? Math.max(0, x) : x);
  return means.map((mean, i) => {
    const v = variances[i] as number;
    const sd = v > 0 && Number.isFinite(v) ? Math.sqrt(v) : 0;
    return {
      step: i + 1,
      value: clip(mean),
      lower80: clip(mean - Z80 * sd),
      upper80: clip(mean + Z80 * sd),
      lower95: clip(mean - Z95 * sd),
      upper95: clip(mean + Z95 * sd),
    };
  });
}

export function isNonNegative(values: readonly number[]): boolean {
  return values.every((v) => v >= 0);
}

/**
 * Points with 80 % and 95 % intervals from a fitted model; `scale` multiplies the standard
 * deviation (1 = the model's own intervals).
 */
export function forecastPoints(fitted: FittedModel, horizon: number, scale = 1): ForecastPoint[] {
  const { mean, variance } = fitted.predict(horizon);
  return toPoints(mean, variance.map((v) => v * scale * scale), fitted.nonNegative);
}
