// Row validation for ingestion: one raw record (parsed JSON or a CSV group) in, either a normalised
// declaration ready to store or the list of everything wrong with it. Pure; `today` is passed in
// so "not in the future" is testable.
import { resolveCountry } from '../reference/countries.js';
import { PORT_BY_CODE } from '../reference/ports.js';
import { CUSTOMS_OFFICE_BY_CODE } from '../reference/customs-offices.js';
import { CURRENCIES, INCOTERMS, REGIMES, TRANSPORT_MODES, UNITS } from '../reference/code-lists.js';
import { normalizeHsCode } from '../domain/codes/hs-code.js';
import { isValidTckn, isValidVkn } from '../domain/codes/vkn.js';
import type { Flow } from './record.js';

export interface FieldError {
  field: string;
  reason: string;
}

export interface ValidParty {
  tax_number: string | null;
  name: string;
  country: string;
  city: string | null;
  address: string | null;
}

export interface ValidItem {
  line_no: number;
  gtip: string;
  hs6: string;
  description: string;
  quantity: number;
  quantity_unit: string;
  net_weight_kg: number;
  gross_weight_kg: number;
  value_usd_cents: number;
  country_of_origin: string | null;
  customs_duty_usd_cents: number;
  additional_duty_usd_cents: number;
  vat_usd_cents: number;
}

export interface ValidDeclaration {
  declaration_no: string;
  flow: Flow;
  regime: string;
  registered_at: string;
  /** YYYYMM of registered_at. */
  period: number;
  customs_office: string;
  declarant: string | null;
  company: ValidParty;
  partner: ValidParty;
  /** Origin for imports, destination for exports: the country the rollups are keyed by. */
  partner_country: string;
  country_of_origin: string | null;
  country_of_dispatch: string | null;
  country_of_destination: string | null;
  incoterm: string | null;
  currency: string;
  invoice_value: number;
  value_usd_cents: number;
  transport_mode: string;
  port: string;
  vessel: string | null;
  bl_number: string | null;
  net_weight_kg: number;
  gross_weight_kg: number;
  customs_duty_usd_cents: number;
  additional_duty_usd_cents: number;
  vat_usd_cents: number;
  items: ValidItem[];
  estimated: string[];
}

export type Validation = { ok: true; value: ValidDeclaration } | { ok: false; errors: FieldError[] };

const MAX_ITEMS = 999;
const EARLIEST_DATE = '2000-01-01';
// Weights are declared with rounding on each line; the header may differ from the item sum by this much.
const WEIGHT_TOLERANCE = 0.005;

const CURRENCY_CODES = new Set(CURRENCIES.map((c) => c.code));
const INCOTERM_CODES = new Set(INCOTERMS.map((c) => c.code));
const MODE_CODES = new Set<string>(TRANSPORT_MODES.map((c) => c.code));
const UNIT_CODES = new Set(UNITS.map((c) => c.code));
const REGIME_FLOW = new Map(REGIMES.map((r) => [r.code, r.flow]));
const FLOWS = ['import', 'export'];
const DECLARATION_NO = /^[A-Za-z0-9][A-Za-z0-9/-]*$/;
const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
const isOffice = (s: string) => CUSTOMS_OFFICE_BY_CODE.has(s);
const isIncoterm = (s: string) => INCOTERM_CODES.has(s.toUpperCase());
const isCurrency = (s: string) => CURRENCY_CODES.has(s.toUpperCase());
const isMode = (s: string) => MODE_CODES.has(s);
const isPort = (s: string) => PORT_BY_CODE.has(s.toUpperCase());

// Codes, dates and tax numbers repeat across a file; remembering the checks keeps validation cheap.
function memo<T>(fn: (s: string) => T): (s: string) => T {
  const seen = new Map<string, T>();
  return (s) => {
    let v = seen.get(s);
    if (v === undefined && !seen.has(s)) {
      if (seen.size > 50_000) seen.clear();
      v = fn(s);
      seen.set(s, v);
    }
    return v as T;
  };
}
const countryOf = memo((s) => resolveCountry(s)?.alpha2 ?? null);
const gtipOf = memo((s) => normalizeHsCode(s));
const taxNumberOk = memo((s) => isValidVkn(s) || isValidTckn(s));
const calendarDate = memo((s) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
});

