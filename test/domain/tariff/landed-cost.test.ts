import { describe, it, expect } from 'vitest';
import { landedCost } from '../../../src/domain/tariff/landed-cost.js';
import type { LandedCost, LandedCostInput } from '../../../src/domain/tariff/landed-cost.js';

function ok(input: LandedCostInput): LandedCost {
  const r = landedCost(input);
  if (!r.ok) throw new Error(`${r.error.field}: ${r.error.message}`);
  return r.value;
}

const amounts = (c: LandedCost): Record<string, number> =>
  Object.fromEntries(c.lines.map((l) => [l.kind, l.amount_usd]));

// The worked examples of docs/landed-cost.md, figure for figure.
describe('worked examples', () => {
  it('1. German passenger car under the customs union', () => {
    const c = ok({
      code: '8703.22.10.00.11', origin: 'DE', date: '2024-03-15',
      customs_value_usd: 28_650, freight_usd: 1_200, insurance_usd: 150, incoterm: 'FOB',
    });
    expect(c.cif_usd).toBe(30_000);
    expect(c.proof_of_origin).toBe('A.TR');
    expect(c.preference.regime).toBe('customs_union');
    expect(amounts(c)).toEqual({ customs_duty: 0, additional_duty: 0, special_consumption_tax: 24_000, vat: 10_800 });
    expect(c.otv_base_usd).toBe(30_000);
    expect(c.vat_base_usd).toBe(54_000);
    expect(c.total_taxes_usd).toBe(34_800);
    expect(c.landed_cost_usd).toBe(64_800);
    expect(c.landed_cost_excl_vat_usd).toBe(54_000);
  });

  it('2. Chinese T-shirts with İGV, a per-kg anti-dumping duty and KKDF', () => {
    const c = ok({
      code: '6109.10.00.00.11', origin: 'CN', date: '2024-03-15',
      customs_value_usd: 10_237.45, freight_usd: 1_480, insurance_usd: 31.2,
      quantity: 5_000, net_weight_kg: 1_042.5, incoterm: 'FOB', credit_financed: true,
    });
    expect(c.cif_usd).toBe(11_748.65);
    expect(c.igv_group).toBe(8);
    expect(c.proof_of_origin).toBeNull();
    expect(c.lines.map((l) => l.kind)).toEqual(['customs_duty', 'additional_duty', 'anti_dumping', 'kkdf', 'vat']);
    expect(amounts(c)).toEqual({
      customs_duty: 1_409.84, additional_duty: 3_524.6, anti_dumping: 2_606.25, kkdf: 704.92, vat: 1_999.43,
    });
    const ad = c.lines.find((l) => l.kind === 'anti_dumping');
    expect(ad).toMatchObject({ rate: 2.5, rate_unit: 'USD/kg', basis_usd: null, basis_quantity: 1_042.5 });
    expect(c.otv_base_usd).toBe(19_289.34);
    expect(c.vat_base_usd).toBe(19_994.26);
    expect(c.total_taxes_usd).toBe(10_245.04);
    expect(c.landed_cost_usd).toBe(21_993.69);
  });

  it('3. Smartphones from Korea and from China (value already CIP)', () => {
    const input = { code: '8517.13.00.00.00', date: '2024-03-15', customs_value_usd: 48_375.5, quantity: 200, incoterm: 'CIP' } as const;
    const kr = ok({ ...input, origin: 'KR' });
    expect(kr.cif_usd).toBe(48_375.5);
    expect(kr.igv_group).toBe(2);
    expect(amounts(kr)).toEqual({ customs_duty: 0, additional_duty: 0, special_consumption_tax: 12_093.88, vat: 12_093.88 });
    expect(kr.vat_base_usd).toBe(60_469.38);
    expect(kr.total_taxes_usd).toBe(24_187.76);
    expect(kr.landed_cost_usd).toBe(72_563.26);
    expect(kr.notes.join(' ')).toMatch(/under CIP it is taken as included/);

    const cn = ok({ ...input, origin: 'CN' });
    expect(amounts(cn)).toEqual({ customs_duty: 0, additional_duty: 9_675.1, special_consumption_tax: 14_512.65, vat: 14_512.65 });
    expect(cn.otv_base_usd).toBe(58_050.6);
    expect(cn.vat_base_usd).toBe(72_563.25);
    expect(cn.total_taxes_usd).toBe(38_700.4);
    expect(cn.landed_cost_usd).toBe(87_075.9);
  });

  it('4. Korean car at the FTA rate with an invoice declaration', () => {
    const c = ok({ code: '870322', origin: 'KR', date: '2024-03-15', customs_value_usd: 20_000, incoterm: 'CIF' });
    expect(c.preference).toMatchObject({ regime: 'fta', agreement_id: 'tr-kr' });
    expect(c.proof_of_origin).toBe('invoice declaration');
    expect(amounts(c)).toEqual({ customs_duty: 0, additional_duty: 0, special_consumption_tax: 16_000, vat: 7_200 });
    expect(c.landed_cost_usd).toBe(43_200);
    const mfn = ok({ code: '870322', origin: 'KR', date: '2024-03-15', customs_value_usd: 20_000, incoterm: 'CIF', claim_preference: false });
    expect(amounts(mfn)).toMatchObject({ customs_duty: 2_000, special_consumption_tax: 17_600, vat: 7_920 });
    expect(mfn.landed_cost_usd).toBe(47_520);
  });
});

