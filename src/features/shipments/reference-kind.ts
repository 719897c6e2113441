// What kind of transport reference a client typed into `track`. Container numbers and air waybills
// carry check digits, so a typo is caught here and explained instead of answered with "not found".
import { checkContainerNumber } from '../../domain/codes/iso6346.js';

export type ReferenceKind = 'container' | 'awb' | 'bl' | 'booking';
export const REFERENCE_KINDS: readonly ReferenceKind[] = ['bl', 'container', 'booking', 'awb'];

export type ReferenceCheck =
  | { ok: true; kind: ReferenceKind | 'bl_or_booking'; value: string }
  | { ok: false; kind: ReferenceKind; message: string };

const CONTAINER_SHAPE = /^[A-Z]{3}[UJZ]\d{7}$/;
const AWB_SHAPE = /^(\d{3})-?(\d{8})$/;
// Carrier B/L and booking numbers have no common standard: a carrier prefix (SCAC or house code)
// and digits, sometimes with letters. Anything else is not a transport reference.
const DOCUMENT_SHAPE = /^[A-Z0-9][A-Z0-9-]{4,34}$/;

/** Air waybill serial: 7 digits and a check digit equal to their value modulo 7 (IATA). */
export function awbCheckDigit(serial7: string): number {
  if (!/^\d{7}$/.test(serial7)) throw new RangeError('an air waybill serial has 7 digits before the check digit');
  return Number(serial7) % 7;
}

export function normaliseAwb(prefix: string, serial: string): string {
  return `${prefix}-${serial}`;
}

/**
 * Classifies `reference`; `forced` skips the guess. Containers and air waybills are recognised by
 * shape and must pass their check; other shapes are B/L or booking numbers, looked up as both.
 */
export function classifyReference(reference: string, forced?: ReferenceKind): ReferenceCheck {
  const compact = reference.replace(/\s+/g, '').toUpperCase();
  const kind = forced ?? guessKind(compact);
  if (kind === 'container') {
    const check = checkContainerNumber(compact);
    if (check.valid) return { ok: true, kind, value: check.number };
    if (check.reason === 'check_digit') {
      return {
        ok: false,
        kind,
        message: `container number ${check.number} fails the ISO 6346 check: the check digit should be ${check.expected_check_digit}, not ${check.check_digit}`,
      };
    }
    return { ok: false, kind, message: check.message };
  }
  if (kind === 'awb') {
    const m = AWB_SHAPE.exec(compact);
    if (!m) return { ok: false, kind, message: 'an air waybill number is a 3-digit airline prefix and 8 digits, e.g. 235-12345675' };
    const [, prefix = '', serial = ''] = m;
    const expected = awbCheckDigit(serial.slice(0, 7));
    const given = Number(serial.slice(7));
    if (expected !== given) {
      return { ok: false, kind, message: `air waybill ${prefix}-${serial} fails the modulo-7 check: the last digit should be ${expected}, not ${given}` };
    }
    return { ok: true, kind, value: normaliseAwb(prefix, serial) };
  }
  if (!DOCUMENT_SHAPE.test(compact)) {
    return { ok: false, kind: kind === 'booking' ? 'booking' : 'bl', message: 'a bill of lading or booking number is 5 to 35 letters, digits or hyphens' };
  }
  return { ok: true, kind: forced ? kind : 'bl_or_booking', value: compact };
}

function guessKind(compact: string): ReferenceKind | 'bl_or_booking' {
  if (CONTAINER_SHAPE.test(compact)) return 'container';
  if (AWB_SHAPE.test(compact)) return 'awb';
  return 'bl_or_booking';
}
