import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { LimitParam, CursorParam, decodeCursor, page } from '../../http/pagination.js';
import { badParam } from '../../http/errors.js';
import { listShipments, type ShipmentFilter } from './queries.js';
import { ShipmentView, SHIPMENT_COLUMNS, toShipmentView } from './views.js';
import { CarrierParam, CompanyIdParam, DateParam, PortParam, TransportModeParam, port, range, statuses } from './params.js';

export const listShipmentsOp = defineOperation({
  method: 'GET',
  url: '/v1/shipments',
  operationId: 'listShipments',
  tag: 'Shipment Tracking',
  summary: 'Search shipments by status, mode, ports, carrier, company and ETA range',
  description: 'Ordered by shipment_id. `status` takes a comma list. `eta_from`/`eta_to` bound the stored ETA (inclusive; a month or day covers all of it).',
  scope: 'shipments:read',
  download: true,
  querystring: Type.Object(
    {
      status: Type.Optional(Type.String({ maxLength: 300, description: 'Comma list of statuses, e.g. departed,in_transit' })),
      transport_mode: TransportModeParam,
      origin_port: PortParam,
      destination_port: PortParam,
      carrier: CarrierParam,
      company_id: CompanyIdParam,
      flow: Type.Optional(Type.Unsafe<'import' | 'export'>({ type: 'string', enum: ['import', 'export'] })),
      eta_from: DateParam,
      eta_to: DateParam,
      limit: LimitParam,
      cursor: CursorParam,
      format: FormatParam,
    },
    { additionalProperties: false },
  ),
  data: ShipmentView,
  async handle({ query }, { deps, req }) {
    const eta = range('eta_from', query.eta_from, 'eta_to', query.eta_to);
    const filter: ShipmentFilter = {
      status: statuses(query.status),
      transport_mode: query.transport_mode,
      origin_port: port('origin_port', query.origin_port),
      destination_port: port('destination_port', query.destination_port),
      carrier: query.carrier?.trim(),
      company_id: query.company_id,
      flow: query.flow,
      eta_from: eta.from,
      eta_to: eta.to,
    };
    const db = deps.store.db;
    if (wantsDownload(req)) {
      async function* rows() {
        let after: number | null = null;
        for (;;) {
          const batch = await listShipments(db, filter, after, 1000);
          for (const r of batch.slice(0, 1000)) yield toShipmentView(r);
          if (batch.length <= 1000) return;
          after = Number(batch[999]?.id);
        }
      }
      return { columns: SHIPMENT_COLUMNS, rows: rows(), filename: 'shipments' };
    }
    const limit = query.limit ?? 50;
    const cursor = decodeCursor(query.cursor, 1);
    const after = cursor ? Number(cursor[0]) : null;
    if (after !== null && !Number.isSafeInteger(after)) throw badParam('cursor', 'not a cursor of this list; pass meta.next_cursor unchanged');
    const found = await listShipments(db, filter, after, limit);
    const p = page(found, limit, (r) => [Number(r.id)]);
    return { data: p.items.map(toShipmentView), meta: { limit, next_cursor: p.next_cursor, query: { ...filter, status: filter.status?.join(',') } } };
  },
});
