// Duties by origin group. Without an origin, every country is resolved and countries that end up
// with the same customs-duty treatment and the same İGV column form one group, so the list shows
// MFN, the EU customs union, EFTA and each FTA partner exactly as the tariff treats them.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { stateKey, stateOf } from '../../db/state.js';
import { AgingMap } from '../shared/aging-map.js';
import { approxBytes } from '../shared/approx-bytes.js';
import { COUNTRIES } from '../../reference/countries.js';
import { AGREEMENTS, IGV_GROUP_NAMES, agreementCovers } from '../../reference/agreements.js';
import { TARIFF_MEASURES, type Levy, type TariffMeasure } from '../../reference/tariffs.js';
import { resolveMeasures, type ResolvedMeasures, type TariffError } from '../../domain/tariff/index.js';

export interface LevyView { basis: 'ad_valorem' | 'specific'; rate: number; rate_unit: '%' | 'USD/kg' | 'USD/unit' }

interface Basis { measure_id: string; legal_basis: string; valid_from: string; valid_to: string | null; illustrative: boolean }

export interface RemedyView extends Basis, LevyView { subject: string; origins: string[] }

export interface TariffGroup {
  code: string;
  date: string;
  origin_group: string;
  label: string;
  origins: string[];
  igv_group: number;
  igv_group_name: string;
  customs_duty: Basis & {
    rate_pct: number; mfn_pct: number; regime: string; agreement_id: string | null; agreement_name: string | null;
    proof_of_origin: string | null; reason: string;
  };
  additional_duty: (Basis & { rate_pct: number }) | null;
  anti_dumping: RemedyView[];
  safeguard: RemedyView[];
  vat: Basis & { rate_pct: number };
  special_consumption_tax: (Basis & LevyView & { list: string }) | null;
  kkdf: (Basis & { rate_pct: number; note: string }) | null;
}

export function levyView(levy: Levy): LevyView {
  return levy.basis === 'ad_valorem'
    ? { basis: 'ad_valorem', rate: levy.pct, rate_unit: '%' }
    : { basis: 'specific', rate: levy.usd_per, rate_unit: levy.per === 'kg' ? 'USD/kg' : 'USD/unit' };
}

function basis(m: Basis): Basis {
  return { measure_id: m.measure_id, legal_basis: m.legal_basis, valid_from: m.valid_from, valid_to: m.valid_to, illustrative: m.illustrative };
}

function groupKey(r: ResolvedMeasures): string {
  const d = r.customs_duty;
  return `${d.agreement_id ?? 'mfn'}|${d.rate_pct}|${r.igv_group}`;
}

function remedies(members: readonly ResolvedMeasures[], kind: 'anti_dumping' | 'safeguard'): RemedyView[] {
  const byMeasure = new Map<string, RemedyView>();
  for (const r of members) {
    const m = r[kind];
    if (!m) continue;
    const seen = byMeasure.get(m.measure_id);
    if (seen) seen.origins.push(r.origin);
    else byMeasure.set(m.measure_id, { ...basis(m), ...levyView(m.levy), subject: m.subject, origins: [r.origin] });
  }
  return [...byMeasure.values()];
}

function toGroup(members: readonly ResolvedMeasures[], single: boolean): TariffGroup {
  const r = members[0]!;
  const d = r.customs_duty;
  const igvName = IGV_GROUP_NAMES[r.igv_group].en;
  const label = single ? `origin ${r.origin}` : d.agreement_name ?? (r.igv_group === 8 ? 'MFN (no agreement)' : `MFN, İGV group ${r.igv_group}: ${igvName}`);
  return {
    code: r.code,
    date: r.date,
    origin_group: single ? r.origin : `${d.agreement_id ?? 'mfn'}${d.agreement_id ? '' : `-igv${r.igv_group}`}`,
    label,
    origins: members.map((m) => m.origin).sort(),
    igv_group: r.igv_group,
    igv_group_name: igvName,
    customs_duty: {
      ...basis(d), rate_pct: d.rate_pct, mfn_pct: d.mfn_pct, regime: d.regime, agreement_id: d.agreement_id,
      agreement_name: d.agreement_name, proof_of_origin: d.proof_of_origin, reason: d.reason,
    },
    additional_duty: r.additional_duty ? { ...basis(r.additional_duty), rate_pct: r.additional_duty.rate_pct } : null,
    anti_dumping: remedies(members, 'anti_dumping'),
    safeguard: remedies(members, 'safeguard'),
    vat: { ...basis(r.vat), rate_pct: r.vat.rate_pct },
    special_consumption_tax: r.special_consumption_tax
      ? { ...basis(r.special_consumption_tax), ...levyView(r.special_consumption_tax.levy), list: r.special_consumption_tax.list }
      : null,
    kkdf: r.kkdf ? { ...basis(r.kkdf), rate_pct: r.kkdf.rate_pct, note: 'charged only on imports paid on credit' } : null,
  };
}

