// What the tariff classifier knows, independent of where it came from: nomenclature lines of any
// national tariff mapped to their HS 2022 subheading, and the titles of the levels above.

/** Where a line came from; answers name the sources they used. */
export type KnowledgeSource = 'hs2022' | 'us-hts' | 'eu-cn' | 'uk-tariff' | 'uk-search-terms' | 'builtin';

export interface TariffLine {
  /** The HS 2022 subheading the line belongs to. */
  hs6: string;
  /** The line's own code (6 to 10 digits), or the subheading for a search term. */
  code: string;
  /** The line's words, with the text of the grouping lines above it where the source gives them. */
  text: string;
  source: KnowledgeSource;
}

export interface Knowledge {
  lines: TariffLine[];
  /** Heading (4 digits) and chapter (2 digits) titles, English. */
  titles: Map<string, string>;
  /** Chapter → HS section title, English. */
  sections: Map<string, string>;
}

export class KnowledgeFileError extends Error {}

/** One CSV record by column name. */
export type Row = Record<string, string | undefined>;

function rows(records: readonly Row[], required: readonly string[], what: string): readonly Row[] {
  const first = records[0];
  if (!first || required.some((c) => !(c in first))) throw new KnowledgeFileError(`${what}: expected columns ${required.join(',')}`);
  return records;
}

const SIX = /^\d{6}$/;

/** harmonized-system.csv (section,hscode,description,parent,level): subheadings, headings, chapters. */
export function readHarmonizedSystem(text: readonly Row[]): { lines: TariffLine[]; titles: Map<string, string>; chapterSection: Map<string, string> } {
  const lines: TariffLine[] = [];
  const titles = new Map<string, string>();
  const chapterSection = new Map<string, string>();
  for (const r of rows(text, ['section', 'hscode', 'description', 'level'], 'harmonized-system')) {
    const code = r.hscode!.trim();
    if (!/^\d+$/.test(code)) continue;
    if (code.length === 2) chapterSection.set(code, r.section!.trim());
    if (code.length <= 4) titles.set(code, r.description!);
    // A subheading carries its heading's words: '- Other' means nothing on its own.
    else if (code.length === 6) lines.push({ hs6: code, code, text: `${titles.get(code.slice(0, 4)) ?? ''} > ${r.description}`, source: 'hs2022' });
  }
  return { lines, titles, chapterSection };
}

/** hs-sections.csv (section,name). */
export function readSections(text: readonly Row[]): Map<string, string> {
  return new Map(rows(text, ['section', 'name'], 'hs-sections').map((r) => [r.section!.trim(), r.name!]));
}

/**
 * A national tariff in the layout `code,…,description,…,path_description` (US HTS, EU CN) or with
 * `hs6_in_hs2022` (UK 2021, HS 2017 based: lines whose subheading left HS 2022 are skipped).
 * Only lines of 8 or more digits: the 6-digit levels repeat the HS text. US chapters 98/99 are
 * special provisions, not goods.
 */
export function readNationalTariff(text: readonly Row[], source: 'us-hts' | 'eu-cn' | 'uk-tariff', known: ReadonlySet<string>): TariffLine[] {
  const out: TariffLine[] = [];
  for (const r of rows(text, ['code', 'description'], source)) {
    const code = r.code!.trim();
    if (!/^\d{8,10}$/.test(code) || code.startsWith('98') || code.startsWith('99')) continue;
    if (r.hs6_in_hs2022 !== undefined && r.hs6_in_hs2022 !== 'yes') continue;
    const hs6 = code.slice(0, 6);
    if (!known.has(hs6)) continue;
    out.push({ hs6, code, text: r.path_description || r.description!, source });
  }
  return out;
}

/** uk-tariff-search-references.csv (term,commodity_code,hs6): HMRC's curated search terms. */
export function readSearchTerms(text: readonly Row[], known: ReadonlySet<string>): TariffLine[] {
  const out: TariffLine[] = [];
  for (const r of rows(text, ['term', 'hs6'], 'uk-search-terms')) {
    const hs6 = r.hs6!.trim();
    if (SIX.test(hs6) && known.has(hs6)) out.push({ hs6, code: hs6, text: r.term!, source: 'uk-search-terms' });
  }
  return out;
}
