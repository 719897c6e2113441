// Paper and movement behind a declaration: the bill of lading and containers of sea freight, and a
// tracked shipment whose event history the shipment state machine accepts. Events after the end of
// the dataset are not yet "actual": such shipments stay in transit with an estimated arrival.
import { CARRIERS, type Carrier } from '../reference/carriers.js';
import { completeContainerNumber } from '../domain/codes/iso6346.js';
import type { TrackingMode } from '../domain/shipments/state-machine.js';
import type { EventCode, EventType } from '../domain/shipments/events.js';
import { walker } from './tracking.js';
import { eventCodeInfo } from '../domain/shipments/events.js';
import type { Product } from '../reference/catalogue.js';
import type { Rng} from './prng.js';
import { Weighted } from './prng.js';
import type { DrawnDeclaration } from './declarations.js';

const DAY = 86_400_000;

const carrierTable = (mode: Carrier['mode']) => new Weighted(CARRIERS.filter((c) => c.mode === mode).map((c) => [c, c.weight] as const));
const CARRIERS_BY_MODE = { sea: carrierTable('sea'), air: carrierTable('air'), road: carrierTable('road'), rail: carrierTable('rail') };

// Container owner prefixes (BIC codes) of the lines, plus the big lessors whose boxes every line uses.
const OWNER_PREFIX: Record<string, string> = {
  MSCU: 'MSCU', MAEU: 'MSKU', CMDU: 'CMAU', HLCU: 'HLXU', COSU: 'CSNU', ARKU: 'ARKU', EGLV: 'EGHU', ONEY: 'ONEU',
  ZIMU: 'ZIMU', YMLU: 'YMLU', HDMU: 'HMMU', OOLU: 'OOLU', PCIU: 'PCIU', WHLC: 'WHLU',
};
const LESSORS = ['TGHU', 'TCLU', 'CAIU', 'SEGU', 'TRHU', 'FCIU'];
const VESSEL_PREFIX: Record<string, string> = {
  MSCU: 'MSC', MAEU: 'MAERSK', CMDU: 'CMA CGM', HLCU: '', COSU: 'COSCO', ARKU: 'ARKAS', EGLV: 'EVER', ONEY: 'ONE',
  ZIMU: 'ZIM', YMLU: 'YM', HDMU: 'HMM', OOLU: 'OOCL', PCIU: 'KOTA', WHLC: 'WAN HAI',
};
const VESSEL_NAMES = [
  'AURORA', 'MERIDIAN', 'SOLSTICE', 'HARMONY', 'VALIANT', 'ORION', 'TRIDENT', 'NOVA', 'EMINENCE', 'HORIZON',
  'ISTANBUL', 'IZMIR', 'MERSIN', 'GENOA', 'VALENCIA', 'PIRAEUS', 'ROTTERDAM', 'HAMBURG', 'ANTWERP', 'ALGECIRAS',
  'ARES', 'ATHENA', 'DIANA', 'LYRA', 'VEGA', 'ALTAIR', 'SIRIUS', 'CAPELLA', 'POLARIS', 'RIGEL',
];
const REEFER_CHAPTERS = new Set(['02', '03', '04', '07', '16']);
const HEAVY_CHAPTERS = new Set(['25', '26', '68', '69', '72', '73', '76']);
const BULK_HEADINGS = ['2709', '2710', '2711', '2601', '2603', '1001', '1005', '1201', '7204', '3102', '3105'];

export function isBulk(product: Product): boolean {
  return BULK_HEADINGS.some((h) => product.gtip.startsWith(h));
}

export interface BillOfLading {
  bl_number: string; flow: 'import' | 'export'; carrier_scac: string; vessel: string; voyage: string; booking_number: string;
  port_of_loading: string; port_of_discharge: string; shipper_name: string; shipper_company: number; shipper_turkish: boolean;
  consignee_name: string; consignee_company: number; consignee_turkish: boolean; notify_party: string | null;
  packages: number; package_type: string; gross_weight_kg: number; volume_m3: number; goods_description: string;
  issued_at: string; shipped_on_board_at: string;
}
export interface Container { container_no: string; bl_number: string; iso_type: string; seal_no: string; gross_weight_kg: number }

export interface ShipmentEvent { event_type: EventType; event_code: EventCode; classifier: 'ACT' | 'EST' | 'PLN'; occurred_at: string; location: string; container_no: string | null; vessel: string | null }
export interface Shipment {
  flow: 'import' | 'export'; transport_mode: TrackingMode; status: string; bl_number: string | null; booking_number: string;
  awb_number: string | null; carrier: string; vessel: string | null; voyage: string | null; origin_port: string; destination_port: string;
  planned_departure: string; planned_arrival: string; actual_departure: string | null; actual_arrival: string | null; eta: string | null;
  updated_at: string; events: ShipmentEvent[];
}

