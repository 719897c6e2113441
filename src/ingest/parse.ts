// Streaming parsers for the two file formats of docs/data-formats.md. Each yields one raw record
// per declaration with the line it starts on, or a parse error for that line: a malformed line is
// a rejected row, never the end of the file.
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { DeclarationInput, ItemInput } from './record.js';
import type { FieldError } from './validate.js';

export type ParsedRow =
  | { line: number; record: unknown }
  | { line: number; declaration_no: string | null; error: FieldError };

export type FileFormat = 'ndjson' | 'csv';

/** Thrown for a file that cannot be read at all (e.g. a CSV header without required columns). */
export class FileFormatError extends Error {}

export function formatOfPath(file: string): FileFormat | null {
  if (/\.(ndjson|jsonl)$/i.test(file)) return 'ndjson';
  if (/\.csv$/i.test(file)) return 'csv';
  return null;
}

export function parseFile(input: Readable, format: FileFormat): AsyncGenerator<ParsedRow> {
  return format === 'ndjson' ? parseNdjson(input) : parseCsv(input);
}

// Lines are cut from the raw bytes and each decoded on its own: readline's per-line events cost
// about as much as parsing the JSON, and decoding a whole chunk that holds one "Ş" makes every
// line of it a two-byte string, slower to parse (measured: 30-40 % less CPU for the two steps).
// UTF-8 never uses the bytes of \n and \r inside a character, so cutting there is safe. Line
// breaks are \n, \r\n or a lone \r, as readline counts them.
const LF = 0x0a;
const CR = 0x0d;

export async function* parseNdjson(input: Readable): AsyncGenerator<ParsedRow> {
  let rest: Buffer | null = null;
  let line = 0;
  for await (const piece of input) {
    const bytes = typeof piece === 'string' ? Buffer.from(piece) : (piece as Buffer);
    const chunk: Buffer = rest ? Buffer.concat([rest, bytes]) : bytes;
    let start = 0;
    // The next \r at or after `start` (-1: none left in the chunk), found once per step forward
    // rather than searched for from every line to the end of the chunk.
    let cr = chunk.indexOf(CR);
    for (let nl = chunk.indexOf(LF); nl !== -1; nl = chunk.indexOf(LF, start)) {
      const end = nl > start && chunk[nl - 1] === CR ? nl - 1 : nl;
      if (cr !== -1 && cr < start) cr = chunk.indexOf(CR, start);
      const lines = cr === -1 || cr >= end ? [chunk.toString('utf8', start, end)] : linesBetween(chunk, start, end);
      for (const text of lines) {
        line++;
        const row = ndjsonRow(text, line);
        if (row) yield row;
      }
      start = nl + 1;
    }
    rest = start < chunk.length ? chunk.subarray(start) : null;
  }
  if (rest) {
    // The file's last line has no \n; a final lone \r ends it without adding an empty one.
    const end = rest[rest.length - 1] === CR ? rest.length - 1 : rest.length;
    for (const text of linesBetween(rest, 0, end)) {
      line++;
      const row = ndjsonRow(text, line);
      if (row) yield row;
    }
  }
}

/** bytes[start, end) decoded, as lines split at lone carriage returns (nearly always just one). */
function linesBetween(bytes: Buffer, start: number, end: number): string[] {
  const text = bytes.toString('utf8', start, end);
  return text.indexOf('\r') === -1 ? [text] : text.split('\r');
}

function ndjsonRow(text: string, line: number): ParsedRow | null {
  // Blank lines (only whitespace) are skipped; JSON.parse would reject them.
  if (isBlank(text)) return null;
  try {
    return { line, record: JSON.parse(text) as unknown };
  } catch (err) {
    const match = /"declaration_no"\s*:\s*"([^"]{1,40})"/.exec(text);
    return { line, declaration_no: match?.[1] ?? null, error: { field: '(line)', reason: `not valid JSON: ${(err as Error).message}` } };
  }
}

