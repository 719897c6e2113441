// Parameters shared by the Trade Data operations.
import { Type } from 'typebox';
import { badParam, notFound } from '../../http/errors.js';
import { resolveCountry, type Country } from '../../reference/countries.js';
import type { Flow } from '../shared/filters.js';

export const FlowParam = Type.Optional(Type.Unsafe<Flow>({ type: 'string', enum: ['import', 'export'], description: 'import or export; both when absent' }));

export const CountryPath = Type.Object({
  country: Type.String({ maxLength: 20, description: 'ISO 3166-1 alpha-2, alpha-3 or M49 code' }),
});

/** A country named in a path: a code of the wrong form is a 400, a well-formed unknown code a 404. */
export function countryFromPath(input: string): Country {
  const s = input.trim();
  if (!/^([A-Za-z]{2,3}|\d{1,3})$/.test(s)) throw badParam('country', `"${input}" is not an ISO alpha-2, alpha-3 or M49 code`);
  const found = resolveCountry(s);
  if (!found) throw notFound('Country', s.toUpperCase());
  return found;
}

/** Row schema of aggregate answers: named fields documented, the rest (group keys) open. */
export function rowSchema(fields: Record<string, string>) {
  const props: Record<string, ReturnType<typeof Type.Optional>> = {};
  for (const [name, description] of Object.entries(fields)) {
    props[name] = Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Null()], { description }));
  }
  return Type.Object(props, { additionalProperties: true });
}

export const METRIC_FIELDS: Record<string, string> = {
  value_usd: 'Value in US dollars',
  net_weight_kg: 'Net weight in kilograms',
  quantity: 'Quantity in the lines\' own units (summed)',
  records: 'Declarations counted',
  companies: 'Distinct Turkish traders',
  unit_value_usd_per_kg: 'value_usd / net_weight_kg',
  share: 'Share of the filtered total value, 0–1',
};
