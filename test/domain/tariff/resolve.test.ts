import { describe, it, expect } from 'vitest';
import { resolveMeasures } from '../../../src/domain/tariff/resolve.js';
import type { ResolvedMeasures } from '../../../src/domain/tariff/resolve.js';
import type { TariffMeasure } from '../../../src/reference/tariffs.js';

function resolve(code: string, origin: string, date: string, opts = {}): ResolvedMeasures {
  const r = resolveMeasures(code, origin, date, opts);
  if (!r.ok) throw new Error(`${r.error.field}: ${r.error.message}`);
  return r.value;
}

const D = '2024-03-15';

describe('most specific prefix wins', () => {
  const base = { valid_from: '2019-01-01', valid_to: null, legal_basis: 'test', illustrative: true } as const;
  const measures: TariffMeasure[] = [
    { ...base, id: 'ch', kind: 'customs_duty', hs_prefix: '84', mfn_pct: 1, preferential_pct: {} },
    { ...base, id: 'sub', kind: 'customs_duty', hs_prefix: '847130', mfn_pct: 3, preferential_pct: {} },
    { ...base, id: 'head', kind: 'customs_duty', hs_prefix: '8471', mfn_pct: 2, preferential_pct: {} },
    { ...base, id: 'vat', kind: 'vat', hs_prefix: '84', pct: 20 },
    { ...base, id: 'expired', kind: 'customs_duty', hs_prefix: '84713000', mfn_pct: 9, preferential_pct: {}, valid_to: '2020-12-31' },
  ];

  it('picks the longest matching prefix whatever the data order', () => {
    expect(resolve('847130', 'US', D, { measures }).customs_duty.measure_id).toBe('sub');
    expect(resolve('847141', 'US', D, { measures }).customs_duty.measure_id).toBe('head');
    expect(resolve('840000', 'US', D, { measures }).customs_duty.measure_id).toBe('ch');
    expect(resolve('8471.30.00.00.00', 'US', D, { measures }).customs_duty.mfn_pct).toBe(3);
  });

  it('ignores a more specific measure outside its validity', () => {
    expect(resolve('847130000000', 'US', '2020-12-31', { measures }).customs_duty.measure_id).toBe('expired');
    expect(resolve('847130000000', 'US', '2021-01-01', { measures }).customs_duty.measure_id).toBe('sub');
  });

  it('uses the subheading ÖTV rate for cars over the heading default', () => {
    expect(resolve('870321', 'DE', D).special_consumption_tax?.levy).toEqual({ basis: 'ad_valorem', pct: 70 });
    expect(resolve('870323', 'DE', D).special_consumption_tax?.levy).toEqual({ basis: 'ad_valorem', pct: 150 });
    expect(resolve('870390', 'DE', D).special_consumption_tax?.levy).toEqual({ basis: 'ad_valorem', pct: 80 });
  });
});

describe('VAT by date', () => {
  it('is 18 % on 2023-07-09 and 20 % from 2023-07-10', () => {
    expect(resolve('847130', 'CN', '2023-07-09').vat.rate_pct).toBe(18);
    expect(resolve('847130', 'CN', '2023-07-10').vat.rate_pct).toBe(20);
  });

  it('moves the reduced rate from 8 to 10 % and keeps 1 % at 1 %', () => {
    expect(resolve('300490', 'DE', '2023-07-09').vat.rate_pct).toBe(8);
    expect(resolve('300490', 'DE', '2023-07-10').vat.rate_pct).toBe(10);
    expect(resolve('100199', 'RU', '2023-07-09').vat.rate_pct).toBe(1);
    expect(resolve('100199', 'RU', '2023-07-10').vat.rate_pct).toBe(1);
  });
});