function isBlank(text: string): boolean {
  // Most lines start with "{": no need to trim a copy of every line.
  const c = text.charCodeAt(0);
  if (c === 123) return false;
  return !text.trim();
}

// --- CSV: one row per item, the declaration's fields repeated on each of its rows ----------------

/** Declaration columns, in file order; company_* and partner_* fill the two parties. */
export const CSV_HEADER_COLUMNS = [
  'declaration_no', 'flow', 'regime', 'registered_at', 'customs_office', 'declarant',
  'company_tax_number', 'company_name', 'company_country', 'company_city', 'company_address',
  'partner_tax_number', 'partner_name', 'partner_country', 'partner_city', 'partner_address',
  'country_of_origin', 'country_of_dispatch', 'country_of_destination', 'incoterm', 'currency', 'invoice_value',
  'value_usd', 'transport_mode', 'port', 'vessel', 'bl_number', 'net_weight_kg', 'gross_weight_kg', 'estimated',
] as const;

/** Item columns; the item_ prefix keeps them apart from the header fields of the same name. */
export const CSV_ITEM_COLUMNS = [
  'line_no', 'gtip', 'description', 'quantity', 'quantity_unit', 'item_net_weight_kg', 'item_gross_weight_kg',
  'item_value_usd', 'item_country_of_origin', 'item_customs_duty_usd', 'item_additional_duty_usd', 'item_vat_usd',
] as const;

export const CSV_COLUMNS: readonly string[] = [...CSV_HEADER_COLUMNS, ...CSV_ITEM_COLUMNS];

const REQUIRED = ['declaration_no', 'flow', 'registered_at', 'line_no', 'gtip'];
const NUMERIC = new Set([
  'invoice_value', 'value_usd', 'net_weight_kg', 'gross_weight_kg', 'line_no', 'quantity', 'item_net_weight_kg', 'item_gross_weight_kg',
  'item_value_usd', 'item_customs_duty_usd', 'item_additional_duty_usd', 'item_vat_usd',
]);

type CsvRow = Record<string, string>;

export async function* parseCsv(input: Readable): AsyncGenerator<ParsedRow> {
  const skipped: ParsedRow[] = [];
  const parser = input.pipe(
    parse({
      columns: (header: string[]) => checkHeader(header),
      bom: true,
      info: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_skip: (err) => {
        skipped.push({ line: Number((err as { lines?: number } | undefined)?.lines ?? 0), declaration_no: null, error: { field: '(line)', reason: `malformed CSV: ${err?.message ?? 'unreadable'}` } });
        return undefined;
      },
    }),
  );
  let group: { no: string; line: number; rows: CsvRow[] } | null = null;
  const done = new Map<string, number>();
  for await (const { info, record } of parser as AsyncIterable<{ info: { lines: number }; record: CsvRow }>) {
    while (skipped.length) yield skipped.shift()!;
    const no = (record.declaration_no ?? '').trim();
    if (group && group.no === no) {
      group.rows.push(record);
      continue;
    }
    if (group) yield finishGroup(group, done);
    group = { no, line: info.lines, rows: [record] };
  }
  while (skipped.length) yield skipped.shift()!;
  if (group) yield finishGroup(group, done);
}

function checkHeader(header: string[]): string[] {
  const names = header.map((h) => h.trim());
  const unknown = names.filter((n) => !CSV_COLUMNS.includes(n));
  if (unknown.length) throw new FileFormatError(`unknown CSV column(s): ${unknown.join(', ')}`);
  const missing = REQUIRED.filter((n) => !names.includes(n));
  if (missing.length) throw new FileFormatError(`missing CSV column(s): ${missing.join(', ')}`);
  return names;
}

