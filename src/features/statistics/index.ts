// Trade Statistics and Trends family (/v1/statistics): thin routes over the aggregate engine and
// the pure statistics of src/domain/stats.
import type { Operation } from '../../http/operation.js';
import { getStatisticsOverview } from './overview.js';
import { getTradeBalance } from './balance.js';
import { getPartnerRanking } from './partners.js';
import { getProductRanking } from './products.js';
import { getTimeSeries } from './time-series.js';
import { getGrowth } from './growth.js';
import { getMarketShare } from './market-share.js';
import { getConcentration } from './concentration.js';
import { getTrends } from './trends.js';
import { getSeasonality } from './seasonality.js';
import { getForecast } from './forecast.js';

export const statisticsOperations: Operation[] = [
  getStatisticsOverview,
  getTradeBalance,
  getPartnerRanking,
  getProductRanking,
  getTimeSeries,
  getGrowth,
  getMarketShare,
  getConcentration,
  getTrends,
  getSeasonality,
  getForecast,
];