/** Port-to-port (or gate-to-place) days as [low, high] by the foreign end, from reference lanes. */
function transitRange(mode: TrackingMode, foreign: string, flow: 'import' | 'export'): [number, number] {
  if (mode === 'air') return [1, 3];
  if (mode === 'rail') return [5, 9];
  if (mode === 'road') {
    if (/^(BG|GR)/.test(foreign)) return [1, 2];
    if (/^(IQ|SY|GE|IR|RO|RS|MK)/.test(foreign)) return [2, 4];
    if (/^(AZ|KZ|UZ|RU|UA)/.test(foreign)) return [5, 9];
    return [4, 6];
  }
  if (foreign === 'ITTRS') return [3, 4];
  if (/^(GR|RO|RU|UA|GE)/.test(foreign)) return [2, 4];
  if (/^(IT|ES|FR|SI|IL|EG|LY|DZ|MA)/.test(foreign)) return [5, 9];
  if (/^(DE|NL|BE|GB|PL)/.test(foreign) || foreign === 'FRLEH') return [12, 18];
  if (foreign === 'USHOU') return [21, 27];
  if (/^US/.test(foreign)) return [16, 22];
  if (/^(AE|SA|IQ)/.test(foreign)) return [12, 17];
  if (/^IN/.test(foreign)) return flow === 'export' ? [22, 26] : [16, 19];
  if (/^(CN|KR|SG)/.test(foreign)) return flow === 'export' ? [28, 35] : [25, 35];
  return [10, 20];
}

const HUBS: Record<string, string[]> = { far: ['EGPSD', 'SGSIN', 'GRPIR'], us: ['ITGIT', 'ESALG', 'GRPIR'], north: ['GRPIR', 'ITGIT'] };
function hubFor(foreign: string): string[] | null {
  if (/^(CN|KR|SG|IN)/.test(foreign)) return HUBS.far as string[];
  if (/^US/.test(foreign)) return HUBS.us as string[];
  if (/^(DE|NL|BE|GB|PL)/.test(foreign)) return HUBS.north as string[];
  return null;
}

// Date formatting dominates a large seed when done with toISOString; days are formatted once.
const DAY_TEXT = new Map<number, string>();
function day(t: number): string {
  const d = Math.floor(t / DAY);
  let s = DAY_TEXT.get(d);
  if (s === undefined) DAY_TEXT.set(d, (s = new Date(d * DAY).toISOString().slice(0, 10)));
  return s;
}
const two = (n: number) => (n < 10 ? '0' : '') + String(n);
function iso(t: number): string {
  const sec = Math.floor((t - Math.floor(t / DAY) * DAY) / 1000);
  return `${day(t)}T${two(Math.floor(sec / 3600))}:${two(Math.floor(sec / 60) % 60)}:${two(sec % 60)}Z`;
}

export function billOfLading(rng: Rng, d: DrawnDeclaration, serial: number, departure: number): { bl: BillOfLading; containers: Container[] } {
  const carrier = CARRIERS_BY_MODE.sea.draw(rng);
  const { record, route } = d;
  const yy = record.registered_at.slice(2, 4);
  const blNumber = `${carrier.code}${yy}${String(serial).padStart(8, '0')}`;
  const prefix = VESSEL_PREFIX[carrier.code] ?? '';
  const vessel = `${prefix} ${rng.pick(VESSEL_NAMES)}`.trim();
  const week = String(1 + Math.floor((Date.parse(record.registered_at) - Date.UTC(Number(record.registered_at.slice(0, 4)), 0, 1)) / (7 * DAY))).padStart(2, '0');
  const voyage = `${yy}${week}${record.flow === 'export' ? 'W' : 'E'}`;
  const exp = record.flow === 'export';
  const gross = record.gross_weight_kg;
  const containers: Container[] = [];
  const bulk = isBulk(d.main);
  if (!bulk) {
    const chapter = d.chapter;
    const reefer = REEFER_CHAPTERS.has(chapter);
    const heavy = HEAVY_CHAPTERS.has(chapter);
    const perBox = heavy ? 21_000 : 18_000;
    const n = Math.max(1, Math.min(40, Math.ceil(gross / perBox)));
    const owner = rng.chance(0.7) ? (OWNER_PREFIX[carrier.code] ?? 'TGHU') : rng.pick(LESSORS);
    for (let k = 0; k < n; k++) {
      const type = reefer ? (rng.chance(0.5) ? '45R1' : '22R1') : heavy ? '22G1' : rng.pick(['45G1', '45G1', '42G1', '22G1']);
      containers.push({
        container_no: completeContainerNumber(`${owner}${rng.digits(6)}`),
        bl_number: blNumber,
        iso_type: type,
        seal_no: `${carrier.code.slice(0, 2)}${rng.digits(7)}`,
        gross_weight_kg: Math.round((gross / n) * 100) / 100,
      });
    }
  }
  const packages = bulk ? 1 : Math.max(1, Math.round(gross / (20 + rng.int(400))));
  const bl: BillOfLading = {
    bl_number: blNumber, flow: record.flow, carrier_scac: carrier.code, vessel, voyage,
    booking_number: `${carrier.code.slice(0, 2)}BK${yy}${String(serial).padStart(8, '0')}`,
    port_of_loading: exp ? route.port : route.foreign,
    port_of_discharge: exp ? route.foreign : route.port,
    shipper_name: exp ? d.company.name : d.partner.name, shipper_company: exp ? d.company.index : d.partner.index, shipper_turkish: exp,
    consignee_name: exp ? d.partner.name : d.company.name, consignee_company: exp ? d.partner.index : d.company.index, consignee_turkish: !exp,
    notify_party: rng.chance(0.5) ? 'SAME AS CONSIGNEE' : null,
    packages, package_type: bulk ? 'BULK' : rng.pick(['PALLETS', 'CARTONS', 'PACKAGES', 'BALES', 'CRATES']),
    gross_weight_kg: gross,
    volume_m3: bulk ? Math.round(gross / 850) : Math.round(containers.reduce((a, c) => a + (c.iso_type.startsWith('2') ? 28 : 60), 0) * (0.6 + 0.35 * rng.next())),
    goods_description: d.main.description_en.toUpperCase(),
    issued_at: day(departure), shipped_on_board_at: day(departure),
  };
  return { bl, containers };
}