describe('inputs that change the result', () => {
  const tshirts: LandedCostInput = {
    code: '610910', origin: 'CN', date: '2024-03-15', customs_value_usd: 10_000, freight_usd: 500, insurance_usd: 20,
    net_weight_kg: 900,
  };

  it('leaves KKDF out when the import is not credit-financed', () => {
    const cash = ok(tshirts);
    const credit = ok({ ...tshirts, credit_financed: true });
    expect(cash.lines.some((l) => l.kind === 'kkdf')).toBe(false);
    expect(credit.lines.find((l) => l.kind === 'kkdf')?.amount_usd).toBe(631.2); // 6 % of 10,520
    // KKDF enters the VAT base: 631.20 more base, 63.12 more VAT at 10 %.
    expect(credit.vat_base_usd - cash.vat_base_usd).toBeCloseTo(631.2, 10);
    expect(credit.total_taxes_usd - cash.total_taxes_usd).toBeCloseTo(631.2 + 63.12, 10);
  });

  it('uses the VAT rate of the declaration date', () => {
    const before = ok({ ...tshirts, code: '847130', date: '2023-07-09' });
    const after = ok({ ...tshirts, code: '847130', date: '2023-07-10' });
    expect(before.lines.at(-1)).toMatchObject({ kind: 'vat', rate: 18, amount_usd: 1_893.6 });
    expect(after.lines.at(-1)).toMatchObject({ kind: 'vat', rate: 20, amount_usd: 2_104 });
  });

  it('charges a per-litre ÖTV on fuels from the quantity', () => {
    const c = ok({ code: '271012', origin: 'RU', date: '2024-03-15', customs_value_usd: 100_000, quantity: 150_000, incoterm: 'CIF' });
    expect(c.lines.find((l) => l.kind === 'special_consumption_tax')).toMatchObject({
      rate: 0.7, rate_unit: 'USD/unit', basis_quantity: 150_000, amount_usd: 105_000,
    });
    expect(c.vat_base_usd).toBe(205_000);
  });
});

