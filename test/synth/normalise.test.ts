// The seed's shortcut past validation: for every generated record it gives exactly what the
// validator gives, and it leaves to the validator the records it must reject.
import { describe, it, expect } from 'vitest';
import { isDeepStrictEqual } from 'node:util';
import { generate } from '../../src/synth/generate.js';
import { generatedNormaliser, normaliseGenerated } from '../../src/synth/normalise.js';
import { validateDeclaration } from '../../src/ingest/validate.js';
import { BatchBuilder } from '../../src/ingest/batch-builder.js';
import type { Month } from '../../src/synth/calendar.js';

const from: Month = { year: 2021, month: 1, period: 202101 };
const to: Month = { year: 2025, month: 6, period: 202506 };
const today = '2026-01-01';

describe('normaliseGenerated', () => {
  it('equals validateDeclaration on generated records of several seeds', () => {
    for (const seed of [1, 7, 99]) {
      let n = 0;
      for (const g of generate({ seed, declarations: 4000, from, to })) {
        const full = validateDeclaration(g.drawn.record, today);
        const short = normaliseGenerated(g.drawn.record, today);
        expect(full.ok).toBe(true);
        if (!full.ok || !short || !isDeepStrictEqual(full.value, short)) expect(short).toEqual(full.ok ? full.value : null);
        n++;
      }
      expect(n).toBe(4000);
    }
  });

  it('leaves a record the validator rejects to the validator, so it is rejected with the same reasons', () => {
    const records = [...generate({ seed: 3, declarations: 20, from, to })].map((g) => g.drawn.record);
    records[2] = { ...records[2]!, registered_at: '2026-06-01' }; // in the future
    records[5] = { ...records[5]!, value_usd: records[5]!.value_usd + 1 }; // not the items' sum
    records[7] = { ...records[7]!, items: [] };
    expect(normaliseGenerated(records[2]!, today)).toBeNull();
    expect(normaliseGenerated(records[5]!, today)).toBeNull();
    expect(normaliseGenerated(records[7]!, today)).toBeNull();
    const plain = new BatchBuilder(today);
    const short = new BatchBuilder(today, generatedNormaliser(today, 1));
    for (const r of records) {
      plain.add(r);
      short.add(r);
    }
    expect(short.rejected).toEqual(plain.rejected);
    expect(short.rejected.map((r) => r.index)).toEqual([2, 5, 7]);
    expect(short.valid).toEqual(plain.valid);
  });

  it('stops when its sampled full validation disagrees', () => {
    const record = [...generate({ seed: 3, declarations: 1, from, to })][0]!.drawn.record;
    // A tax number the shortcut does not check: the full validation rejects it.
    const bad = { ...record, company: { ...record.company, tax_number: '12AB' } };
    expect(() => generatedNormaliser(today, 1)(bad)).toThrow(/differs from validation/);
  });
});