export interface ShipmentInput {
  d: DrawnDeclaration;
  bl: BillOfLading | null;
  containers: Container[];
  /** Last instant of the dataset: later events are not yet actual. */
  endAt: number;
  serial: number;
}

/** Departure (sea, air, rail, road) for a declaration: exports leave after registration, imports arrive before it. */
export function plannedTimes(rng: Rng, d: DrawnDeclaration): { departure: number; arrival: number; transit: number } {
  const mode = d.route.mode as TrackingMode;
  const [lo, hi] = transitRange(mode, d.route.foreign, d.record.flow);
  const transit = lo + rng.next() * (hi - lo);
  const registered = Date.parse(d.record.registered_at) + 9 * 3_600_000;
  if (d.record.flow === 'export') {
    const departure = registered + (1 + rng.next() * 2.5) * DAY;
    return { departure, arrival: departure + transit * DAY, transit };
  }
  const arrival = registered - (0.5 + rng.next() * 2.5) * DAY;
  return { departure: arrival - transit * DAY, arrival, transit };
}

export function shipmentFor(rng: Rng, input: ShipmentInput, times: { departure: number; arrival: number }): Shipment {
  const { d, bl, containers, endAt, serial } = input;
  const mode = d.route.mode as TrackingMode;
  const exp = d.record.flow === 'export';
  const origin = exp ? d.route.port : d.route.foreign;
  const destination = exp ? d.route.foreign : d.route.port;
  const carrier = bl ? bl.carrier_scac : CARRIERS_BY_MODE[mode === 'sea' ? 'sea' : mode].draw(rng).code;
  const box = containers[0]?.container_no ?? null;
  const vessel = bl?.vessel ?? null;
  // Some voyages run late: congestion, weather, a missed connection.
  const delay = rng.chance(0.15) ? (1 + rng.next() * (mode === 'sea' ? 8 : 2)) * DAY : 0;
  const dep = times.departure + (rng.chance(0.2) ? rng.next() * 0.8 * DAY : 0);
  const arr = dep + (times.arrival - times.departure) + delay;

  const ev: { code: EventCode; t: number; loc: string; onVessel?: boolean }[] = [];
  const add = (code: EventCode, t: number, loc: string) => ev.push({ code, t, loc });
  const booked = dep - (3 + rng.next() * 7) * DAY;
  add('RECE', booked, origin);
  add('CONF', booked + 0.3 * DAY, origin);
  let t = dep;
  if (mode === 'sea' || mode === 'rail') {
    add('GTOT', dep - 4 * DAY, origin);
    add('STUF', dep - 3 * DAY, origin);
    add('GTIN', dep - 2 * DAY, origin);
    add('LOAD', dep - 0.5 * DAY, origin);
    add('DEPA', dep, origin);
    if (bl) add('ISSU', dep + 0.2 * DAY, origin);
    const hubs = hubFor(d.route.foreign);
    const hubChoices = hubs?.filter((h) => h !== destination && h !== origin) ?? [];
    if (mode === 'sea' && hubChoices.length && rng.chance(0.4)) {
      const hub = rng.pick(hubChoices);
      const mid = dep + (arr - dep) * (0.3 + 0.3 * rng.next());
      add('ARRI', mid, hub);
      add('DISC', mid + 0.4 * DAY, hub);
      add('LOAD', mid + 1.5 * DAY, hub);
      add('DEPA', mid + 2 * DAY, hub);
    }
    t = arr;
    add('ARRI', t, destination);
    add('DISC', t + 0.5 * DAY, destination);
  } else if (mode === 'air') {
    add('DROP', dep - 0.6 * DAY, origin);
    add('GTIN', dep - 0.5 * DAY, origin);
    add('LOAD', dep - 0.1 * DAY, origin);
    add('DEPA', dep, origin);
    add('ISSU', dep + 0.05 * DAY, origin);
    t = arr;
    add('ARRI', t, destination);
    add('DISC', t + 0.2 * DAY, destination);
  } else {
    add('STUF', dep - 0.5 * DAY, origin);
    add('LOAD', dep - 0.2 * DAY, origin);
    add('DEPA', dep, origin);
    // An export truck stops at the Turkish border gate on its way out (an intermediate call);
    // an import truck's destination is the gate itself, where it is cleared.
    if (exp) {
      const gate = dep + 0.4 * (arr - dep);
      add('ARRI', gate, d.route.port);
      add('DEPA', gate + 0.3 * DAY, d.route.port);
    }
    t = arr;
    add('ARRI', t, destination);
  }
  // Customs at destination: one in twelve is held for inspection first.
  let c = t + (0.6 + rng.next() * 2) * DAY;
  if (rng.chance(0.08)) {
    // INSP goes before HOLD: the state machine records a status-keeping event during a hold as
    // the status to return to, so an INSP inside the hold would make RELS return to on_hold.
    add('INSP', c, destination);
    add('HOLD', c + 0.3 * DAY, destination);
    c += (1 + rng.next() * 3) * DAY;
    add('RELS', c, destination);
    c += 0.2 * DAY;
  }
  add('CUSR', c, destination);
  if (mode === 'sea' || mode === 'rail') add('GTOT', c + 0.5 * DAY, destination);
  add('DLVR', c + (1 + rng.next() * 2) * DAY, destination);
  if (mode === 'sea' || mode === 'rail') add('STRP', c + 3.5 * DAY, destination);

  const events: ShipmentEvent[] = [];
  const ordered = ev.slice().sort((a, b) => a.t - b.t);
  const state = walker(mode, destination);
  let actualDeparture: number | null = null;
  let actualArrival: number | null = null;
  let updated = booked;
  for (const e of ordered) {
    if (e.t > endAt) continue;
    if (!state.step(e.code, e.loc)) throw new Error(`generated shipment history rejected (${mode} ${e.code} at ${e.loc} while ${state.status})`);
    updated = e.t;
    if (e.code === 'DEPA' && actualDeparture === null) actualDeparture = e.t;
    if (e.code === 'ARRI' && e.loc === destination) actualArrival = e.t;
    const type = eventCodeInfo(e.code).event_type;
    events.push({
      event_type: type, event_code: e.code, classifier: 'ACT', occurred_at: iso(e.t), location: e.loc,
      container_no: type === 'EQUIPMENT' ? box : null, vessel: type === 'TRANSPORT' ? vessel : null,
    });
  }
  let eta: number | null = null;
  if (actualArrival === null) {
    // Not yet arrived at the dataset's end: the carrier's estimate, drifting with any delay seen.
    eta = Math.max(times.arrival + delay * rng.next(), endAt + 0.5 * DAY);
    events.push({ event_type: 'TRANSPORT', event_code: 'ARRI', classifier: 'EST', occurred_at: iso(eta), location: destination, container_no: null, vessel });
  }
  return {
    flow: d.record.flow, transport_mode: mode, status: state.status, bl_number: bl?.bl_number ?? null,
    booking_number: bl?.booking_number ?? `BK${d.record.registered_at.slice(2, 4)}${String(serial).padStart(9, '0')}`,
    awb_number: mode === 'air' ? awb(carrier, serial) : null, carrier, vessel, voyage: bl?.voyage ?? null,
    origin_port: origin, destination_port: destination,
    planned_departure: iso(times.departure), planned_arrival: iso(times.arrival),
    actual_departure: actualDeparture === null ? null : iso(actualDeparture),
    actual_arrival: actualArrival === null ? null : iso(actualArrival),
    eta: eta === null ? null : iso(eta), updated_at: iso(updated), events,
  };
}

/** Air waybill: airline prefix, 7-digit serial and a mod-7 check digit. */
export function awb(prefix: string, serial: number): string {
  const s = serial % 10_000_000;
  return `${prefix}-${String(s).padStart(7, '0')}${s % 7}`;
}
