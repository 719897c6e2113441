import { describe, it, expect } from 'vitest';
import { CUSTOMS_OFFICES, CUSTOMS_OFFICE_BY_CODE, customsOfficeForPort } from '../../src/reference/customs-offices.js';
import { PORT_BY_CODE, TR_PORTS } from '../../src/reference/ports.js';

describe('customs offices', () => {
  it('have unique 6-digit codes starting with a province plate number', () => {
    expect(CUSTOMS_OFFICES.length).toBeGreaterThanOrEqual(25);
    expect(CUSTOMS_OFFICE_BY_CODE.size).toBe(CUSTOMS_OFFICES.length);
    for (const o of CUSTOMS_OFFICES) {
      expect(o.code).toMatch(/^\d{6}$/);
      const plate = Number(o.code.slice(0, 2));
      expect(plate).toBeGreaterThanOrEqual(1);
      expect(plate).toBeLessThanOrEqual(81);
      expect(o.name.endsWith('Gümrük Müdürlüğü')).toBe(true);
    }
  });

  it('serve only known Turkish ports', () => {
    for (const o of CUSTOMS_OFFICES) {
      for (const p of o.ports) expect(PORT_BY_CODE.get(p)?.country, `${o.code} ${p}`).toBe('TR');
      expect(o.inland).toBe(o.ports.length === 0);
    }
  });

  it('give every Turkish port, airport and gate exactly one office', () => {
    for (const port of TR_PORTS) {
      const offices = CUSTOMS_OFFICES.filter((o) => o.ports.includes(port.code));
      expect(offices, port.code).toHaveLength(1);
      expect(customsOfficeForPort(port.code)).toBe(offices[0]);
    }
  });

  it('finds the office for a port and nothing for a foreign one', () => {
    expect(customsOfficeForPort('TRIST')?.name).toBe('Ambarlı Gümrük Müdürlüğü');
    expect(customsOfficeForPort('XTRKPK')?.regional_directorate).toBe('Trakya');
    expect(customsOfficeForPort('DEHAM')).toBeUndefined();
  });
});
