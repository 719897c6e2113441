// Query parameters shared by the shipment list and statistics, and their checks beyond the schema.
import { Type } from 'typebox';
import { badParam } from '../../http/errors.js';
import { SHIPMENT_STATUSES } from '../../domain/shipments/transitions.js';

export const TRANSPORT_MODES = ['sea', 'air', 'road', 'rail', 'pipeline', 'post', 'other'] as const;
export type TransportMode = (typeof TRANSPORT_MODES)[number];

export const TransportModeParam = Type.Optional(Type.Unsafe<TransportMode>({ type: 'string', enum: [...TRANSPORT_MODES] }));
export const PortParam = Type.Optional(Type.String({ minLength: 1, maxLength: 10, description: 'UN/LOCODE, e.g. TRMER (spaces and case ignored)' }));
export const CarrierParam = Type.Optional(Type.String({ minLength: 1, maxLength: 60, description: 'Carrier code as stored on the shipment (SCAC or airline code)' }));
export const CompanyIdParam = Type.Optional(Type.Integer({ minimum: 1, description: 'Turkish party or foreign partner of the shipment' }));
export const DateParam = Type.Optional(Type.String({ maxLength: 30, description: 'YYYY-MM-DD, YYYY-MM or an ISO 8601 date-time' }));

// UN/LOCODE, or the project's codes for places without one (X + country + three characters).
const LOCODE = /^X?[A-Z]{2}[A-Z0-9]{3}$/;

export function port(field: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const code = value.replace(/\s+/g, '').toUpperCase();
  if (!LOCODE.test(code)) throw badParam(field, 'must be a UN/LOCODE (2 country letters and 3 letters or digits, e.g. TRMER) or a project code such as XTRKPK');
  return code;
}

export function statuses(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const list = value.split(',').map((s) => s.trim()).filter(Boolean);
  for (const s of list) {
    if (!(SHIPMENT_STATUSES as readonly string[]).includes(s)) throw badParam('status', `unknown status ${s}`, SHIPMENT_STATUSES);
  }
  if (list.length === 0) throw badParam('status', 'must name at least one status', SHIPMENT_STATUSES);
  return list;
}

/**
 * A date bound as an instant. `from` starts at the beginning of its day or month, `to` includes
 * its whole day or month (contract: bounds are inclusive).
 */
export function bound(field: string, value: string | undefined, end: boolean): string | undefined {
  if (value === undefined) return undefined;
  let m = /^(\d{4})-(\d{2})$/.exec(value);
  if (m) {
    const [y, mo] = [Number(m[1]), Number(m[2])];
    if (mo < 1 || mo > 12) throw badParam(field, 'month must be 01 to 12');
    return new Date(Date.UTC(y, end ? mo : mo - 1, 1) - (end ? 1 : 0)).toISOString();
  }
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (m) {
    const start = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    if (new Date(start).toISOString().slice(0, 10) !== value) throw badParam(field, `${value} is not a calendar date`);
    return new Date(start + (end ? 86_400_000 - 1 : 0)).toISOString();
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value))) {
    return new Date(Date.parse(value)).toISOString();
  }
  throw badParam(field, 'must be YYYY-MM-DD, YYYY-MM or an ISO 8601 date-time with a time zone');
}

export function range(fromField: string, from: string | undefined, toField: string, to: string | undefined) {
  const a = bound(fromField, from, false);
  const b = bound(toField, to, true);
  if (a !== undefined && b !== undefined && b < a) throw badParam(toField, `must not be before ${fromField}`);
  return { from: a, to: b };
}
