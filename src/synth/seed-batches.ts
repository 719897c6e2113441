// The seed's batches as they reach the writer: generated, validated, and their documents and
// shipments laid out as rows. The same code runs on the writing thread or on
// a second one (seed-thread.ts), so the data cannot depend on where it ran; only the hand-over
// differs.
import type { SqlValue, RowSource } from '../ingest/bulk.js';
import { BatchBuilder, type RejectedRow } from '../ingest/batch-builder.js';
import { todayUtc, type ValidDeclaration } from '../ingest/validate.js';
import { generatedNormaliser } from './normalise.js';
import type { Parties } from './companies.js';
import { generate, type GenerateOptions, type Generated } from './generate.js';
import type { Calibration } from './calibration.js';
import type { BillOfLading, Container, Shipment } from './logistics.js';

/** Store ids of the parties, by their position in `Parties.turkish` and `Parties.foreign`. */
export interface PartyIds {
  turkish: ArrayLike<number>;
  foreign: ArrayLike<number>;
}

export const BL_COLUMNS = [
  'bl_number', 'flow', 'carrier_scac', 'vessel', 'voyage', 'booking_number', 'port_of_loading', 'port_of_discharge', 'shipper_name',
  'shipper_company_id', 'consignee_name', 'consignee_company_id', 'notify_party', 'packages', 'package_type', 'gross_weight_kg',
  'volume_m3', 'goods_description', 'issued_at', 'shipped_on_board_at', 'source',
] as const;
export const CONTAINER_COLUMNS = ['container_no', 'bl_number', 'iso_type', 'seal_no', 'gross_weight_kg'] as const;
export const SHIPMENT_COLUMNS = [
  'flow', 'transport_mode', 'status', 'bl_number', 'booking_number', 'awb_number', 'carrier', 'vessel', 'voyage', 'origin_port',
  'destination_port', 'company_id', 'partner_company_id', 'declaration_id', 'planned_departure', 'planned_arrival',
  'actual_departure', 'actual_arrival', 'eta', 'updated_at',
] as const;
export const EVENT_COLUMNS = ['shipment_id', 'event_type', 'event_code', 'classifier', 'occurred_at', 'location', 'container_no', 'vessel', 'recorded_at', 'source'] as const;

// Columns that hold a party (rows carry a party reference until written: see partyRef) or an id
// known only once the batch is written.
export const BL_PARTY_COLUMNS = [BL_COLUMNS.indexOf('shipper_company_id'), BL_COLUMNS.indexOf('consignee_company_id')];
export const SHIPMENT_PARTY_COLUMNS = [SHIPMENT_COLUMNS.indexOf('company_id'), SHIPMENT_COLUMNS.indexOf('partner_company_id')];
export const SHIPMENT_DECLARATION_COLUMN = SHIPMENT_COLUMNS.indexOf('declaration_id');

/**
 * Per table, the cells of a row (owner first) whose strings do not repeat within a batch: they are
 * handed to the writing thread without being looked up in the batch's string table (codec.ts).
 */
export const UNIQUE_CELLS = {
  bls: [1 + BL_COLUMNS.indexOf('bl_number'), 1 + BL_COLUMNS.indexOf('booking_number')],
  containers: [1 + CONTAINER_COLUMNS.indexOf('container_no'), 1 + CONTAINER_COLUMNS.indexOf('bl_number'), 1 + CONTAINER_COLUMNS.indexOf('seal_no')],
  shipments: [1 + SHIPMENT_COLUMNS.indexOf('bl_number'), 1 + SHIPMENT_COLUMNS.indexOf('booking_number'), 1 + SHIPMENT_COLUMNS.indexOf('awb_number')],
  // An event's second cell is its shipment's booking number, repeated by each of its events.
  events: [1 + EVENT_COLUMNS.indexOf('occurred_at'), 1 + EVENT_COLUMNS.indexOf('recorded_at')],
};

/** A party as rows carry it: a Turkish firm's index, or minus one minus a foreign firm's. */
export function partyRef(index: number, turkish: boolean): number {
  return turkish ? index : -1 - index;
}

export function partyId(ids: PartyIds, ref: number): number {
  return (ref >= 0 ? ids.turkish[ref] : ids.foreign[-1 - ref]) as number;
}

/**
 * The documents of a batch's valid declarations. Each row starts with the position, among the
 * batch's valid declarations, of the declaration it belongs to (written only if that one is), then
 * the table's columns: party columns hold party references, a shipment's declaration id is left
 * null, and an event's shipment id is its shipment's booking number.
 */