describe('error values', () => {
  it('asks for the net weight when a per-kg anti-dumping duty applies', () => {
    const r = landedCost({ code: '610910', origin: 'CN', date: '2024-03-15', customs_value_usd: 10_000, quantity: 5_000 });
    expect(r).toMatchObject({ ok: false, error: { code: 'missing_input', field: 'net_weight_kg' } });
  });

  it('does not need the weight when the same goods come from an origin without the duty', () => {
    expect(landedCost({ code: '610910', origin: 'BD', date: '2024-03-15', customs_value_usd: 10_000 }).ok).toBe(true);
  });

  it('asks for the quantity when a per-unit ÖTV applies', () => {
    const r = landedCost({ code: '220830', origin: 'GB', date: '2024-03-15', customs_value_usd: 10_000 });
    expect(r).toMatchObject({ ok: false, error: { code: 'missing_input', field: 'quantity' } });
  });

  it('asks for freight when the incoterm leaves it out of the value', () => {
    for (const incoterm of ['EXW', 'FCA', 'FAS', 'FOB'] as const) {
      const r = landedCost({ code: '847130', origin: 'CN', date: '2024-03-15', customs_value_usd: 1_000, incoterm });
      expect(r).toMatchObject({ ok: false, error: { code: 'missing_input', field: 'freight_usd' } });
    }
    const cfr = ok({ code: '847130', origin: 'CN', date: '2024-03-15', customs_value_usd: 1_000, incoterm: 'CFR' });
    expect(cfr.notes.join(' ')).toMatch(/Insurance not given and not included under CFR/);
  });

  it.each([
    [{ customs_value_usd: 0 }, 'customs_value_usd'],
    [{ customs_value_usd: -5 }, 'customs_value_usd'],
    [{ customs_value_usd: Number.NaN }, 'customs_value_usd'],
    [{ freight_usd: -1 }, 'freight_usd'],
    [{ insurance_usd: Number.POSITIVE_INFINITY }, 'insurance_usd'],
    [{ net_weight_kg: 0 }, 'net_weight_kg'],
    [{ quantity: -2 }, 'quantity'],
    [{ incoterm: 'FOBX' }, 'incoterm'],
    [{ code: '61091' }, 'code'],
    [{ origin: 'CHN' }, 'origin'],
  ])('rejects %o', (patch, field) => {
    const input = { code: '610910', origin: 'CN', date: '2024-03-15', customs_value_usd: 1_000, net_weight_kg: 10, ...patch };
    const r = landedCost(input as LandedCostInput);
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_input', field } });
  });
});

// Deterministic generator so a failure reproduces.
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('invariants over generated consignments', () => {
  const codes = ['870322', '610910', '851713', '720851', '540233', '401110', '040690', '100199', '330499', '940360', '271012', '220830', '300490', '710812'];
  const origins = ['DE', 'CN', 'KR', 'MY', 'VN', 'US', 'BD', 'TH', 'GB', 'JO', 'CH', 'FR'];
  const cents = (usd: number): number => Math.round(usd * 100);

  it('adds up: lines, bases, totals and landed cost', () => {
    const rnd = lcg(2024);
    for (let i = 0; i < 2_000; i++) {
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
      const input: LandedCostInput = {
        code: pick(codes), origin: pick(origins),
        date: pick(['2019-05-01', '2023-07-09', '2023-07-10', '2025-01-31']),
        customs_value_usd: Math.round(rnd() * 1e8) / 100 + 0.01,
        freight_usd: Math.round(rnd() * 1e6) / 100,
        insurance_usd: Math.round(rnd() * 1e4) / 100,
        quantity: Math.floor(rnd() * 10_000) + 1,
        net_weight_kg: Math.round(rnd() * 1e6) / 100 + 0.5,
        credit_financed: rnd() < 0.5,
      };
      const c = ok(input);
      const cif = cents(input.customs_value_usd) + cents(input.freight_usd ?? 0) + cents(input.insurance_usd ?? 0);
      expect(cents(c.cif_usd)).toBe(cif);
      const lineCents = c.lines.map((l) => cents(l.amount_usd));
      const total = lineCents.reduce((a, b) => a + b, 0);
      expect(cents(c.total_taxes_usd)).toBe(total);
      expect(cents(c.landed_cost_usd)).toBe(cif + total);
      const vat = c.lines.at(-1);
      expect(vat?.kind).toBe('vat');
      expect(cents(c.vat_base_usd)).toBe(cif + total - cents(vat?.amount_usd ?? 0));
      expect(vat?.basis_usd).toBe(c.vat_base_usd);
      for (const l of c.lines) {
        expect(l.amount_usd).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(cents(l.amount_usd)) && Math.abs(l.amount_usd * 100 - cents(l.amount_usd)) < 1e-6).toBe(true);
        if (l.rate_unit === '%' && l.basis_usd !== null) {
          // Half-up at the cent: within half a cent of the exact product.
          const exact = cents(l.basis_usd) * l.rate / 100;
          expect(Math.abs(cents(l.amount_usd) - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
        }
      }
      expect(c.lines.some((l) => l.kind === 'kkdf')).toBe(input.credit_financed === true);
      expect(c.proof_of_origin === null).toBe(c.preference.regime === 'mfn');
    }
  });
});