function finishGroup(group: { no: string; line: number; rows: CsvRow[] }, done: Map<string, number>): ParsedRow {
  const { no, line, rows } = group;
  const first = rows[0]!;
  if (no && done.has(no)) {
    return { line, declaration_no: no, error: { field: 'declaration_no', reason: `rows of one declaration must be contiguous; it already appeared on line ${done.get(no)}` } };
  }
  if (no) done.set(no, line);
  for (let r = 1; r < rows.length; r++) {
    for (const c of CSV_HEADER_COLUMNS) {
      if ((rows[r]![c] ?? '') !== (first[c] ?? '')) {
        return { line: line + r, declaration_no: no || null, error: { field: c, reason: 'differs between the item rows of one declaration' } };
      }
    }
  }
  return { line, record: csvToRecord(rows) };
}

function value(row: CsvRow, column: string): string | number | undefined {
  const s = row[column];
  if (s === undefined || s.trim() === '') return undefined;
  if (NUMERIC.has(column) && /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(s)) return Number(s);
  return s;
}

function csvToRecord(rows: CsvRow[]): Record<string, unknown> {
  const h = rows[0]!;
  const v = (c: string) => value(h, c);
  const party = (p: 'company' | 'partner') => ({
    tax_number: v(`${p}_tax_number`),
    name: v(`${p}_name`),
    country: v(`${p}_country`),
    city: v(`${p}_city`),
    address: v(`${p}_address`),
  });
  const out: Record<string, unknown> = {};
  for (const c of CSV_HEADER_COLUMNS) if (!c.startsWith('company_') && !c.startsWith('partner_') && c !== 'estimated') out[c] = v(c);
  out.company = party('company');
  out.partner = party('partner');
  const estimated = h.estimated?.trim();
  if (estimated) out.estimated = estimated.split(';').map((s) => s.trim()).filter(Boolean);
  out.items = rows.map((r) => ({
    line_no: value(r, 'line_no'),
    gtip: value(r, 'gtip'),
    description: value(r, 'description'),
    quantity: value(r, 'quantity'),
    quantity_unit: value(r, 'quantity_unit'),
    net_weight_kg: value(r, 'item_net_weight_kg'),
    gross_weight_kg: value(r, 'item_gross_weight_kg'),
    value_usd: value(r, 'item_value_usd'),
    country_of_origin: value(r, 'item_country_of_origin'),
    customs_duty_usd: value(r, 'item_customs_duty_usd'),
    additional_duty_usd: value(r, 'item_additional_duty_usd'),
    vat_usd: value(r, 'item_vat_usd'),
  }));
  return out;
}

/** The CSV rows of one declaration, in CSV_COLUMNS order (used to write files in that format). */
export function declarationToCsvRows(d: DeclarationInput): string[][] {
  const cell = (x: unknown) => (x === undefined || x === null ? '' : String(x));
  const header: Record<string, unknown> = {
    ...d,
    company_tax_number: d.company.tax_number, company_name: d.company.name, company_country: d.company.country,
    company_city: d.company.city, company_address: d.company.address,
    partner_tax_number: d.partner.tax_number, partner_name: d.partner.name, partner_country: d.partner.country,
    partner_city: d.partner.city, partner_address: d.partner.address,
    estimated: d.estimated?.join(';'),
  };
  return d.items.map((i: ItemInput) => {
    const item: Record<string, unknown> = {
      ...i,
      item_net_weight_kg: i.net_weight_kg, item_gross_weight_kg: i.gross_weight_kg, item_value_usd: i.value_usd,
      item_country_of_origin: i.country_of_origin, item_customs_duty_usd: i.customs_duty_usd,
      item_additional_duty_usd: i.additional_duty_usd, item_vat_usd: i.vat_usd,
    };
    return [...CSV_HEADER_COLUMNS.map((c) => cell(header[c])), ...CSV_ITEM_COLUMNS.map((c) => cell(item[c]))];
  });
}

/** One CSV line with RFC 4180 quoting. */
export function csvLine(cells: readonly string[]): string {
  return cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',') + '\n';
}
