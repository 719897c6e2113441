// The nomenclature and concordance the service ships with: HS 2022 chapters, and the catalogue's
// headings, subheadings and 12-digit GTİP lines, all described in our own words. A full HS edition
// can be loaded on top with `tradeapi ingest hs-codes`.
import { HS_CHAPTERS, HS_CHAPTER_BY_CODE } from '../../reference/hs-nomenclature.js';
import { CATALOGUE, CATALOGUE_HEADINGS, CATALOGUE_SUBHEADINGS } from '../../reference/catalogue.js';
import { foldTurkish } from '../../domain/codes/text.js';

export const DEFAULT_EDITION = 'HS2022';
export const EDITIONS = ['HS2017', 'HS2022'] as const;
export type Edition = (typeof EDITIONS)[number];

export type Relationship = '1:1' | '1:n' | 'n:1' | 'n:n';
export const RELATIONSHIPS: readonly Relationship[] = ['1:1', '1:n', 'n:1', 'n:n'];

export interface HsCodeRow {
  edition: string;
  code: string;
  level: number;
  parent: string | null;
  section: string | null;
  description_en: string;
  description_tr: string | null;
  search_text: string;
}

export interface ConcordanceRow {
  from_edition: string;
  from_code: string;
  to_edition: string;
  to_code: string;
  relationship: Relationship;
}

export function sectionOfChapter(chapter: string): string | null {
  return HS_CHAPTER_BY_CODE.get(chapter)?.section ?? null;
}

export function searchText(en: string, tr: string | null): string {
  return foldTurkish(tr ? `${en} ${tr}` : en);
}

function row(code: string, parent: string | null, en: string, tr: string): HsCodeRow {
  return {
    edition: DEFAULT_EDITION, code, level: code.length, parent, section: sectionOfChapter(code.slice(0, 2)),
    description_en: en, description_tr: tr, search_text: searchText(en, tr),
  };
}

/** Every built-in row; a GTİP line hangs under its subheading, since 8- and 10-digit lines are not described. */
export function builtinHsRows(): HsCodeRow[] {
  return [
    ...HS_CHAPTERS.map((c) => row(c.code, null, c.description_en, c.description_tr)),
    ...CATALOGUE_HEADINGS.map((h) => row(h.code, h.code.slice(0, 2), h.description_en, h.description_tr)),
    ...CATALOGUE_SUBHEADINGS.map((s) => row(s.code, s.code.slice(0, 4), s.description_en, s.description_tr)),
    ...CATALOGUE.map((p) => row(p.gtip, p.hs6, p.description_en, p.description_tr)),
  ];
}

export function inverse(rel: Relationship): Relationship {
  return rel === '1:n' ? 'n:1' : rel === 'n:1' ? '1:n' : rel;
}

/** Both directions of one HS 2022 → HS 2017 correspondence. */
export function bothWays(from: string, fromCode: string, to: string, toCode: string, rel: Relationship): ConcordanceRow[] {
  return [
    { from_edition: from, from_code: fromCode, to_edition: to, to_code: toCode, relationship: rel },
    { from_edition: to, from_code: toCode, to_edition: from, to_code: fromCode, relationship: inverse(rel) },
  ];
}

// Catalogue subheadings whose HS 2017 counterpart has another code (from the 2022 amendments).
const RENUMBERED: ReadonlyArray<readonly [hs2022: string, hs2017: readonly string[], rel: Relationship]> = [
  ['150920', ['150910'], 'n:1'],
  ['300241', ['300220'], '1:1'],
  ['340250', ['340220'], '1:1'],
  ['570339', ['570330'], 'n:1'],
  ['620140', ['620113', '620193'], '1:n'],
  ['620240', ['620213', '620293'], '1:n'],
  ['841810', ['841810', '841850'], 'n:n'],
  ['846261', ['846210', '846221', '846229', '846231', '846239', '846241', '846249', '846291'], 'n:n'],
  ['851713', ['851712'], 'n:1'],
  ['852990', ['852990'], 'n:n'],
  ['853952', ['853950'], 'n:1'],
  ['854143', ['854140'], 'n:1'],
  ['870121', ['870120'], 'n:1'],
  ['880730', ['880330'], 'n:1'],
  ['940141', ['940140'], 'n:1'],
  ['940199', ['940190'], 'n:1'],
  ['940511', ['940510'], 'n:1'],
];

// Catalogue subheadings that kept their 2017 code, but that 2017 code was split in 2022: several
// 2022 codes (this one among them) lead back to it.
const WIDENED = `170490 180690 210690 220299 300215 300420 300490 380893 382499 440711 731815 840310 840734
840820 840991 840999 841191 841370 841391 841430 841459 841480 841510 841821 841899 842123 842139 842211
842240 842482 842720 842810 842952 843149 843280 843351 844332 844391 844712 845011 845140 845710 846693
847130 847150 847170 847330 847710 847989 848180 848190 848210 848310 848340 850152 850161 850212 850213
850421 850423 850440 850710 850760 850811 851220 851610 851660 851671 851762 852852 852872 853650
853690 853710 854231 854232 854430 854442 854449 854460 870421 870423 870810 870821 870829 870830 870840
870850 870870 870880 870891 870892 870894 870895 870899 871639 871690 880240 900130 900410 901831 901839
901890 902131 902214 902620 902750 903180 903289 910211 940490 940690 950300 950450 950691`.split(/\s+/);

/** HS 2022 ↔ HS 2017 for every catalogue subheading, both directions; unlisted codes are unchanged (1:1). */
export function builtinConcordance(): ConcordanceRow[] {
  const renumbered = new Map(RENUMBERED.map(([c, to, rel]) => [c, { to, rel }]));
  const widened = new Set(WIDENED);
  const out: ConcordanceRow[] = [];
  for (const { code } of CATALOGUE_SUBHEADINGS) {
    const r = renumbered.get(code);
    if (r) for (const to of r.to) out.push(...bothWays('HS2022', code, 'HS2017', to, r.rel));
    else out.push(...bothWays('HS2022', code, 'HS2017', code, widened.has(code) ? 'n:1' : '1:1'));
  }
  return out;
}