export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The declaration number as stored, or null when absent: used to label rejected rows. */
export function declarationNoOf(raw: unknown): string | null {
  if (!isObject(raw)) return null;
  const v = raw.declaration_no;
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

export function validateDeclaration(raw: unknown, today: string = todayUtc()): Validation {
  const errors: FieldError[] = [];
  if (!isObject(raw)) return { ok: false, errors: [{ field: '(record)', reason: 'must be a JSON object' }] };
  const r = new Reader(raw, '', errors);

  const declaration_no = r.str('declaration_no', 40);
  if (declaration_no !== null && !DECLARATION_NO.test(declaration_no)) {
    errors.push({ field: 'declaration_no', reason: 'only letters, digits, "/" and "-" are allowed' });
  }
  const flow = r.oneOf('flow', FLOWS) as Flow | null;
  const regime = r.str('regime');
  if (regime !== null) {
    const regimeFlow = REGIME_FLOW.get(regime);
    if (!regimeFlow) errors.push({ field: 'regime', reason: `unknown regime "${regime}"` });
    else if (flow && regimeFlow !== flow) errors.push({ field: 'regime', reason: `regime ${regime} is an ${regimeFlow} regime, not ${flow}` });
  }
  const registered_at = r.date('registered_at', today);
  const customs_office = r.code('customs_office', isOffice, 'customs office');
  const declarant = r.optStr('declarant');
  const company = party(r, 'company', true, errors);
  const partner = party(r, 'partner', false, errors);
  const country_of_origin = r.country('country_of_origin', false);
  const country_of_dispatch = r.country('country_of_dispatch', false);
  const country_of_destination = r.country('country_of_destination', false);
  const incoterm = r.optCode('incoterm', isIncoterm, 'incoterm')?.toUpperCase() ?? null;
  const currency = r.code('currency', isCurrency, 'currency')?.toUpperCase() ?? null;
  const invoice_value = r.amount('invoice_value');
  const value_usd = r.amount('value_usd');
  const transport_mode = r.code('transport_mode', isMode, 'transport mode');
  const port = r.code('port', isPort, 'port')?.toUpperCase() ?? null;
  const vessel = r.optStr('vessel');
  const bl_number = r.optStr('bl_number');
  const net_weight_kg = r.amount('net_weight_kg');
  const gross_weight_kg = r.amount('gross_weight_kg');
  if (net_weight_kg !== null && gross_weight_kg !== null && net_weight_kg > gross_weight_kg * (1 + 1e-9)) {
    errors.push({ field: 'net_weight_kg', reason: 'must not exceed gross_weight_kg' });
  }
  const estimated = r.strList('estimated');
  const items = itemsOf(raw.items, errors);

  let cents = 0;
  let net = 0;
  let duty = 0;
  let additional = 0;
  let vat = 0;
  if (items) {
    for (const i of items) {
      cents += i.value_usd_cents;
      net += i.net_weight_kg;
      duty += i.customs_duty_usd_cents;
      additional += i.additional_duty_usd_cents;
      vat += i.vat_usd_cents;
    }
    if (value_usd !== null && cents !== toCents(value_usd)) {
      errors.push({ field: 'value_usd', reason: `must equal the sum of the items (${(cents / 100).toFixed(2)}), got ${value_usd}` });
    }
    if (net_weight_kg !== null && Math.abs(net - net_weight_kg) > WEIGHT_TOLERANCE * Math.max(net, net_weight_kg) + 1e-6) {
      errors.push({ field: 'net_weight_kg', reason: `must be within 0.5 % of the sum of the items (${round3(net)}), got ${net_weight_kg}` });
    }
  }

  if (errors.length) return { ok: false, errors };
  // Every value below was checked non-null above (errors would be non-empty otherwise).
  const f = flow as Flow;
  const partnerCountry =
    f === 'import' ? (country_of_origin ?? country_of_dispatch ?? partner!.country) : (country_of_destination ?? partner!.country);
  return {
    ok: true,
    value: {
      declaration_no: declaration_no!,
      flow: f,
      regime: regime!,
      registered_at: registered_at!,
      period: Number(registered_at!.slice(0, 4)) * 100 + Number(registered_at!.slice(5, 7)),
      customs_office: customs_office!,
      declarant,
      company: company!,
      partner: partner!,
      partner_country: partnerCountry,
      country_of_origin,
      country_of_dispatch,
      country_of_destination,
      incoterm,
      currency: currency!,
      invoice_value: invoice_value!,
      value_usd_cents: cents,
      transport_mode: transport_mode!,
      port: port!,
      vessel,
      bl_number,
      net_weight_kg: net_weight_kg!,
      gross_weight_kg: gross_weight_kg!,
      customs_duty_usd_cents: duty,
      additional_duty_usd_cents: additional,
      vat_usd_cents: vat,
      items: items!,
      estimated: estimated ?? [],
    },
  };
}

function party(r: Reader, field: 'company' | 'partner', turkish: boolean, errors: FieldError[]): ValidParty | null {
  const raw = r.raw[field] ?? flatParty(r.raw, field, turkish);
  if (!isObject(raw)) {
    errors.push({ field, reason: `required: an object, or the fields ${field}_name, ${field}_tax_number… of the record as the API returns it` });
    return null;
  }
  // Errors name the field the sender used: company.name for the object, company_name for the flat shape.
  const at = isObject(r.raw[field]) ? `${field}.` : `${field}_`;
  const p = new Reader(raw, at, errors);
  const name = p.str('name', 300);
  const country = p.country('country', true);
  const city = p.optStr('city');
  const address = p.optStr('address');
  let tax_number = p.optStr('tax_number');
  if (turkish) {
    if (country !== null && country !== 'TR') errors.push({ field: `${at}country`, reason: 'the Turkish party must have country TR' });
    if (tax_number === null) errors.push({ field: `${at}tax_number`, reason: 'required for the Turkish party' });
    else if (!taxNumberOk(tax_number)) {
      errors.push({ field: `${at}tax_number`, reason: `"${tax_number}" is not a valid VKN (10 digits) or TCKN (11 digits)` });
      tax_number = null;
    }
  }
  if (name === null || country === null) return null;
  return { tax_number, name, country, city, address };
}

/**
 * The party as the read endpoints return it, flattened beside the record (`company_name`,
 * `company_tax_number`, `partner_name`, `partner_country`…), so that a record read from the API
 * can be written back unchanged. The Turkish party's country is TR unless the record says
 * otherwise; the foreign party's defaults to `partner_country`, the country the API reports for
 * it. Undefined when the record carries no flattened name.
 */
function flatParty(raw: Record<string, unknown>, field: 'company' | 'partner', turkish: boolean): Record<string, unknown> | undefined {
  if (raw[`${field}_name`] === undefined) return undefined;
  return {
    name: raw[`${field}_name`],
    tax_number: raw[`${field}_tax_number`],
    country: raw[`${field}_country`] ?? (turkish ? 'TR' : undefined),
    city: raw[`${field}_city`],
    address: raw[`${field}_address`],
  };
}

function itemsOf(raw: unknown, errors: FieldError[]): ValidItem[] | null {
  if (!Array.isArray(raw) || raw.length === 0) {
    errors.push({ field: 'items', reason: 'must be a non-empty array' });
    return null;
  }
  if (raw.length > MAX_ITEMS) {
    errors.push({ field: 'items', reason: `at most ${MAX_ITEMS} items` });
    return null;
  }
  const before = errors.length;
  const out: ValidItem[] = [];
  const lines = new Set<number>();
  for (let i = 0; i < raw.length; i++) {
    const item: unknown = raw[i];
    const at = `items[${i}].`;
    if (!isObject(item)) {
      errors.push({ field: `items[${i}]`, reason: 'must be an object' });
      continue;
    }
    const r = new Reader(item, at, errors);
    const line_no = r.int('line_no');
    if (line_no !== null) {
      if (lines.has(line_no)) errors.push({ field: `${at}line_no`, reason: `line ${line_no} appears twice` });
      lines.add(line_no);
    }
    const gtipRaw = r.str('gtip');
    let gtip: string | null = null;
    if (gtipRaw !== null) {
      gtip = gtipOf(gtipRaw);
      if (gtip === null || gtip.length !== 12) {
        errors.push({ field: `${at}gtip`, reason: `"${gtipRaw}" is not a 12-digit GTİP code` });
        gtip = null;
      }
    }
    const description = r.str('description', 2000);
    const quantity = r.amount('quantity');
    const unitRaw = r.str('quantity_unit');
    const quantity_unit = unitRaw === null ? null : unitRaw.toLowerCase();
    if (quantity_unit !== null && !UNIT_CODES.has(quantity_unit)) errors.push({ field: `${at}quantity_unit`, reason: `unknown unit "${unitRaw}"` });
    const net = r.amount('net_weight_kg');
    const gross = r.amount('gross_weight_kg');
    if (net !== null && gross !== null && net > gross * (1 + 1e-9)) errors.push({ field: `${at}net_weight_kg`, reason: 'must not exceed gross_weight_kg' });
    const value = r.amount('value_usd');
    const origin = r.country('country_of_origin', false);
    const duty = r.amount('customs_duty_usd', false) ?? 0;
    const additional = r.amount('additional_duty_usd', false) ?? 0;
    const vat = r.amount('vat_usd', false) ?? 0;
    if (errors.length > before) continue;
    out.push({
      line_no: line_no!,
      gtip: gtip!,
      hs6: gtip!.slice(0, 6),
      description: description!,
      quantity: quantity!,
      quantity_unit: quantity_unit!,
      net_weight_kg: net!,
      gross_weight_kg: gross!,
      value_usd_cents: toCents(value!),
      country_of_origin: origin,
      customs_duty_usd_cents: toCents(duty),
      additional_duty_usd_cents: toCents(additional),
      vat_usd_cents: toCents(vat),
    });
  }
  return errors.length > before ? null : out;
}

/** Reads typed fields off one object, recording a FieldError for each bad one. */
class Reader {
  constructor(
    readonly raw: Record<string, unknown>,
    readonly prefix: string,
    readonly errors: FieldError[],
  ) {}

  private fail(field: string, reason: string): null {
    this.errors.push({ field: this.prefix + field, reason });
    return null;
  }

  str(field: string, max = 200): string | null {
    const v = this.raw[field];
    if (v === undefined || v === null || v === '') return this.fail(field, 'required');
    if (typeof v !== 'string') return this.fail(field, 'must be a string');
    const s = v.trim();
    if (!s) return this.fail(field, 'must not be blank');
    if (s.length > max) return this.fail(field, `at most ${max} characters`);
    return s;
  }

  optStr(field: string): string | null {
    const v = this.raw[field];
    if (v === undefined || v === null || v === '') return null;
    if (typeof v !== 'string') return this.fail(field, 'must be a string');
    if (v.length > 500) return this.fail(field, 'at most 500 characters');
    return v.trim() || null;
  }

  strList(field: string): string[] | null {
    const v = this.raw[field];
    if (v === undefined || v === null) return null;
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) return this.fail(field, 'must be an array of field names');
    return v as string[];
  }

  oneOf(field: string, allowed: readonly string[]): string | null {
    const s = this.str(field);
    if (s === null) return null;
    return allowed.includes(s) ? s : this.fail(field, `must be one of ${allowed.join(', ')}, got "${s}"`);
  }

  code(field: string, exists: (s: string) => boolean, what: string): string | null {
    const s = this.str(field);
    if (s === null) return null;
    return exists(s) ? s : this.fail(field, `unknown ${what} "${s}"`);
  }

  optCode(field: string, exists: (s: string) => boolean, what: string): string | null {
    const s = this.optStr(field);
    if (s === null) return null;
    return exists(s) ? s : this.fail(field, `unknown ${what} "${s}"`);
  }

  country(field: string, required: boolean): string | null {
    const s = required ? this.str(field) : this.optStr(field);
    if (s === null) return null;
    return countryOf(s) ?? this.fail(field, `unknown country "${s}"`);
  }

  date(field: string, today: string): string | null {
    const s = this.str(field);
    if (s === null) return null;
    if (!DATE_SHAPE.test(s)) return this.fail(field, `must be a date YYYY-MM-DD, got "${s}"`);
    if (!calendarDate(s)) return this.fail(field, `"${s}" is not a calendar date`);
    if (s > today) return this.fail(field, `${s} is in the future`);
    if (s < EARLIEST_DATE) return this.fail(field, `${s} is before ${EARLIEST_DATE}`);
    return s;
  }

  int(field: string): number | null {
    const v = this.raw[field];
    if (v === undefined || v === null || v === '') return this.fail(field, 'required');
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 99_999) return this.fail(field, 'must be a whole number from 1 to 99999');
    return v;
  }

  /** A finite, non-negative number; required unless said. */
  amount(field: string, required = true): number | null {
    const v = this.raw[field];
    if (v === undefined || v === null || v === '') return required ? this.fail(field, 'required') : null;
    if (typeof v !== 'number') return this.fail(field, `must be a number, got ${JSON.stringify(v)}`);
    if (!Number.isFinite(v)) return this.fail(field, 'must be a finite number');
    if (v < 0) return this.fail(field, `must not be negative, got ${v}`);
    if (v > 1e13) return this.fail(field, `implausibly large (${v})`);
    return v;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Decimal dollars to integer cents; sub-cent fractions round half away from zero. */
export function toCents(usd: number): number {
  const x = Math.abs(usd) * 100;
  // Away from a half cent, rounding the binary value gives what the decimal one would; only near
  // it (1.005 * 100 is 100.49999999999999 in binary, but the sender meant 100.5) is the slower
  // decimal rounding needed. This runs several times per line of every load.
  if (Math.abs(x - Math.floor(x) - 0.5) > 1e-6) return Math.sign(usd) * Math.round(x);
  return Math.sign(usd) * Math.round(Number(x.toFixed(6)));
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
