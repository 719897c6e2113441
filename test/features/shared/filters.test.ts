import { describe, it, expect } from 'vitest';
import { parseFilters, parseDateBound, monthAligned, echoFilters } from '../../../src/features/shared/filters.js';
import { ApiError } from '../../../src/http/errors.js';

function err(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected an ApiError');
}

describe('common filters', () => {
  it('turns months into inclusive day bounds, leap years included', () => {
    expect(parseDateBound('from', '2024-02', false)).toBe('2024-02-01');
    expect(parseDateBound('to', '2024-02', true)).toBe('2024-02-29');
    expect(parseDateBound('to', '2023-02', true)).toBe('2023-02-28');
    expect(parseDateBound('to', '2024-12-31', true)).toBe('2024-12-31');
  });

  it('refuses impossible dates and reversed ranges with the field named', () => {
    expect(err(() => parseFilters({ from: '2024-02-30' })).details[0]?.field).toBe('from');
    expect(err(() => parseFilters({ from: '2024-13' })).details[0]?.field).toBe('from');
    expect(err(() => parseFilters({ to: '24-01-01' })).details[0]?.field).toBe('to');
    const reversed = err(() => parseFilters({ from: '2024-05', to: '2024-04' }));
    expect(reversed.status).toBe(400);
    expect(reversed.details[0]?.field).toBe('to');
    expect(parseFilters({ from: '2024-05', to: '2024-05' })).toMatchObject({ from: '2024-05-01', to: '2024-05-31' });
  });

  it('accepts countries as alpha-2, alpha-3 or M49 and answers alpha-2; unknown ones are a 400', () => {
    expect(parseFilters({ country: 'de,DEU,276, fr' }).countries).toEqual(['DE', 'FR']);
    const e = err(() => parseFilters({ country: 'DE,XX' }));
    expect(e.details[0]).toMatchObject({ field: 'country' });
    expect(e.message).toContain('XX');
  });

  it('normalises HS prefixes with dots and spaces and refuses letters', () => {
    expect(parseFilters({ hs: '6109.10, 87 03' }).hs).toEqual(['610910', '8703']);
    expect(err(() => parseFilters({ hs: '61A9' })).details[0]?.field).toBe('hs');
    expect(err(() => parseFilters({ hs: '6' })).details[0]?.field).toBe('hs');
  });

  it('lists the accepted values of enumerations', () => {
    const e = err(() => parseFilters({ transport_mode: 'sea,boat' }));
    expect(e.details[0]?.allowed).toContain('rail');
    expect(parseFilters({ transport_mode: 'SEA,Road' }).transportModes).toEqual(['sea', 'road']);
    expect(err(() => parseFilters({ port: 'ZZZZZ' })).details[0]?.field).toBe('port');
    expect(err(() => parseFilters({ currency: 'ABC' })).details[0]?.allowed).toContain('EUR');
  });

  it('checks value bounds and folds free text the Turkish way', () => {
    expect(err(() => parseFilters({ min_value_usd: 10, max_value_usd: 5 })).details[0]?.field).toBe('max_value_usd');
    expect(parseFilters({ min_value_usd: 10.005 }).minValueCents).toBe(1001);
    expect(parseFilters({ q: 'İSTANBUL Şişe' }).q).toBe('istanbul sise');
    expect(err(() => parseFilters({ q: '  ' })).details[0]?.field).toBe('q');
  });

  it('knows when monthly rollups can answer exactly, and echoes only what was set', () => {
    expect(monthAligned(parseFilters({ from: '2024-01', to: '2024-03' }))).toBe(true);
    expect(monthAligned(parseFilters({ from: '2024-01-01', to: '2024-03-31' }))).toBe(true);
    expect(monthAligned(parseFilters({ from: '2024-01-02' }))).toBe(false);
    expect(monthAligned(parseFilters({ to: '2024-03-30' }))).toBe(false);
    expect(echoFilters(parseFilters({ country: 'TUR', from: '2024-01' }))).toEqual({ country: ['TR'], from: '2024-01-01' });
  });
});
