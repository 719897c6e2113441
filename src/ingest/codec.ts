// Validated declarations packed for the trip from the parsing thread to the writing one: every
// number of a chunk, and the number of each string in the batch's string table, in one
// Float64Array, plus the strings not sent before. Posting an object graph is a structured clone of each object, which costs the
// receiving thread more than parsing the JSON again (measured: 50,000 declarations took 3.7 s to
// deserialise); a transferred buffer and the batch's distinct strings cost little to post, and
// rebuilding the objects from them is a few array reads per field.
import type { RowSource, SqlValue } from './bulk.js';
import type { Flow } from './record.js';
import type { ValidDeclaration, ValidItem, ValidParty } from './validate.js';

export interface PackedDeclarations {
  count: number;
  /** Strings first seen in this chunk, appended to the batch's dictionary in order. */
  strings: string[];
  numbers: Float64Array;
}

const NULL = -1;

/**
 * The strings of one batch, each sent once: a chunk refers to them by number. Most fields repeat
 * (codes, dates, firms, goods), so the writing thread gets one string per distinct value, whose
 * hash the rollup maps compute once, and allocates far less than it would for a string per field.
 */
export class StringTable {
  private readonly ids = new Map<string, number>();
  private fresh: string[] = [];
  private next = 0;

  id(s: string): number {
    let id = this.ids.get(s);
    if (id === undefined) {
      this.ids.set(s, (id = this.next++));
      this.fresh.push(s);
    }
    return id;
  }

  /**
   * A number for a string that does not repeat (a declaration number, a container number): sent
   * as it is, without the lookup, whose cost for hundreds of thousands of new strings per batch
   * is far more than sending the string.
   */
  unique(s: string): number {
    this.fresh.push(s);
    return this.next++;
  }

  /** Strings added since the last call. */
  takeFresh(): string[] {
    const out = this.fresh;
    this.fresh = [];
    return out;
  }
}

class Writer {
  private nums = new Float64Array(1 << 16);
  private at = 0;
  constructor(private readonly table: StringTable) {}

  str(s: string | null): void {
    this.num(s === null ? NULL : this.table.id(s));
  }

  unique(s: string | null): void {
    this.num(s === null ? NULL : this.table.unique(s));
  }

  num(n: number): void {
    if (this.at === this.nums.length) {
      const grown = new Float64Array(this.nums.length * 2);
      grown.set(this.nums);
      this.nums = grown;
    }
    this.nums[this.at++] = n;
  }

  done(count: number): PackedDeclarations {
    return { count, strings: this.table.takeFresh(), numbers: this.nums.slice(0, this.at) };
  }
}

class Reader {
  private at = 0;
  constructor(
    private readonly p: PackedDeclarations,
    private readonly dictionary: string[],
  ) {}

  str(): string | null {
    const id = this.p.numbers[this.at++]!;
    return id === NULL ? null : this.dictionary[id]!;
  }

  need(): string {
    return this.str() as string;
  }

  num(): number {
    return this.p.numbers[this.at++]!;
  }
}

function writeParty(w: Writer, p: ValidParty): void {
  w.str(p.tax_number); w.str(p.name); w.str(p.country); w.str(p.city); w.str(p.address);
}

function readParty(r: Reader): ValidParty {
  return { tax_number: r.str(), name: r.need(), country: r.need(), city: r.str(), address: r.str() };
}

/** Packs a chunk; `table` is the batch's, shared by its chunks in order. */
export function packDeclarations(list: readonly ValidDeclaration[], table: StringTable): PackedDeclarations {
  const w = new Writer(table);
  for (const d of list) {
    w.unique(d.declaration_no); w.str(d.flow); w.str(d.regime); w.str(d.registered_at); w.num(d.period); w.str(d.customs_office);
    w.str(d.declarant); writeParty(w, d.company); writeParty(w, d.partner); w.str(d.partner_country); w.str(d.country_of_origin);
    w.str(d.country_of_dispatch); w.str(d.country_of_destination); w.str(d.incoterm); w.str(d.currency); w.num(d.invoice_value);
    w.num(d.value_usd_cents); w.str(d.transport_mode); w.str(d.port); w.str(d.vessel); w.unique(d.bl_number); w.num(d.net_weight_kg);
    w.num(d.gross_weight_kg); w.num(d.customs_duty_usd_cents); w.num(d.additional_duty_usd_cents); w.num(d.vat_usd_cents);
    w.num(d.estimated.length);
    for (const e of d.estimated) w.str(e);
    w.num(d.items.length);
    for (const it of d.items) {
      w.num(it.line_no); w.str(it.gtip); w.str(it.hs6); w.str(it.description); w.num(it.quantity); w.str(it.quantity_unit);
      w.num(it.net_weight_kg); w.num(it.gross_weight_kg); w.num(it.value_usd_cents); w.str(it.country_of_origin);
      w.num(it.customs_duty_usd_cents); w.num(it.additional_duty_usd_cents); w.num(it.vat_usd_cents);
    }
  }
  return w.done(list.length);
}

