// Labels for the keys of aggregate rows, from the built-in reference data.
import { COUNTRY_BY_ALPHA2 } from '../../reference/countries.js';
import { PORT_BY_CODE } from '../../reference/ports.js';
import { CUSTOMS_OFFICE_BY_CODE } from '../../reference/customs-offices.js';
import { HS_CHAPTER_BY_CODE } from '../../reference/hs-nomenclature.js';
import { HEADING_BY_CODE, PRODUCT_BY_GTIP, SUBHEADING_BY_CODE } from '../../reference/catalogue.js';

/** English and Turkish description of an HS code of 2, 4, 6 or 12 digits when the catalogue knows it. */
export function hsDescription(code: string): { description_en: string | null; description_tr: string | null } {
  const d =
    code.length === 2 ? HS_CHAPTER_BY_CODE.get(code)
      : code.length === 4 ? HEADING_BY_CODE.get(code)
        : code.length === 6 ? SUBHEADING_BY_CODE.get(code)
          : code.length === 12 ? PRODUCT_BY_GTIP.get(code)
            : undefined;
  return { description_en: d?.description_en ?? null, description_tr: d?.description_tr ?? null };
}

export function countryName(alpha2: string | null): { country_name: string | null } {
  return { country_name: alpha2 ? (COUNTRY_BY_ALPHA2.get(alpha2)?.name_en ?? null) : null };
}

export function portLabel(code: string | null): { port_name: string | null; port_kind: string | null; port_country: string | null } {
  const p = code ? PORT_BY_CODE.get(code) : undefined;
  return { port_name: p?.name ?? null, port_kind: p?.kind ?? null, port_country: p?.country ?? null };
}

export function officeLabel(code: string | null): { customs_office_name: string | null; customs_office_city: string | null } {
  const o = code ? CUSTOMS_OFFICE_BY_CODE.get(code) : undefined;
  return { customs_office_name: o?.name ?? null, customs_office_city: o?.city ?? null };
}