export interface SeedDocs {
  bls: RowSource;
  containers: RowSource;
  shipments: RowSource;
  events: RowSource;
}

export interface SeedBatch {
  valid: ValidDeclaration[];
  records: number;
  rejected: RejectedRow[];
  inBatchDuplicates: number;
  docs: SeedDocs;
}

function rowSource(rows: readonly SqlValue[][]): RowSource {
  return {
    count: rows.length,
    fill(i, out) {
      const row = rows[i]!;
      for (let c = 0; c < row.length; c++) out[c] = row[c]!;
    },
  };
}

/**
 * The dataset in batches of `batchSize` generated declarations, validated as the writer would,
 * each fed to `calibration` as drawn.
 */
export function* drawBatches(opts: GenerateOptions, parties: Parties, batchSize: number, calibration: Pick<Calibration, 'add'>): Generator<SeedBatch> {
  for (const batch of drawSlices(opts, parties, batchSize, calibration, Infinity)) if (batch) yield batch;
}

/**
 * drawBatches with a null after every `slice` generated declarations: a caller drawing the next
 * batch while the current one is written (draw-ahead.ts) lets the writer run at each null.
 */
export function* drawSlices(
  opts: GenerateOptions, parties: Parties, batchSize: number, calibration: Pick<Calibration, 'add'>, slice: number,
): Generator<SeedBatch | null> {
  let drawn = 0;
  // Generated records skip the validator's checks (they cannot fail), not its normalisation;
  // "today" is read per batch, as a plain BatchBuilder does.
  const builder = () => {
    const today = todayUtc();
    return new BatchBuilder(today, generatedNormaliser(today));
  };
  let built = builder();
  let bls: SqlValue[][] = [];
  let containers: SqlValue[][] = [];
  let shipments: SqlValue[][] = [];
  let events: SqlValue[][] = [];
  const take = (): SeedBatch => {
    const out: SeedBatch = {
      valid: built.valid, records: built.records, rejected: built.rejected, inBatchDuplicates: built.inBatchDuplicates,
      docs: { bls: rowSource(bls), containers: rowSource(containers), shipments: rowSource(shipments), events: rowSource(events) },
    };
    built = builder();
    bls = [];
    containers = [];
    shipments = [];
    events = [];
    return out;
  };
  for (const g of generate(opts, parties)) {
    calibration.add(g.drawn.record);
    const before = built.valid.length;
    built.add(g.drawn.record);
    if (built.valid.length > before) {
      // Valid and new in the batch: its documents go with it.
      const owner = before;
      if (g.bl) {
        bls.push(blRow(owner, g.bl));
        for (const c of g.containers) containers.push(containerRow(owner, c));
      }
      if (g.shipment) {
        shipments.push(shipmentRow(owner, g));
        for (const e of g.shipment.events) {
          events.push([owner, g.shipment.booking_number, e.event_type, e.event_code, e.classifier, e.occurred_at, e.location, e.container_no, e.vessel, e.occurred_at, 'synthetic']);
        }
      }
    }
    if (built.records >= batchSize) yield take();
    else if (++drawn % slice === 0) yield null;
  }
  if (built.records) yield take();
}

function blRow(owner: number, b: BillOfLading): SqlValue[] {
  return [
    owner, b.bl_number, b.flow, b.carrier_scac, b.vessel, b.voyage, b.booking_number, b.port_of_loading, b.port_of_discharge, b.shipper_name,
    partyRef(b.shipper_company, b.shipper_turkish), b.consignee_name, partyRef(b.consignee_company, b.consignee_turkish), b.notify_party,
    b.packages, b.package_type, b.gross_weight_kg, b.volume_m3, b.goods_description, b.issued_at, b.shipped_on_board_at, 'synthetic',
  ];
}

function containerRow(owner: number, c: Container): SqlValue[] {
  return [owner, c.container_no, c.bl_number, c.iso_type, c.seal_no, c.gross_weight_kg];
}

function shipmentRow(owner: number, g: Generated): SqlValue[] {
  const s = g.shipment as Shipment;
  return [
    owner, s.flow, s.transport_mode, s.status, s.bl_number, s.booking_number, s.awb_number, s.carrier, s.vessel, s.voyage, s.origin_port,
    s.destination_port, partyRef(g.drawn.company.index, true), partyRef(g.drawn.partner.index, false), null,
    s.planned_departure, s.planned_arrival, s.actual_departure, s.actual_arrival, s.eta, s.updated_at,
  ];
}