describe('customs duty and preferences', () => {
  it('gives an EU industrial good 0 % under the customs union with A.TR', () => {
    const r = resolve('870322', 'DE', D).customs_duty;
    expect(r).toMatchObject({ rate_pct: 0, mfn_pct: 10, regime: 'customs_union', agreement_id: 'tr-eu-cu', proof_of_origin: 'A.TR' });
  });

  it('sends EU steel through the ECSC FTA with EUR.1, not A.TR', () => {
    const r = resolve('720851', 'IT', D);
    expect(r.customs_duty).toMatchObject({ rate_pct: 0, mfn_pct: 9, regime: 'fta', agreement_id: 'tr-eu-ecsc', proof_of_origin: 'EUR.1' });
    expect(r.anti_dumping).toBeNull();
  });

  it('does not give EU agricultural goods 0 %', () => {
    const wheat = resolve('100199', 'FR', D).customs_duty;
    expect(wheat).toMatchObject({ rate_pct: 130, regime: 'mfn', proof_of_origin: null });
    const cheese = resolve('040690', 'FR', D).customs_duty;
    expect(cheese.rate_pct).toBeGreaterThan(0);
    expect(cheese.rate_pct).toBeLessThan(cheese.mfn_pct);
    expect(cheese).toMatchObject({ regime: 'pta', agreement_id: 'tr-eu-agri', proof_of_origin: 'EUR.1' });
  });

  it('applies the Korea FTA rate with an invoice declaration', () => {
    const r = resolve('870322', 'KR', D);
    expect(r.customs_duty).toMatchObject({ rate_pct: 0, mfn_pct: 10, regime: 'fta', agreement_id: 'tr-kr', proof_of_origin: 'invoice declaration' });
    expect(r.igv_group).toBe(2);
  });

  it('charges China MFN, İGV group 8 and the anti-dumping duty', () => {
    const r = resolve('610910', 'CN', D);
    expect(r.customs_duty).toMatchObject({ rate_pct: 12, regime: 'mfn', proof_of_origin: null });
    expect(r.igv_group).toBe(8);
    expect(r.additional_duty?.rate_pct).toBe(30);
    expect(r.anti_dumping?.levy).toEqual({ basis: 'specific', usd_per: 2.5, per: 'kg', unit_label: 'kg net' });
    const steel = resolve('720851', 'CN', D);
    expect(steel.anti_dumping?.levy).toEqual({ basis: 'ad_valorem', pct: 6.9 });
    expect(steel.additional_duty?.rate_pct).toBe(15);
  });

  it('applies anti-dumping only to the named origins', () => {
    expect(resolve('540233', 'CN', D).anti_dumping?.levy).toMatchObject({ basis: 'specific', usd_per: 0.27 });
    expect(resolve('540233', 'VN', D).anti_dumping?.levy).toEqual({ basis: 'ad_valorem', pct: 14 });
    expect(resolve('540233', 'IN', D).anti_dumping).toBeNull();
    expect(resolve('610910', 'BD', D).anti_dumping).toBeNull();
    expect(resolve('610910', 'BD', D).additional_duty?.rate_pct).toBe(0);
  });

  it('does not apply a suspended or terminated FTA', () => {
    expect(resolve('870322', 'SY', '2019-06-01').customs_duty).toMatchObject({ regime: 'mfn', rate_pct: 10 });
    expect(resolve('870322', 'JO', '2018-11-21').customs_duty).toMatchObject({ regime: 'fta', agreement_id: 'tr-jo' });
    expect(resolve('870322', 'JO', '2018-11-22').customs_duty).toMatchObject({ regime: 'mfn', rate_pct: 10 });
    expect(resolve('610910', 'JO', '2018-11-22').igv_group).toBe(7);
  });

  it('keeps MFN when the preference is not claimed or not better', () => {
    expect(resolve('870322', 'DE', D, { claim_preference: false }).customs_duty).toMatchObject({ regime: 'mfn', rate_pct: 10, proof_of_origin: null });
    // Phones are duty free under the ITA: nothing to claim.
    expect(resolve('851713', 'KR', D).customs_duty).toMatchObject({ regime: 'mfn', rate_pct: 0, proof_of_origin: null });
  });
});

describe('safeguards', () => {
  it('applies erga omnes within the validity and spares exempt origins', () => {
    expect(resolve('721049', 'CN', '2021-12-31').safeguard?.levy).toEqual({ basis: 'ad_valorem', pct: 25 });
    expect(resolve('721049', 'CN', '2022-01-01').safeguard).toBeNull();
    expect(resolve('721049', 'DE', '2021-06-01').safeguard).toBeNull();
    expect(resolve('3920.20.21.00.19', 'DE', D).safeguard?.levy).toEqual({ basis: 'ad_valorem', pct: 10 });
    expect(resolve('392020', 'DE', D).safeguard).toBeNull();
  });
});

describe('KKDF', () => {
  it('is on file at 6 % for any chapter', () => {
    expect(resolve('010121', 'US', D).kkdf?.rate_pct).toBe(6);
    expect(resolve('970110', 'US', D).kkdf?.rate_pct).toBe(6);
  });
});

describe('errors', () => {
  it.each([
    ['8703', 'DE', D, 'code'],
    ['87032A', 'DE', D, 'code'],
    ['8703221', 'DE', D, 'code'],
    ['870322', 'DEU', D, 'origin'],
    ['870322', 'DE', '2024-02-30x', 'date'],
    ['870322', 'DE', '15.03.2024', 'date'],
  ])('rejects %s / %s / %s on %s', (code, origin, date, field) => {
    const r = resolveMeasures(code, origin, date);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'invalid_input', field });
  });

  it('says when the date is before the tariff data', () => {
    const r = resolveMeasures('870322', 'DE', '2017-12-31');
    expect(r).toMatchObject({ ok: false, error: { code: 'no_tariff_data', field: 'date' } });
  });

  it('says when a chapter has no data', () => {
    const r = resolveMeasures('999999', 'DE', D);
    expect(r).toMatchObject({ ok: false, error: { code: 'no_tariff_data', field: 'code' } });
  });
});
