// Shipment details of one flow: each declaration joined with its bill of lading, vessel, ports
// and containers. Paged exactly like the declaration list (same filters, sort and cursors).
import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { defineOperation, FormatParam, wantsDownload, type Operation } from '../../http/operation.js';
import { LimitParam, CursorParam } from '../../http/pagination.js';
import { PORT_BY_CODE } from '../../reference/ports.js';
import { CARRIER_BY_CODE } from '../../reference/carriers.js';
import { FilterParams, parseFilters, echoFilters } from '../shared/filters.js';
import { sourceMeta } from '../shared/source-meta.js';
import {
  ContainerView, DeclarationSortParam, allDeclarations, billsByNumber, containersByBill, declarationPage, decodeDeclarationCursor,
  toContainerView, type DeclarationRow,
} from '../shared/declarations.js';
import type { FlowSpec } from './flow.js';

const N = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const ShipmentDetailView = Type.Object({
  declaration_no: Type.String(),
  record_id: Type.Integer(),
  registered_at: Type.String(),
  company_id: Type.Integer(),
  company_name: N(Type.String()),
  partner_company_id: N(Type.Integer()),
  partner_name: N(Type.String()),
  partner_country: Type.String(),
  transport_mode: Type.String(),
  port: Type.String({ description: 'Turkish port or border gate of the declaration' }),
  port_name: N(Type.String()),
  vessel: N(Type.String()),
  voyage: N(Type.String()),
  bl_number: N(Type.String()),
  carrier_scac: N(Type.String()),
  carrier_name: N(Type.String()),
  port_of_loading: N(Type.String()),
  port_of_loading_name: N(Type.String()),
  port_of_discharge: N(Type.String()),
  port_of_discharge_name: N(Type.String()),
  issued_at: N(Type.String({ description: 'Bill of lading issue date' })),
  shipped_on_board_at: N(Type.String()),
  packages: N(Type.Integer()),
  package_type: N(Type.String()),
  containers_count: Type.Integer(),
  containers: Type.Array(ContainerView),
  value_usd: Type.Number(),
  net_weight_kg: Type.Number(),
  gross_weight_kg: Type.Number(),
  goods_description: N(Type.String()),
  source: Type.String(),
});

export const SHIPMENT_DETAIL_COLUMNS = Object.keys(ShipmentDetailView.properties);

export async function shipmentViews(db: Kysely<DB>, rows: DeclarationRow[]) {
  const numbers = rows.map((r) => r.bl_number).filter((b): b is string => !!b);
  const [bills, containers] = await Promise.all([billsByNumber(db, numbers), containersByBill(db, numbers)]);
  const name = (code: string | null | undefined) => (code ? (PORT_BY_CODE.get(code)?.name ?? null) : null);
  return rows.map((d) => {
    const b = d.bl_number ? bills.get(d.bl_number) : undefined;
    const cs = d.bl_number ? (containers.get(d.bl_number) ?? []) : [];
    return {
      declaration_no: d.declaration_no,
      record_id: d.id,
      registered_at: d.registered_at,
      company_id: d.company_id,
      company_name: d.company_name,
      partner_company_id: d.partner_company_id,
      partner_name: d.partner_name,
      partner_country: d.partner_country,
      transport_mode: d.transport_mode,
      port: d.port,
      port_name: name(d.port),
      vessel: b?.vessel ?? d.vessel,
      voyage: b?.voyage ?? null,
      bl_number: d.bl_number,
      carrier_scac: b?.carrier_scac ?? null,
      carrier_name: b ? (CARRIER_BY_CODE.get(b.carrier_scac)?.name ?? null) : null,
      port_of_loading: b?.port_of_loading ?? null,
      port_of_loading_name: name(b?.port_of_loading),
      port_of_discharge: b?.port_of_discharge ?? null,
      port_of_discharge_name: name(b?.port_of_discharge),
      issued_at: b ? String(b.issued_at) : null,
      shipped_on_board_at: b?.shipped_on_board_at ? String(b.shipped_on_board_at) : null,
      packages: b?.packages === null || b?.packages === undefined ? null : Number(b.packages),
      package_type: b?.package_type ?? null,
      containers_count: cs.length,
      containers: cs.map(toContainerView),
      value_usd: d.value_usd_cents / 100,
      net_weight_kg: d.net_weight_kg,
      gross_weight_kg: d.gross_weight_kg,
      goods_description: b?.goods_description ?? null,
      source: d.source,
    };
  });
}

export function listShipmentsOp(fs: FlowSpec): Operation {
  return defineOperation({
    method: 'GET',
    url: `/v1/${fs.prefix}/shipments`,
    operationId: `list${fs.noun}Shipments`,
    tag: fs.tag,
    summary: `${fs.bound === 'inbound' ? 'Inbound' : 'Outbound'} shipment details: declaration joined with bill of lading, vessel, ports and containers`,
    description: 'Same filters, sort and cursors as the declaration list. Bill-of-lading fields are null for declarations moved without one (road, air, pipeline).',
    scope: 'trade:read',
    download: true,
    querystring: Type.Object({ ...FilterParams, sort: DeclarationSortParam, limit: LimitParam, cursor: CursorParam, format: FormatParam }, { additionalProperties: false }),
    data: ShipmentDetailView,
    async handle({ query }, { deps, req }) {
      const filters = parseFilters(query, fs.flow);
      const sort = query.sort ?? '-registered_at';
      const db = deps.store.db;
      if (wantsDownload(req)) {
        return {
          columns: SHIPMENT_DETAIL_COLUMNS,
          filename: `${fs.prefix}-shipments`,
          rows: (async function* () {
            for await (const page of allDeclarations(db, { filters, sort }, 2000)) for (const v of await shipmentViews(db, page)) yield v;
          })(),
        };
      }
      const limit = query.limit ?? 50;
      const after = decodeDeclarationCursor(query.cursor, sort);
      const [p, source] = await Promise.all([declarationPage(db, { filters, sort, after, limit }), sourceMeta(db)]);
      return { data: await shipmentViews(db, p.rows), meta: { limit, next_cursor: p.next_cursor, source, query: { ...echoFilters(filters), sort } } };
    },
  });
}
