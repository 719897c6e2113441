// GET /v1/trade/aggregate — the cube: any combination of the contract's group fields and metrics
// over the common filters, answered by the one aggregate engine.
import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { badParam } from '../../http/errors.js';
import { FilterParams, parseFilters, echoFilters } from '../shared/filters.js';
import { aggregate } from '../shared/aggregate.js';
import { sourceMeta } from '../shared/source-meta.js';
import { CUBE_METRICS, FreqParam, GROUP_FIELDS, HsLevelParam, SortParam, TopParam, cubeColumns, parseGroupBy, parseMetrics, parseSort } from './cube-params.js';
import { FlowParam, METRIC_FIELDS, rowSchema } from './params.js';
import { withNames } from './enrich.js';

// A JSON answer without `top` is a page of the largest groups, at most the contract's page size;
// a download streams every group (up to a bound that keeps one request's memory in check).
const MAX_GROUPS = 1_000;
const MAX_DOWNLOAD_GROUPS = 1_000_000;

export const tradeAggregate = defineOperation({
  method: 'GET',
  url: '/v1/trade/aggregate',
  operationId: 'tradeAggregate',
  tag: 'Trade Data',
  summary: 'Cube query: group by any of period, flow, HS depth, country, port, office, mode, incoterm, company',
  description:
    `\`group_by\`: comma list of ${GROUP_FIELDS.join(', ')} (hsN groups by the first N digits of the GTİP; one HS depth per query). ` +
    `\`metrics\`: comma list of ${CUBE_METRICS.join(', ')} (default value_usd,net_weight_kg,records). ` +
    '`sort`: a metric, `share` or a group field (`hs_code`, `company_id`, …), `-` for descending; default value descending (periods ascending when grouped by period). ' +
    `\`top\`: keep the first N groups. Without \`top\` at most ${MAX_GROUPS} groups are returned and \`meta.truncated\` says whether more exist; ` +
    '`format=csv|ndjson` streams every group. ' +
    'Every row carries its group fields, the metrics and `share` of the filtered total value; `meta.totals` holds the metrics over all groups. ' +
    'Any value outside these lists is a 400 naming the accepted values.',
  scope: 'trade:read',
  download: true,
  querystring: Type.Object(
    {
      ...FilterParams,
      flow: FlowParam,
      group_by: Type.Optional(Type.String({ maxLength: 300, description: `Comma list of ${GROUP_FIELDS.join(', ')}` })),
      metrics: Type.Optional(Type.String({ maxLength: 300, description: `Comma list of ${CUBE_METRICS.join(', ')}` })),
      freq: FreqParam,
      hs_level: HsLevelParam,
      sort: SortParam,
      top: TopParam,
      format: FormatParam,
    },
    { additionalProperties: false },
  ),
  data: rowSchema({
    period: 'YYYY-MM, YYYY-Qn or YYYY', flow: 'import or export', hs_code: 'HS/GTİP prefix of the group depth', country: 'Partner country, alpha-2',
    country_name: 'English name', port: 'UN/LOCODE', customs_office: 'Office code', transport_mode: 'Mode', incoterm: 'Incoterms code (null when none declared)',
    company_id: 'Turkish trader', company_name: 'Its name', ...METRIC_FIELDS,
  }),
  async handle({ query }, { deps, req }) {
    const filters = parseFilters(query, query.flow ?? null);
    const { groupBy, hsLevel } = parseGroupBy(query.group_by, query.hs_level);
    const metrics = parseMetrics(query.metrics, ['value_usd', 'net_weight_kg', 'records']);
    if (query.freq !== undefined && !groupBy.includes('period')) throw badParam('freq', 'applies only when group_by includes period');
    const sort = parseSort(query.sort, groupBy, metrics);
    const db = deps.store.db;
    const download = wantsDownload(req) !== null;
    const result = await aggregate(db, {
      filters, groupBy, metrics, freq: query.freq ?? 'month', hsLevel, top: query.top ?? null, sort, maxRows: download ? MAX_DOWNLOAD_GROUPS : MAX_GROUPS,
    });
    const rows = await withNames(db, result.rows);
    if (download) {
      return { columns: cubeColumns(groupBy, metrics), rows: (async function* () { yield* rows; })(), filename: 'trade-aggregate' };
    }
    return {
      data: rows,
      meta: {
        totals: result.totals,
        truncated: result.truncated,
        source: { ...(await sourceMeta(db)), table: result.source },
        query: {
          ...echoFilters(filters),
          group_by: query.group_by ?? null,
          metrics,
          ...(groupBy.includes('period') ? { freq: query.freq ?? 'month' } : {}),
          ...(hsLevel !== undefined ? { hs_level: hsLevel } : {}),
          sort: query.sort ?? null,
          top: query.top ?? null,
        },
      },
    };
  },
});
