// What a subscription listens to. Two events: a shipment's status changing (one shipment, or every
// shipment matching a filter) and new trade records matching a saved filter. Matching is pure so
// the ingestion path and the tracking path share it.
import { badParam } from '../../http/errors.js';
import { SHIPMENT_STATUSES } from '../../domain/shipments/transitions.js';

export const WEBHOOK_EVENTS = ['shipment.status_changed', 'records.new'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

// Stored names (webhooks.kind), kept apart from the public event names.
const KIND_OF: Record<WebhookEvent, string> = { 'shipment.status_changed': 'shipment_status', 'records.new': 'new_records' };
const EVENT_OF: Record<string, WebhookEvent> = { shipment_status: 'shipment.status_changed', new_records: 'records.new' };

export function kindsOf(events: readonly WebhookEvent[]): string {
  return [...new Set(events)].map((e) => KIND_OF[e]).sort().join(',');
}

export function eventsOf(kind: string): WebhookEvent[] {
  return kind.split(',').flatMap((k) => (EVENT_OF[k] ? [EVENT_OF[k]] : []));
}

export function listensTo(kind: string, event: WebhookEvent): boolean {
  return kind.split(',').includes(KIND_OF[event]);
}

export interface ShipmentFilter {
  status?: string[];
  transport_mode?: string;
  origin_port?: string;
  destination_port?: string;
  carrier?: string;
  company_id?: number;
}

export interface RecordFilter {
  flow?: 'import' | 'export';
  hs?: string;
  country?: string[];
  company_id?: number;
  port?: string;
  transport_mode?: string;
  customs_office?: string;
  min_value_usd?: number;
}

export interface WebhookFilter {
  shipment?: ShipmentFilter;
  records?: RecordFilter;
}

const SHIPMENT_KEYS = ['status', 'transport_mode', 'origin_port', 'destination_port', 'carrier', 'company_id'];
const RECORD_KEYS = ['flow', 'hs', 'country', 'company_id', 'port', 'transport_mode', 'customs_office', 'min_value_usd'];

const str = (field: string, v: unknown, max = 60): string => {
  if (typeof v !== 'string' || v.trim() === '' || v.length > max) throw badParam(field, `must be a non-empty string of at most ${max} characters`);
  return v.trim();
};
const upper = (field: string, v: unknown) => str(field, v).replace(/\s+/g, '').toUpperCase();
const positiveInt = (field: string, v: unknown): number => {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1) throw badParam(field, 'must be a positive integer');
  return v;
};

/**
 * Validates the body's `filter` for the chosen events. The filter's keys apply to every event
 * chosen that understands them; a key no chosen event understands is refused, not ignored.
 */
