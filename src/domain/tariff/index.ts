export { normaliseTariffCode } from './code.js';
export { usdToCents, centsToUsd, percentOf, specificAmount } from './money.js';
export { resolveMeasures } from './resolve.js';
export type {
  CustomsDutyResolution, AdditionalDutyResolution, RemedyResolution, RateResolution,
  SpecialConsumptionTaxResolution, ResolvedMeasures, ResolveOptions, DutyRegime, Result, TariffError,
} from './resolve.js';
export { landedCost, INCOTERMS } from './landed-cost.js';
export type { Incoterm, LandedCost, LandedCostInput, LandedCostLine, LandedCostOptions, LineKind } from './landed-cost.js';
