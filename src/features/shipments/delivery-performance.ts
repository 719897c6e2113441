import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { deliveryPerformance } from '../../domain/shipments/transit-stats.js';
import { FilterQuery, GroupKeyFields, GroupParams, transitFilter, transitGroups } from './transit-times.js';
import { delayDays } from './transit-table.js';

const Num = Type.Union([Type.Number(), Type.Null()]);
const round = (v: number | null, digits = 2) => (v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits);

export const getDeliveryPerformance = defineOperation({
  method: 'GET',
  url: '/v1/shipments/delivery-performance',
  operationId: 'getShipmentDeliveryPerformance',
  tag: 'Shipment Tracking',
  summary: 'On-time share and delays by carrier, route or port',
  description:
    'Over arrived shipments that had a planned arrival. On time: arrived no later than the plan plus `tolerance_hours` (default 24, boundary included). ' +
    '`mean_delay_days` counts early arrivals as negative, `mean_lateness_days` as zero. `group_by` defaults to `carrier`. Sorted by count, largest first.',
  scope: 'shipments:read',
  querystring: Type.Object(
    {
      ...FilterQuery,
      ...GroupParams,
      tolerance_hours: Type.Optional(Type.Number({ minimum: 0, maximum: 720, default: 24 })),
    },
    { additionalProperties: false },
  ),
  data: Type.Object({
    ...GroupKeyFields,
    count: Type.Integer(),
    on_time: Type.Integer(),
    late: Type.Integer(),
    on_time_share: Num,
    mean_delay_days: Num,
    mean_lateness_days: Num,
    p90_delay_days: Num,
  }),
  async handle({ query }, { deps }) {
    const filter = transitFilter(query);
    const group = query.group_by ?? 'carrier';
    const tolerance = query.tolerance_hours ?? 24;
    const { groups, shipments } = await transitGroups(deps.store.db, filter, group, delayDays, query.min_count ?? 1, query.top ?? 100);
    const data = groups.map(({ key, days }) => {
      const s = deliveryPerformance(days, tolerance);
      return {
        ...key,
        count: s.count,
        on_time: s.on_time,
        late: s.late,
        on_time_share: round(s.on_time_share, 4),
        mean_delay_days: round(s.mean_delay_days),
        mean_lateness_days: round(s.mean_lateness_days),
        p90_delay_days: round(s.p90_delay_days),
      };
    });
    return { data, meta: { query: { ...filter, group_by: group, tolerance_hours: tolerance }, shipments } };
  },
});