type Groups = { ok: true; groups: TariffGroup[] } | { ok: false; error: TariffError };

// Answers depend only on the shipped reference data, so they are kept with the store's state (the
// most recently used kept, bounded in bytes: a code's groups list every origin): by code, and by
// class of code. Two codes with the same applicable measures that the same agreements reach
// resolve alike for every origin, but for the code itself; resolving every origin costs
// milliseconds, a class is shared by whole chapters.
const BY_CODE_BYTES = 32 * 1024 * 1024;
const BY_CLASS_BYTES = 16 * 1024 * 1024;

interface Kept<T> {
  value: T;
  bytes: number;
}

export class TariffGroupMemo {
  readonly byCode = new AgingMap<Kept<Groups>>(Infinity, BY_CODE_BYTES, (k) => k.bytes);
  readonly byClass = new AgingMap<Kept<TariffGroup[]>>(Infinity, BY_CLASS_BYTES, (k) => k.bytes);

  clear(): void {
    this.byCode.clear();
    this.byClass.clear();
  }
}

const MEMO = stateKey({ name: 'tariff groups', create: () => new TariffGroupMemo(), close: (m) => m.clear() });

/** The store's memo of tariff groups. */
export const tariffMemoOf = (db: Kysely<DB>): TariffGroupMemo => stateOf(db).get(MEMO);

function remember<T>(memo: AgingMap<Kept<T>>, key: string, value: T): T {
  memo.set(key, { value, bytes: 2 * key.length + approxBytes(value) });
  return value;
}

function recall<T>(memo: AgingMap<Kept<T>>, key: string): T | undefined {
  const hit = memo.get(key);
  // Set again, it moves to the back: the last to go.
  if (hit) memo.set(key, hit);
  return hit?.value;
}

/**
 * One group for a given origin, or every origin group; an error names the input at fault. Callers
 * share the returned groups and must not change them.
 */
export function tariffGroups(memo: TariffGroupMemo, code: string, date: string, origin: string | null): Groups {
  const { byCode, byClass } = memo;
  const key = `${code}|${date}|${origin ?? ''}`;
  const hit = recall(byCode, key);
  if (hit) return hit;
  const measures = measuresFor(code);
  const digits = code.replace(/\D/g, '');
  const classKey = `${date}|${origin ?? ''}|${measures.map((m) => m.id).join(',')}|${AGREEMENTS.map((a) => (agreementCovers(a, digits) ? 1 : 0)).join('')}`;
  const shared = recall(byClass, classKey);
  if (shared) return remember(byCode, key, { ok: true, groups: shared.map((g) => ({ ...g, code: digits })) });
  const value = computeGroups(code, date, origin, measures);
  // An error may name the code: it is kept for this code only.
  if (value.ok) remember(byClass, classKey, value.groups);
  return remember(byCode, key, value);
}

/**
 * The measures that can apply to a code, in data order. Every origin is resolved against these few
 * instead of the whole tariff: resolution keeps, per kind, the longest matching prefix (the first
 * in data order on a tie), which a subset in the same order gives alike.
 */
export function measuresFor(code: string): readonly TariffMeasure[] {
  const digits = code.replace(/\D/g, '');
  return TARIFF_MEASURES.filter((m) => digits.startsWith(m.hs_prefix));
}

/** Every origin (or the one given) resolved and grouped. */
export function computeGroups(code: string, date: string, origin: string | null, measures: readonly TariffMeasure[] = TARIFF_MEASURES): Groups {
  if (origin !== null) {
    const r = resolveMeasures(code, origin, date, { measures });
    return r.ok ? { ok: true, groups: [toGroup([r.value], true)] } : r;
  }
  const groups = new Map<string, ResolvedMeasures[]>();
  for (const c of COUNTRIES) {
    if (c.alpha2 === 'TR') continue;
    const r = resolveMeasures(code, c.alpha2, date, { measures });
    if (!r.ok) return r;
    const key = groupKey(r.value);
    const list = groups.get(key) ?? [];
    list.push(r.value);
    groups.set(key, list);
  }
  const out = [...groups.values()].map((m) => toGroup(m, false));
  // MFN first, then by rate and name: the general case, then the preferences.
  out.sort((a, b) => Number(a.customs_duty.regime !== 'mfn') - Number(b.customs_duty.regime !== 'mfn')
    || b.igv_group - a.igv_group || a.customs_duty.rate_pct - b.customs_duty.rate_pct || a.label.localeCompare(b.label));
  return { ok: true, groups: out };
}
