// The declaration record as operators load it (CSV/NDJSON files, POST /v1/trade/records/batch) and
// as the synthetic generator produces it: one shape, one validator, one writer.
export type Flow = 'import' | 'export';

export interface PartyInput {
  /** Turkish party: VKN (10 digits) identifies it. Foreign party: optional national id. */
  tax_number?: string | null;
  name: string;
  /** ISO alpha-2; the Turkish party is always TR. */
  country: string;
  city?: string | null;
  address?: string | null;
}

export interface ItemInput {
  line_no: number;
  /** 12-digit GTİP (dots and spaces allowed on input). */
  gtip: string;
  description: string;
  quantity: number;
  quantity_unit: string;
  net_weight_kg: number;
  gross_weight_kg: number;
  /** Decimal US dollars. */
  value_usd: number;
  country_of_origin?: string | null;
  customs_duty_usd?: number;
  additional_duty_usd?: number;
  vat_usd?: number;
}

export interface DeclarationInput {
  declaration_no: string;
  flow: Flow;
  regime: string;
  /** YYYY-MM-DD */
  registered_at: string;
  customs_office: string;
  declarant?: string | null;
  /** The Turkish importer or exporter. */
  company: PartyInput;
  /** The foreign supplier (imports) or buyer (exports). */
  partner: PartyInput;
  country_of_origin?: string | null;
  country_of_dispatch?: string | null;
  country_of_destination?: string | null;
  incoterm?: string | null;
  currency: string;
  invoice_value: number;
  /** Decimal US dollars; must equal the sum of the items' value_usd (to the cent). */
  value_usd: number;
  transport_mode: 'sea' | 'air' | 'road' | 'rail' | 'pipeline' | 'post' | 'other';
  /** UN/LOCODE (or project code) of the port or border gate of entry/exit. */
  port: string;
  vessel?: string | null;
  bl_number?: string | null;
  net_weight_kg: number;
  gross_weight_kg: number;
  items: ItemInput[];
  /** Names of fields that are estimates rather than declared values. */
  estimated?: string[];
}
