import { describe, it, expect } from 'vitest';
import { AGREEMENTS, EU27, agreementsFor, igvGroupOf } from '../../../src/reference/agreements.js';

const ids = (alpha2: string, date: string): string[] => agreementsFor(alpha2, date).map((a) => a.id).sort();

describe('agreementsFor', () => {
  it('gives an EU member the customs union, the steel FTA and the agricultural regime', () => {
    expect(ids('DE', '2024-01-01')).toEqual(['tr-eu-agri', 'tr-eu-cu', 'tr-eu-ecsc']);
    expect(ids('de', '2024-01-01')).toEqual(['tr-eu-agri', 'tr-eu-cu', 'tr-eu-ecsc']);
    expect(ids('DE', '1995-12-30')).toEqual([]);
    expect(ids('DE', '1995-12-31')).toEqual(['tr-eu-cu']);
  });

  it('reaches later EU members only from accession', () => {
    expect(ids('HR', '2013-06-30')).toEqual([]);
    expect(ids('HR', '2013-07-01')).toContain('tr-eu-cu');
    expect(ids('PL', '2004-04-30')).toEqual([]);
    expect(ids('PL', '2004-05-01')).toContain('tr-eu-cu');
  });

  it('moves the United Kingdom from the customs union to its own FTA on 2021-01-01', () => {
    expect(ids('GB', '2020-12-31')).toEqual(['tr-eu-agri', 'tr-eu-cu', 'tr-eu-ecsc']);
    expect(ids('GB', '2021-01-01')).toEqual(['tr-gb']);
  });

  it('stops applying a suspended or terminated FTA on its end date', () => {
    expect(ids('SY', '2011-12-05')).toEqual(['tr-sy']);
    expect(ids('SY', '2011-12-06')).toEqual([]);
    expect(ids('SY', '2006-12-31')).toEqual([]);
    expect(ids('JO', '2018-11-21')).toEqual(['tr-jo']);
    expect(ids('JO', '2018-11-22')).toEqual([]);
  });

  it('uses the later date for a partner that joined an agreement late', () => {
    expect(ids('NO', '1992-04-01')).toEqual(['tr-efta']);
    expect(ids('IS', '1992-04-01')).toEqual([]);
    expect(ids('IS', '1992-09-01')).toEqual(['tr-efta']);
  });

  it('knows FTAs by their entry-into-force date', () => {
    expect(ids('KR', '2013-04-30')).toEqual([]);
    expect(ids('KR', '2013-05-01')).toEqual(['tr-kr']);
    expect(ids('AE', '2023-08-31')).toEqual([]);
    expect(ids('AE', '2023-09-01')).toEqual(['tr-ae']);
    expect(ids('CN', '2024-01-01')).toEqual([]);
    expect(ids('US', '2024-01-01')).toEqual([]);
  });

  it('rejects a malformed date', () => {
    expect(() => agreementsFor('DE', '2024-13-01')).toThrow(RangeError);
    expect(() => agreementsFor('DE', '24-01-01')).toThrow(RangeError);
  });

  it('lists the 27 member states once each', () => {
    expect(new Set(EU27).size).toBe(27);
    expect(EU27).not.toContain('GB');
    expect(AGREEMENTS.find((a) => a.id === 'tr-eu-cu')?.proof_of_origin).toBe('A.TR');
  });
});

describe('igvGroupOf', () => {
  it('maps partners to their İGV column', () => {
    expect(igvGroupOf('DE', '2024-01-01')).toBe(1);
    expect(igvGroupOf('CH', '2024-01-01')).toBe(1);
    expect(igvGroupOf('GE', '2024-01-01')).toBe(1);
    expect(igvGroupOf('GB', '2024-01-01')).toBe(1);
    expect(igvGroupOf('KR', '2024-01-01')).toBe(2);
    expect(igvGroupOf('MY', '2024-01-01')).toBe(3);
    expect(igvGroupOf('IN', '2024-01-01')).toBe(4);
    expect(igvGroupOf('BD', '2024-01-01')).toBe(5);
    expect(igvGroupOf('PK', '2024-01-01')).toBe(6);
    expect(igvGroupOf('TH', '2024-01-01')).toBe(7);
    expect(igvGroupOf('CN', '2024-01-01')).toBe(8);
    expect(igvGroupOf('US', '2024-01-01')).toBe(8);
    expect(igvGroupOf('JP', '2024-01-01')).toBe(8);
  });

  it('follows the agreements over time', () => {
    expect(igvGroupOf('JO', '2018-11-21')).toBe(1);
    expect(igvGroupOf('JO', '2018-11-22')).toBe(7);
    expect(igvGroupOf('SY', '2011-12-05')).toBe(1);
    expect(igvGroupOf('SY', '2012-01-01')).toBe(7);
    expect(igvGroupOf('MY', '2015-07-31')).toBe(8);
    expect(igvGroupOf('MY', '2015-08-01')).toBe(3);
    expect(igvGroupOf('AE', '2023-08-31')).toBe(8);
    expect(igvGroupOf('AE', '2023-09-01')).toBe(1);
  });

  it('does not treat a partial (PTA) partner as group 1', () => {
    expect(agreementsFor('IR', '2024-01-01').map((a) => a.kind)).toEqual(['pta']);
    expect(igvGroupOf('IR', '2024-01-01')).toBe(7);
  });

  it('returns a group 1..8 for every two-letter code', () => {
    for (let a = 65; a < 91; a++) {
      for (let b = 65; b < 91; b++) {
        const g = igvGroupOf(String.fromCharCode(a, b), '2024-06-30');
        expect(g >= 1 && g <= 8).toBe(true);
      }
    }
  });
});
