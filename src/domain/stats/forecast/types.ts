// Shapes shared by the forecasting models, the backtest and model selection.

export interface ForecastPoint {
  /** 1 = the first period after the last observation. */
  step: number;
  value: number;
  lower80: number;
  upper80: number;
  lower95: number;
  upper95: number;
}

/** Point forecasts and forecast-error variances for steps 1..horizon. */
export interface Prediction {
  mean: number[];
  variance: number[];
}

/** A model fitted to one series, ready to forecast from its end. */
export interface FittedModel {
  model: string;
  /** True when the series never went below zero: forecasts and bounds are then clipped at 0. */
  nonNegative: boolean;
  predict(horizon: number): Prediction;
  /** The optimiser's solution, to start the next fit from in a backtest (absent for naive models). */
  warmStart?: readonly number[];
}

/** A forecasting method: how much history it needs and how to fit it. */
export interface ModelSpec {
  name: string;
  /** Whether the method models a seasonal cycle (and so has no meaning for yearly data). */
  seasonal: boolean;
  /** Fewest observations `fit` accepts for this seasonal period. */
  minTrain(period: number): number;
  /** Whether the method can run on these values at all (multiplicative models need positive data). */
  accepts(values: readonly number[]): boolean;
  /**
   * Null when the fit is impossible (e.g. a multiplicative state turned non-positive). `warmStart`
   * is a previous fit's solution on almost the same data, which makes the search much shorter.
   */
  fit(values: readonly number[], period: number, warmStart?: readonly number[]): FittedModel | null;
}
