// A report judged against the service's speed targets (issue 19's "Must show"), so every run says
// which it meets without a reader recounting its table. The classes are lists of operations, not
// rules on names: which operation is a record read and which an aggregate is a decision, kept here.
import type { OpResult, Report } from './report.js';
import { median } from '../src/domain/stats/quantiles.js';

/** Single records, lookups and keyset pages: the row store's indexes answer them (p99 ≤ 50 ms). */
export const RECORD_OPS: ReadonlySet<string> = new Set([
  // one record by its key
  'getImportDeclaration', 'getExportDeclaration', 'getImportBillOfLading', 'getExportBillOfLading', 'getTradeRecord', 'getShipment',
  'trackShipment', 'getHsCode',
  // lookups: a record's parts, reference lists
  'listImportDeclarationItems', 'listExportDeclarationItems', 'listShipmentEvents', 'listCompanyContacts', 'listHsCodeChildren',
  'getHsCodeTariffs', 'getHsCodeRegulations', 'mapHsConcordance', 'searchHsCodes', 'listTradeCountries',
  // keyset pages of records
  'listImportDeclarations', 'listExportDeclarations', 'listImportBillsOfLading', 'listExportBillsOfLading', 'listImportShipments',
  'listExportShipments', 'listShipments', 'listTradeRecords', 'listCompanyDeclarations', 'searchCompanies',
]);

// The families whose other operations sum, rank or join records; with a product's trade.
const ANALYTIC_FAMILIES = new Set(['Import Data', 'Export Data', 'Trade Data', 'Trade Statistics', 'Supply Chain', 'Company and Buyer']);
const ANALYTIC_ALSO = new Set(['getHsCodeTrade']);

export const isAnalytic = (o: Pick<OpResult, 'operationId' | 'tag'>): boolean =>
  !RECORD_OPS.has(o.operationId) && (ANALYTIC_FAMILIES.has(o.tag) || ANALYTIC_ALSO.has(o.operationId));

export interface Target {
  what: string;
  target: string;
  measured: string;
  met: boolean;
}

const worst = (ops: OpResult[], over: number, shown = 5): string => {
  const out = ops.filter((o) => o.p99_ms! > over).sort((a, b) => b.p99_ms! - a.p99_ms!);
  if (!out.length) return '';
  const names = out.slice(0, shown).map((o) => `${o.operationId} ${o.p99_ms!.toFixed(0)}`);
  return ` (over: ${names.join(', ')}${out.length > shown ? `, and ${out.length - shown} more` : ''})`;
};

export function judge(r: Report): Target[] {
  const driven = r.operations.filter((o) => !o.skipped && o.p99_ms !== undefined && (o.requests ?? 0) > 0);
  const analytic = driven.filter(isAnalytic);
  const records = driven.filter((o) => RECORD_OPS.has(o.operationId));
  const over300 = driven.filter((o) => o.p99_ms! > 300);
  const over50 = records.filter((o) => o.p99_ms! > 50);
  const med = median(analytic.map((o) => o.p99_ms!)) ?? NaN;
  const failed = driven.reduce((n, o) => n + (o.non2xx ?? 0) + (o.errors ?? 0), 0);
  const out: Target[] = [
    { what: 'every operation', target: 'p99 ≤ 300 ms', measured: `${driven.length - over300.length} of ${driven.length}${worst(driven, 300)}`, met: over300.length === 0 },
    { what: `analytic operations (${analytic.length})`, target: 'median p99 ≤ 100 ms', measured: `${med.toFixed(0)} ms`, met: med <= 100 },
    { what: `records, lookups and pages (${records.length})`, target: 'p99 ≤ 50 ms', measured: `${records.length - over50.length} of ${records.length}${worst(records, 50)}`, met: over50.length === 0 },
    { what: 'responses', target: '0 non-2xx, 0 errors', measured: String(failed), met: failed === 0 },
  ];
  if (r.server.peak_rss_mb !== null) out.push({ what: 'server memory', target: 'peak RSS ≤ 3,072 MB', measured: `${r.server.peak_rss_mb} MB`, met: r.server.peak_rss_mb <= 3072 });
  if (r.server.startup_ms > 0) out.push({ what: 'start', target: 'process start → serving ≤ 15 s', measured: `${(r.server.startup_ms / 1000).toFixed(1)} s`, met: r.server.startup_ms <= 15_000 });
  return out;
}

export function targetsMarkdown(r: Report): string[] {
  const lines = ['', '## Targets', '', '| what | target | measured | met |', '|---|---|---|---|'];
  for (const t of judge(r)) lines.push(`| ${t.what} | ${t.target} | ${t.measured} | ${t.met ? 'yes' : 'no'} |`);
  return lines;
}
