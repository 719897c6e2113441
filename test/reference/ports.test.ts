import { describe, it, expect } from 'vitest';
import {
  FOREIGN_PORTS,
  PORT_BY_CODE,
  PORTS,
  portsForCountry,
  TR_PORT_WEIGHTS,
  TR_PORTS,
  TRANSPORT_MODE_WEIGHTS,
} from '../../src/reference/ports.js';
import { COUNTRY_BY_ALPHA2 } from '../../src/reference/countries.js';
import { TRANSPORT_MODES } from '../../src/reference/code-lists.js';
import { readSharedCsv } from './shared-data.js';

describe('port codes', () => {
  it('are unique', () => {
    expect(PORT_BY_CODE.size).toBe(PORTS.length);
  });

  it('are UN/LOCODE-shaped when verified and X-prefixed project codes otherwise', () => {
    for (const p of PORTS) {
      if (p.unlocode_verified) {
        expect(p.code).toMatch(/^[A-Z]{2}[A-Z2-9]{3}$/);
        expect(p.code.slice(0, 2)).toBe(p.country);
        expect(p.locode).toBe(p.code);
      } else if (p.kind === 'road' && p.country !== 'TR') {
        // Inland foreign places keep their city's code as commonly written, marked unverified.
        expect(p.code).toMatch(/^[A-Z]{2}[A-Z2-9]{3}$/);
        expect(p.code.slice(0, 2)).toBe(p.country);
      } else {
        expect(p.code).toMatch(/^X[A-Z]{2}[A-Z]{3}$/);
        expect(p.code.slice(1, 3)).toBe(p.country);
      }
      if (p.locode !== null) expect(p.locode.slice(0, 2)).toBe(p.country);
    }
  });

  it('give every airport its IATA code inside its project code', () => {
    const airports = PORTS.filter((p) => p.kind === 'air');
    expect(airports.length).toBeGreaterThan(10);
    for (const a of airports) expect(a.code.endsWith(a.iata ?? '???')).toBe(true);
  });
});

describe('coordinates', () => {
  it('put Turkish ports inside Türkiye’s bounding box', () => {
    for (const p of TR_PORTS) {
      expect(p.lat).toBeGreaterThan(35.8);
      expect(p.lat).toBeLessThan(42.2);
      expect(p.lon).toBeGreaterThan(25.6);
      expect(p.lon).toBeLessThan(44.9);
    }
  });

  it('match a listed terminal for every verified Turkish container port', () => {
    const terminals = readSharedCsv('tr-container-terminals-smdg.csv');
    const coarse = new Set(['TRDIK', 'TRHOP']);
    for (const p of TR_PORTS.filter((x) => x.unlocode_verified && !coarse.has(x.code))) {
      const near = terminals.some(
        (t) => t.unlocode === p.code && Math.abs(Number(t.lat) - p.lat) < 0.15 && Math.abs(Number(t.lon) - p.lon) < 0.15,
      );
      expect(near, p.code).toBe(true);
    }
  });

  it('match the terminal list for foreign ports it covers', () => {
    const rows = readSharedCsv('foreign-port-terminals-smdg.csv');
    let checked = 0;
    for (const p of FOREIGN_PORTS.filter((x) => x.kind === 'sea')) {
      const row = rows.find((r) => r.unlocode === p.code);
      if (!row) continue;
      checked++;
      expect(Math.abs(Number(row.lat) - p.lat), p.code).toBeLessThan(0.1);
      expect(Math.abs(Number(row.lon) - p.lon), p.code).toBeLessThan(0.1);
    }
    expect(checked).toBeGreaterThan(35);
  });
});

describe('gates', () => {
  it('name a real neighbouring country for every land gate', () => {
    const gates = TR_PORTS.filter((p) => p.kind === 'road');
    expect(gates.length).toBeGreaterThanOrEqual(15);
    for (const g of gates) {
      expect(g.neighbour && COUNTRY_BY_ALPHA2.has(g.neighbour)).toBe(true);
      expect(g.neighbour).not.toBe('TR');
    }
    expect(PORT_BY_CODE.get('XTRKPK')).toMatchObject({ name: 'Kapıkule', neighbour: 'BG' });
    expect(PORT_BY_CODE.get('XTRHBR')).toMatchObject({ name: 'Habur', neighbour: 'IQ' });
  });
});

describe('portsForCountry', () => {
  it('filters by country (any case) and kind', () => {
    expect(portsForCountry('de', 'sea').map((p) => p.code).sort()).toEqual(['DEBRV', 'DEHAM']);
    expect(portsForCountry('DE', 'air').every((p) => p.country === 'DE' && p.kind === 'air')).toBe(true);
    expect(portsForCountry('DE').length).toBe(portsForCountry('DE', 'sea').length + portsForCountry('DE', 'air').length + portsForCountry('DE', 'road').length);
    expect(portsForCountry('ZZ')).toEqual([]);
  });

  it('covers the top trade partners by sea', () => {
    for (const cc of ['DE', 'US', 'GB', 'IT', 'FR', 'ES', 'NL', 'RU', 'AE', 'CN', 'IQ', 'EG']) {
      expect(portsForCountry(cc, 'sea').length, cc).toBeGreaterThan(0);
    }
  });
});

describe('weights', () => {
  it('mode weights sum to 1 and use only known transport modes', () => {
    const modes = new Set(TRANSPORT_MODES.map((m) => m.code));
    for (const flow of ['import', 'export'] as const) {
      const w = TRANSPORT_MODE_WEIGHTS[flow];
      expect(Object.values(w).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      for (const m of Object.keys(w)) expect(modes.has(m as never)).toBe(true);
      expect(w.sea).toBeGreaterThan(0.5);
    }
    expect(TRANSPORT_MODE_WEIGHTS.import.pipeline).toBeGreaterThan(0);
    expect(TRANSPORT_MODE_WEIGHTS.export.pipeline).toBeUndefined();
  });

  it('port weights sum to 1 per flow and mode and point at Turkish ports of that kind', () => {
    for (const flow of ['import', 'export'] as const) {
      for (const [kind, w] of Object.entries(TR_PORT_WEIGHTS[flow])) {
        expect(Object.values(w).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
        for (const code of Object.keys(w)) {
          expect(PORT_BY_CODE.get(code), code).toMatchObject({ country: 'TR', kind });
        }
      }
    }
  });

  it('make Ambarlı, Kapıkule and İstanbul Airport the largest in their modes', () => {
    const top = (w: Record<string, number>) => Object.entries(w).sort((a, b) => b[1] - a[1])[0]?.[0];
    expect(top(TR_PORT_WEIGHTS.export.sea)).toBe('TRIST');
    expect(top(TR_PORT_WEIGHTS.export.road)).toBe('XTRKPK');
    expect(top(TR_PORT_WEIGHTS.export.air)).toBe('XTRIST');
  });
});