export function parseFilter(raw: Record<string, unknown> | undefined, events: readonly WebhookEvent[]): WebhookFilter {
  const input = raw ?? {};
  const allowed = new Set<string>([
    ...(events.includes('shipment.status_changed') ? SHIPMENT_KEYS : []),
    ...(events.includes('records.new') ? RECORD_KEYS : []),
  ]);
  for (const key of Object.keys(input)) {
    if (!allowed.has(key)) throw badParam(`filter.${key}`, 'not a filter of the chosen events', [...allowed].sort());
  }
  const out: WebhookFilter = {};
  if (events.includes('shipment.status_changed')) {
    const f: ShipmentFilter = {};
    if (input.status !== undefined) {
      const list = Array.isArray(input.status) ? input.status : [input.status];
      for (const s of list) {
        if (typeof s !== 'string' || !(SHIPMENT_STATUSES as readonly string[]).includes(s)) throw badParam('filter.status', `unknown status ${String(s)}`, SHIPMENT_STATUSES);
      }
      f.status = list as string[];
    }
    if (input.transport_mode !== undefined) f.transport_mode = str('filter.transport_mode', input.transport_mode);
    if (input.origin_port !== undefined) f.origin_port = upper('filter.origin_port', input.origin_port);
    if (input.destination_port !== undefined) f.destination_port = upper('filter.destination_port', input.destination_port);
    if (input.carrier !== undefined) f.carrier = str('filter.carrier', input.carrier);
    if (input.company_id !== undefined) f.company_id = positiveInt('filter.company_id', input.company_id);
    out.shipment = f;
  }
  if (events.includes('records.new')) {
    const f: RecordFilter = {};
    if (input.flow !== undefined) {
      if (input.flow !== 'import' && input.flow !== 'export') throw badParam('filter.flow', 'must be import or export', ['import', 'export']);
      f.flow = input.flow;
    }
    if (input.hs !== undefined) {
      const hs = str('filter.hs', input.hs).replace(/[.\s]/g, '');
      if (!/^\d{2,12}$/.test(hs)) throw badParam('filter.hs', 'must be an HS/GTİP prefix of 2 to 12 digits');
      f.hs = hs;
    }
    if (input.country !== undefined) {
      const list = Array.isArray(input.country) ? input.country : String(input.country).split(',');
      f.country = list.map((c) => {
        const code = upper('filter.country', c);
        if (!/^[A-Z]{2}$/.test(code)) throw badParam('filter.country', `${code} is not an ISO 3166-1 alpha-2 code`);
        return code;
      });
    }
    if (input.company_id !== undefined) f.company_id = positiveInt('filter.company_id', input.company_id);
    if (input.port !== undefined) f.port = upper('filter.port', input.port);
    if (input.transport_mode !== undefined) f.transport_mode = str('filter.transport_mode', input.transport_mode);
    if (input.customs_office !== undefined) f.customs_office = str('filter.customs_office', input.customs_office);
    if (input.min_value_usd !== undefined) {
      if (typeof input.min_value_usd !== 'number' || !(input.min_value_usd >= 0)) throw badParam('filter.min_value_usd', 'must be a number of at least 0');
      f.min_value_usd = input.min_value_usd;
    }
    out.records = f;
  }
  return out;
}

export interface ShipmentFacts {
  status: string;
  transport_mode: string;
  origin_port: string;
  destination_port: string;
  carrier: string | null;
  company_id: number | null;
  partner_company_id: number | null;
}

export function matchesShipment(f: ShipmentFilter | undefined, s: ShipmentFacts): boolean {
  if (!f) return true;
  if (f.status && !f.status.includes(s.status)) return false;
  if (f.transport_mode && f.transport_mode !== s.transport_mode) return false;
  if (f.origin_port && f.origin_port !== s.origin_port) return false;
  if (f.destination_port && f.destination_port !== s.destination_port) return false;
  if (f.carrier && f.carrier !== s.carrier) return false;
  if (f.company_id !== undefined && f.company_id !== s.company_id && f.company_id !== s.partner_company_id) return false;
  return true;
}

/** A trade record as the ingestion path knows it after storing it. */
export interface NewRecordFacts {
  record_id: string | number;
  flow: 'import' | 'export';
  gtips: readonly string[];
  partner_country: string;
  company_id: number;
  port: string;
  transport_mode: string;
  customs_office: string;
  value_usd: number;
}

export function matchesRecord(f: RecordFilter | undefined, r: NewRecordFacts): boolean {
  if (!f) return true;
  if (f.flow && f.flow !== r.flow) return false;
  if (f.hs && !r.gtips.some((g) => g.startsWith(f.hs as string))) return false;
  if (f.country && !f.country.includes(r.partner_country)) return false;
  if (f.company_id !== undefined && f.company_id !== r.company_id) return false;
  if (f.port && f.port !== r.port) return false;
  if (f.transport_mode && f.transport_mode !== r.transport_mode) return false;
  if (f.customs_office && f.customs_office !== r.customs_office) return false;
  if (f.min_value_usd !== undefined && r.value_usd < f.min_value_usd) return false;
  return true;
}
