import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { AgingMap } from '../shared/aging-map.js';
import { memoOver, sourceMemoKey, type SourceMemoKey } from '../shared/source-memo.js';
import { defineOperation } from '../../http/operation.js';
import { transitStats } from '../../domain/shipments/transit-stats.js';
import type { TransitFilter } from './queries.js';
import { CarrierParam, PortParam, TransportModeParam, port, range } from './params.js';
import { TRANSIT_GROUPS, delayDays, groupingOf, selectTransits, transitDays, transitTable, type GroupKey, type Measure, type TransitGroup, type TransitTable } from './transit-table.js';

/** Grouping parameters shared by transit times and delivery performance. */
export const GroupParams = {
  group_by: Type.Optional(Type.Unsafe<TransitGroup>({ type: 'string', enum: [...TRANSIT_GROUPS] })),
  min_count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  top: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
};

/** The key fields of a grouped row (null where the grouping leaves them out). */
export const GroupKeyFields = {
  origin_port: Type.Union([Type.String(), Type.Null()]),
  destination_port: Type.Union([Type.String(), Type.Null()]),
  carrier: Type.Union([Type.String(), Type.Null()]),
};

type Answer = { groups: { key: GroupKey; days: number[] }[]; shipments: number };

/**
 * The completed shipments the filter keeps, grouped, with one measure in days per shipment (null:
 * the shipment is left out): the `top` groups of at least `minCount` shipments, largest first,
 * ties in the order of their key fields as JSON (the order the contract has always given).
 */
export async function transitGroups(
  db: Kysely<DB>,
  f: TransitFilter,
  group: TransitGroup,
  measure: Measure,
  minCount: number,
  top: number,
): Promise<Answer> {
  const t = await transitTable(db);
  // The same question comes back (dashboards, paging through groupings): answers are kept with
  // the table they were computed from, so a new table starts empty. Callers must not change them.
  const memo = answersFor(db, t, measure);
  const key = JSON.stringify([f, group, minCount, top]);
  const known = memo.get(key);
  if (known) return known;
  const answer = groupTransits(t, f, group, measure, minCount, top);
  memo.set(key, answer);
  return answer;
}

// Bounded in bytes, per measure: an answer holds the days of every shipment in the groups it shows.
const MEMO_BYTES = 16 * 1024 * 1024;

function answerBytes(a: Answer): number {
  let n = 64;
  for (const g of a.groups) n += 160 + 8 * g.days.length;
  return n;
}

// One memo per measure the operations use, each over the table its answers came from.
const ANSWERS = new Map<Measure, SourceMemoKey<Answer>>([
  [transitDays, sourceMemoKey<Answer>('transit times', Infinity, MEMO_BYTES, answerBytes)],
  [delayDays, sourceMemoKey<Answer>('delivery delays', Infinity, MEMO_BYTES, answerBytes)],
]);

/** The store's answers over table `t` for one measure. */
function answersFor(db: Kysely<DB>, t: TransitTable, measure: Measure): AgingMap<Answer> {
  const key = ANSWERS.get(measure);
  if (!key) throw new Error('transit answers: a measure without a memo');
  return memoOver(db, key, t);
}

function groupTransits(t: TransitTable, f: TransitFilter, group: TransitGroup, measure: Measure, minCount: number, top: number): Answer {
  const rows = selectTransits(t, f);
  const g = groupingOf(t, group);
  // Route-and-carrier groups run to thousands: count first, then gather durations only for the
  // groups shown.
  const counts = new Int32Array(g.keys.length);
  const seen: number[] = [];
  const kept = new Int32Array(rows.length);
  const days = new Float64Array(rows.length);
  let shipments = 0;
  for (let j = 0; j < rows.length; j++) {
    const i = rows[j]!;
    const d = measure(t, i);
    if (d === null) continue;
    const gid = g.gid[i]!;
    const before = counts[gid]!;
    counts[gid] = before + 1;
    if (before === 0) seen.push(gid);
    kept[shipments] = gid;
    days[shipments++] = d;
  }
  // Largest first, then key order, as one number per group: a native sort, no comparator calls.
  const G = g.keys.length;
  const big = shipments + 1;
  const ranked = new Float64Array(seen.length);
  let m = 0;
  for (const gid of seen) if (counts[gid]! >= minCount) ranked[m++] = (big - counts[gid]!) * G + g.order[gid]!;
  const sorted = ranked.subarray(0, m).sort();
  const shown: number[] = [];
  for (let r = 0; r < Math.min(m, top); r++) shown.push(g.byOrder[sorted[r]! % G]!);
  const slot = new Int32Array(g.keys.length).fill(-1);
  const out = shown.map((gid, s) => {
    slot[gid] = s;
    return { key: g.keys[gid]!, days: [] as number[] };
  });
  for (let j = 0; j < shipments; j++) {
    const s = slot[kept[j]!]!;
    if (s >= 0) out[s]!.days.push(days[j]!);
  }
  return { groups: out, shipments };
}

export const FilterQuery = {
  origin_port: PortParam,
  destination_port: PortParam,
  carrier: CarrierParam,
  transport_mode: TransportModeParam,
  from: Type.Optional(Type.String({ maxLength: 30, description: 'Departures from this date (YYYY-MM-DD or YYYY-MM, inclusive)' })),
  to: Type.Optional(Type.String({ maxLength: 30, description: 'Departures up to this date (inclusive)' })),
};

export function transitFilter(q: { origin_port?: string; destination_port?: string; carrier?: string; transport_mode?: string; from?: string; to?: string }): TransitFilter {
  const r = range('from', q.from, 'to', q.to);
  return {
    origin_port: port('origin_port', q.origin_port),
    destination_port: port('destination_port', q.destination_port),
    carrier: q.carrier?.trim(),
    transport_mode: q.transport_mode,
    from: r.from,
    to: r.to,
  };
}

const Days = Type.Union([Type.Number(), Type.Null()]);
const round = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);

export const getTransitTimes = defineOperation({
  method: 'GET',
  url: '/v1/shipments/transit-times',
  operationId: 'getShipmentTransitTimes',
  tag: 'Shipment Tracking',
  summary: 'Transit-time statistics (p50, p90, count) per route and carrier',
  description:
    'Departure to arrival at destination, in days, over shipments that have both. `group_by` chooses the key (default `route_carrier`); ' +
    'quantiles are linear interpolation (type 7). Groups with fewer than `min_count` shipments are left out. Sorted by count, largest first.',
  scope: 'shipments:read',
  querystring: Type.Object(
    {
      ...FilterQuery,
      ...GroupParams,
    },
    { additionalProperties: false },
  ),
  data: Type.Object({
    ...GroupKeyFields,
    count: Type.Integer(),
    mean_days: Days,
    p10_days: Days,
    p50_days: Days,
    p90_days: Days,
    min_days: Days,
    max_days: Days,
  }),
  async handle({ query }, { deps }) {
    const filter = transitFilter(query);
    const group = query.group_by ?? 'route_carrier';
    const { groups, shipments } = await transitGroups(deps.store.db, filter, group, transitDays, query.min_count ?? 1, query.top ?? 100);
    const data = groups.map(({ key, days }) => {
      const s = transitStats(days);
      return {
        ...key,
        count: s.count,
        mean_days: round(s.mean_days),
        p10_days: round(s.p10_days),
        p50_days: round(s.p50_days),
        p90_days: round(s.p90_days),
        min_days: round(s.min_days),
        max_days: round(s.max_days),
      };
    });
    return { data, meta: { query: { ...filter, group_by: group }, shipments } };
  },
});
