// The statistics used by the Trade Statistics and Trends family, in one import.

export * from './growth.js';
export * from './concentration.js';
export * from './quantiles.js';
export * from './seasonality.js';
export * from './anomalies.js';
export * from './trends.js';
export { forecastSeries, minimumLength, planBacktest, MAX_ZERO_SHARE } from './forecast/select.js';
export type { ForecastOptions, ForecastResult, ForecastSuccess, ForecastInsufficient, Period } from './forecast/select.js';
export type { ForecastPoint } from './forecast/types.js';
