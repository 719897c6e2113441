// The report's targets table: which operations each target counts, and when it is met.
import { describe, it, expect } from 'vitest';
import { judge, isAnalytic, RECORD_OPS } from '../../bench/targets.js';
import type { OpResult, Report } from '../../bench/report.js';

const op = (operationId: string, tag: string, p99: number, more: Partial<OpResult> = {}): OpResult => ({
  operationId, tag, method: 'GET', route: '/', requests: 100, p50_ms: p99 / 2, p99_ms: p99, errors: 0, non2xx: 0, ...more,
});

const report = (operations: OpResult[], server: Report['server'] = { startup_ms: 4000, peak_rss_mb: 2000 }): Report => ({
  generated_at: '2026-12-02T00:00:00.000Z',
  machine: { cpus: 2, node: 'v20', platform: 'linux' },
  settings: { store: 'sqlite', declarations: 1000, seed: 1, connections: 16, duration_s: 3 },
  dataset: { reused: true, load_seconds: null, declarations_per_second: null },
  server,
  ceiling: op('ping', 'System', 5),
  operations,
});

const byWhat = (r: Report) => Object.fromEntries(judge(r).map((t) => [t.what.replace(/ \(\d+\)$/, ''), t]));

describe('speed targets of a report', () => {
  it('a list of records is a page, not an analytic operation', () => {
    expect(RECORD_OPS.has('listImportDeclarations')).toBe(true);
    expect(isAnalytic({ operationId: 'listImportDeclarations', tag: 'Import Data' })).toBe(false);
    expect(isAnalytic({ operationId: 'getImportSummary', tag: 'Import Data' })).toBe(true);
    expect(isAnalytic({ operationId: 'getHsCodeTrade', tag: 'HS Code and Product' })).toBe(true);
    expect(isAnalytic({ operationId: 'getHsCode', tag: 'HS Code and Product' })).toBe(false);
  });

  it('counts the operations over each bound, takes the median of the analytic p99s and names the worst', () => {
    const r = report([
      op('getImportSummary', 'Import Data', 80),
      op('getTopImporters', 'Import Data', 120),
      op('getPartnerRanking', 'Trade Statistics', 400),
      op('getImportDeclaration', 'Import Data', 30),
      op('listImportDeclarations', 'Import Data', 60),
      op('getHealth', 'System', 1),
      op('revokeToken', 'Auth', 0, { skipped: 'destructive', p99_ms: undefined }),
    ]);
    const t = byWhat(r);
    expect(t['every operation']!.measured).toBe('5 of 6 (over: getPartnerRanking 400)');
    expect(t['every operation']!.met).toBe(false);
    // 80, 120, 400: the median is 120 (the pages and records are not among them).
    expect(t['analytic operations']!.measured).toBe('120 ms');
    expect(t['analytic operations']!.met).toBe(false);
    expect(t['records, lookups and pages']!.measured).toBe('1 of 2 (over: listImportDeclarations 60)');
    expect(t.responses!.met).toBe(true);
    expect(t['server memory']!.met).toBe(true);
  });

  it('is met when every bound holds, and not when a response failed or the server grew or started slowly', () => {
    const fast = [op('getImportSummary', 'Import Data', 90), op('getImportDeclaration', 'Import Data', 20)];
    expect(judge(report(fast)).every((t) => t.met)).toBe(true);
    const failing = byWhat(report([...fast, op('getTopImporters', 'Import Data', 50, { non2xx: 3 })]));
    expect([failing.responses!.measured, failing.responses!.met]).toEqual(['3', false]);
    const heavy = byWhat(report(fast, { startup_ms: 16_000, peak_rss_mb: 3100 }));
    expect([heavy['server memory']!.met, heavy.start!.met]).toEqual([false, false]);
  });
});
