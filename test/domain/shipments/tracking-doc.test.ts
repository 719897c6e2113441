import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { EVENT_CODES } from '../../../src/domain/shipments/events.js';
import { TRACKING_MODES, TRANSITIONS } from '../../../src/domain/shipments/transitions.js';
import { computeSignature, verifySignature } from '../../../src/domain/webhooks/signing.js';

const doc = readFileSync(new URL('../../../docs/shipment-tracking.md', import.meta.url), 'utf8');

// The documentation is what clients read; these checks keep it from drifting from the code.
describe('docs/shipment-tracking.md', () => {
  it('lists every status-changing transition of every mode', () => {
    for (const mode of TRACKING_MODES) {
      for (const t of TRANSITIONS[mode].filter((r) => r.to !== r.from)) {
        expect(doc, `${mode}: ${t.from} ${t.code} ${t.to}`).toContain(`| ${t.from} | ${t.code} | ${t.to} |`);
      }
    }
  });

  it('lists every event code with its origin', () => {
    for (const e of EVENT_CODES) {
      expect(doc).toContain(`| ${e.code} | ${e.event_type} | `);
      expect(doc).toMatch(new RegExp(`\\| ${e.code} \\|[^\\n]*\\| ${e.extension ? 'extension' : 'DCSA'} \\|`));
    }
  });

  it('shows a signature example that verifies', () => {
    const secret = /`(whsec_[A-Za-z0-9_-]{43})`/.exec(doc)?.[1] ?? '';
    const body = /the body\s+`([^`]+)`/.exec(doc)?.[1] ?? '';
    const header = /Tradeapi-Signature: (t=\d+,v1=[0-9a-f]{64})/.exec(doc)?.[1] ?? '';
    expect(verifySignature(header, body, secret, 300, 1_700_000_000)).toEqual({ ok: true, timestamp: 1_700_000_000 });
    expect(header).toBe(`t=1700000000,v1=${computeSignature(secret, 1_700_000_000, body)}`);
  });
});