// Fields are read in the order packDeclarations wrote them (object literals evaluate in source order).
/** Unpacks a chunk; `dictionary` is the batch's, empty before its first chunk and grown by each. */
export function unpackDeclarations(p: PackedDeclarations, dictionary: string[]): ValidDeclaration[] {
  for (const s of p.strings) dictionary.push(s);
  const r = new Reader(p, dictionary);
  const out: ValidDeclaration[] = new Array(p.count);
  for (let i = 0; i < p.count; i++) {
    out[i] = {
      declaration_no: r.need(), flow: r.need() as Flow, regime: r.need(), registered_at: r.need(), period: r.num(), customs_office: r.need(),
      declarant: r.str(), company: readParty(r), partner: readParty(r), partner_country: r.need(), country_of_origin: r.str(),
      country_of_dispatch: r.str(), country_of_destination: r.str(), incoterm: r.str(), currency: r.need(), invoice_value: r.num(),
      value_usd_cents: r.num(), transport_mode: r.need(), port: r.need(), vessel: r.str(), bl_number: r.str(), net_weight_kg: r.num(),
      gross_weight_kg: r.num(), customs_duty_usd_cents: r.num(), additional_duty_usd_cents: r.num(), vat_usd_cents: r.num(),
      estimated: readStrings(r), items: readItems(r),
    };
  }
  return out;
}

function readStrings(r: Reader): string[] {
  const out: string[] = new Array(r.num());
  for (let e = 0; e < out.length; e++) out[e] = r.need();
  return out;
}

function readItems(r: Reader): ValidItem[] {
  const items: ValidItem[] = new Array(r.num());
  for (let n = 0; n < items.length; n++) {
    items[n] = {
      line_no: r.num(), gtip: r.need(), hs6: r.need(), description: r.need(), quantity: r.num(), quantity_unit: r.need(),
      net_weight_kg: r.num(), gross_weight_kg: r.num(), value_usd_cents: r.num(), country_of_origin: r.str(),
      customs_duty_usd_cents: r.num(), additional_duty_usd_cents: r.num(), vat_usd_cents: r.num(),
    };
  }
  return items;
}

/**
 * Rows of SQL values (a generated batch's documents, rollup deltas) packed the same way: each
 * cell's kind (null, number, string) in one byte and its number, or its string's number in the
 * batch's string table, in a Float64Array.
 */
export interface PackedRows {
  count: number;
  width: number;
  strings: string[];
  kinds: Uint8Array;
  numbers: Float64Array;
}

const K_NULL = 0;
const K_NUMBER = 1;
const K_STRING = 2;

/**
 * Packs `source` (rows of `width` cells); `table` is the batch's, shared with its other parts in
 * order. Strings of the `unique` columns are sent without looking them up (StringTable.unique).
 */
export function packRows(
  source: RowSource | readonly (readonly SqlValue[])[], width: number, table: StringTable, unique: readonly number[] = [],
): PackedRows {
  const once = new Uint8Array(width);
  for (const c of unique) once[c] = 1;
  const rows: RowSource = Array.isArray(source)
    ? { count: source.length, fill: (i, out) => { const r = source[i]!; for (let c = 0; c < width; c++) out[c] = r[c] ?? null; } }
    : (source as RowSource);
  const kinds = new Uint8Array(rows.count * width);
  const numbers = new Float64Array(rows.count * width);
  const row: SqlValue[] = new Array(width);
  for (let i = 0, at = 0; i < rows.count; i++) {
    rows.fill(i, row);
    for (let c = 0; c < width; c++, at++) {
      const v = row[c];
      if (v === null || v === undefined) kinds[at] = K_NULL;
      else if (typeof v === 'number') {
        kinds[at] = K_NUMBER;
        numbers[at] = v;
      } else {
        kinds[at] = K_STRING;
        numbers[at] = once[c] ? table.unique(v) : table.id(v);
      }
    }
  }
  return { count: rows.count, width, strings: table.takeFresh(), kinds, numbers };
}

/** The buffers to transfer when posting packed rows. */
export function rowBuffers(p: PackedRows): ArrayBuffer[] {
  return [p.kinds.buffer as ArrayBuffer, p.numbers.buffer as ArrayBuffer];
}

/**
 * Packed rows read back in place, as a row source; `dictionary` is the batch's, grown by this
 * part's strings (so parts are opened in the order they were packed).
 */
export function unpackRows(p: PackedRows, dictionary: string[]): RowSource {
  for (const s of p.strings) dictionary.push(s);
  const { kinds, numbers, width } = p;
  return {
    count: p.count,
    fill(i, out) {
      for (let c = 0, at = i * width; c < width; c++, at++) {
        const k = kinds[at];
        out[c] = k === K_NUMBER ? numbers[at]! : k === K_STRING ? dictionary[numbers[at]!]! : null;
      }
    },
  };
}
