import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, it, expect } from 'vitest';
import { buildClassifier } from '../../../src/domain/classify/classifier.js';

// The public HS 2022 nomenclature (columns section,hscode,description,parent,level), read in place.
const file = path.resolve(process.cwd(), '../shared/data/harmonized-system.csv');
const rows = parse(readFileSync(file), { columns: true }) as Array<{ hscode: string; description: string; level: string }>;
const lines = rows.filter((r) => /^\d+$/.test(r.hscode));
const subheadings = lines.filter((r) => r.level === '6');

describe('classifier over the full HS 2022 nomenclature', () => {
  const started = performance.now();
  const classifier = buildClassifier(lines.map((r) => ({ code: r.hscode, text: r.description, source: 'nomenclature' as const })));
  const buildMs = performance.now() - started;

  it('returns each subheading first for its own description in at least 95 % of cases', () => {
    expect(subheadings.length).toBeGreaterThan(5000);
    const t0 = performance.now();
    let hits = 0;
    for (const r of subheadings) if (classifier.classify(r.description, { top_k: 1 })[0]?.code === r.hscode) hits++;
    const share = hits / subheadings.length;
    const perQuery = (performance.now() - t0) / subheadings.length;
    console.log(`hs2022 self-retrieval: ${hits}/${subheadings.length} = ${(share * 100).toFixed(2)} %, build ${buildMs.toFixed(0)} ms, ${perQuery.toFixed(2)} ms/query`);
    expect(share).toBeGreaterThanOrEqual(0.95);
  });

  it('finds familiar goods from plain English', () => {
    expect(classifier.classify('hazelnuts, shelled', { top_k: 1 })[0]?.code).toBe('080222');
    expect(classifier.classify('T-shirts of cotton, knitted', { top_k: 3 }).map((c) => c.code)).toContain('610910');
    expect(classifier.searchNomenclature('coffee', { level: 4 })[0]?.code).toBe('0901');
  });
});
