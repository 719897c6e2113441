// The normalised form of a record the generator drew, without the checks of validateDeclaration:
// the generator only draws codes, countries and tax numbers from the reference tables, so those
// checks cannot fail for its records, and they were a fifth of the seed's generating time (Reader
// objects, error lists and memo look-ups per field, 200,000 declarations). Files and API batches
// keep the full validation.
//
// It gives exactly what validateDeclaration gives, or null, and then the caller validates the
// record in full (so a record that should be rejected still is, with the same reasons). The
// checks a changed generator could plausibly break (dates, item counts, value and weight sums)
// are still made here; `sampleEvery` records are validated in full as well and compared (a
// difference is a bug, and stops the seed).
import { isDeepStrictEqual } from 'node:util';
import { resolveCountry } from '../reference/countries.js';
import { normalizeHsCode } from '../domain/codes/hs-code.js';
import { toCents, validateDeclaration, type ValidDeclaration, type ValidItem, type ValidParty } from '../ingest/validate.js';
import type { DeclarationInput, PartyInput } from '../ingest/record.js';

const EARLIEST_DATE = '2000-01-01';
const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
const WEIGHT_TOLERANCE = 0.005;

const countries = new Map<string, string | null>();
function country(s: string): string | null {
  let c = countries.get(s);
  if (c === undefined) countries.set(s, (c = resolveCountry(s)?.alpha2 ?? null));
  return c;
}
const gtips = new Map<string, string | null>();
function gtipOf(s: string): string | null {
  let g = gtips.get(s);
  if (g === undefined) gtips.set(s, (g = normalizeHsCode(s)));
  return g;
}

// As the validator's optional strings: absent or empty is null, otherwise trimmed (blank is null).
function opt(v: string | null | undefined): string | null {
  if (v === undefined || v === null || v === '') return null;
  return v.trim() || null;
}
function optCountry(v: string | null | undefined): string | null | false {
  const s = opt(v);
  if (s === null) return null;
  return country(s) ?? false;
}

function partyOf(p: PartyInput): ValidParty | null {
  const c = country(p.country.trim());
  if (c === null) return null;
  return { tax_number: opt(p.tax_number), name: p.name.trim(), country: c, city: opt(p.city), address: opt(p.address) };
}

/** validateDeclaration's value for a generated record, or null when the full validation must decide. */
export function normaliseGenerated(r: DeclarationInput, today: string): ValidDeclaration | null {
  const registered_at = r.registered_at.trim();
  if (!DATE_SHAPE.test(registered_at) || registered_at > today || registered_at < EARLIEST_DATE) return null;
  if (!r.items.length || r.items.length > 999 || r.estimated !== undefined) return null;
  const company = partyOf(r.company);
  const partner = partyOf(r.partner);
  const origin = optCountry(r.country_of_origin);
  const dispatch = optCountry(r.country_of_dispatch);
  const destination = optCountry(r.country_of_destination);
  if (!company || !partner || company.country !== 'TR' || !company.tax_number || origin === false || dispatch === false || destination === false) return null;
  if (!(r.net_weight_kg <= r.gross_weight_kg * (1 + 1e-9))) return null;

  const items: ValidItem[] = new Array(r.items.length);
  let cents = 0, net = 0, duty = 0, additional = 0, vat = 0;
  for (let k = 0; k < r.items.length; k++) {
    const it = r.items[k]!;
    const gtip = gtipOf(it.gtip.trim());
    const itemOrigin = optCountry(it.country_of_origin);
    if (it.line_no !== k + 1 || gtip === null || gtip.length !== 12 || itemOrigin === false) return null;
    if (!(it.net_weight_kg <= it.gross_weight_kg * (1 + 1e-9)) || !(it.value_usd >= 0)) return null;
    const item: ValidItem = {
      line_no: it.line_no,
      gtip,
      hs6: gtip.slice(0, 6),
      description: it.description.trim(),
      quantity: it.quantity,
      quantity_unit: it.quantity_unit.trim().toLowerCase(),
      net_weight_kg: it.net_weight_kg,
      gross_weight_kg: it.gross_weight_kg,
      value_usd_cents: toCents(it.value_usd),
      country_of_origin: itemOrigin,
      customs_duty_usd_cents: toCents(it.customs_duty_usd ?? 0),
      additional_duty_usd_cents: toCents(it.additional_duty_usd ?? 0),
      vat_usd_cents: toCents(it.vat_usd ?? 0),
    };
    items[k] = item;
    cents += item.value_usd_cents;
    net += item.net_weight_kg;
    duty += item.customs_duty_usd_cents;
    additional += item.additional_duty_usd_cents;
    vat += item.vat_usd_cents;
  }
  if (cents !== toCents(r.value_usd)) return null;
  if (Math.abs(net - r.net_weight_kg) > WEIGHT_TOLERANCE * Math.max(net, r.net_weight_kg) + 1e-6) return null;

  const flow = r.flow;
  const partner_country = flow === 'import' ? (origin ?? dispatch ?? partner.country) : (destination ?? partner.country);
  return {
    declaration_no: r.declaration_no.trim(),
    flow,
    regime: r.regime.trim(),
    registered_at,
    period: Number(registered_at.slice(0, 4)) * 100 + Number(registered_at.slice(5, 7)),
    customs_office: r.customs_office.trim(),
    declarant: opt(r.declarant),
    company,
    partner,
    partner_country,
    country_of_origin: origin,
    country_of_dispatch: dispatch,
    country_of_destination: destination,
    incoterm: opt(r.incoterm)?.toUpperCase() ?? null,
    currency: r.currency.trim().toUpperCase(),
    invoice_value: r.invoice_value,
    value_usd_cents: cents,
    transport_mode: r.transport_mode.trim(),
    port: r.port.trim().toUpperCase(),
    vessel: opt(r.vessel),
    bl_number: opt(r.bl_number),
    net_weight_kg: r.net_weight_kg,
    gross_weight_kg: r.gross_weight_kg,
    customs_duty_usd_cents: duty,
    additional_duty_usd_cents: additional,
    vat_usd_cents: vat,
    items,
    estimated: [],
  };
}

/**
 * A normaliser for one seed run: every `sampleEvery`-th record it accepts is also validated in
 * full, and a difference throws (the generator or the validator changed without the other).
 */
export function generatedNormaliser(today: string, sampleEvery = 256): (r: DeclarationInput) => ValidDeclaration | null {
  let n = 0;
  return (r) => {
    const v = normaliseGenerated(r, today);
    if (v && n++ % sampleEvery === 0) {
      const full = validateDeclaration(r, today);
      if (!full.ok || !isDeepStrictEqual(full.value, v)) {
        throw new Error(`generated declaration ${r.declaration_no}: its shortcut normalisation differs from validation (${JSON.stringify(full.ok ? full.value : full.errors)})`);
      }
    }
    return v;
  };
}
