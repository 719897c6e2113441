// API shape of a nomenclature entry, with its path from the section down.
import { Type, type Static } from 'typebox';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { HS_SECTION_BY_ID } from '../../reference/hs-nomenclature.js';
import { formatGtip, hsAncestors } from '../../domain/codes/hs-code.js';
import { getCodes, withChildren, type StoredHsCode } from './queries.js';
import { sectionOfChapter } from './builtin.js';

const LEVEL_NAMES: Readonly<Record<number, string>> = {
  2: 'chapter', 4: 'heading', 6: 'subheading', 8: 'cn_subheading', 10: 'national_subheading', 12: 'gtip',
};

export function levelName(level: number): string {
  return LEVEL_NAMES[level] ?? `level_${level}`;
}

export const PathStep = Type.Object({
  level: Type.String({ description: 'section, chapter, heading, subheading, cn_subheading, national_subheading or gtip' }),
  code: Type.String(),
  description_en: Type.String(),
  description_tr: Type.Union([Type.String(), Type.Null()]),
});
export type PathStep = Static<typeof PathStep>;

export const HsCodeView = Type.Object({
  code: Type.String({ description: 'Digits only, 2–12' }),
  code_formatted: Type.String({ description: 'Written form, e.g. 6109.10.00.00.11' }),
  edition: Type.String(),
  level: Type.Integer({ description: 'Number of digits: 2, 4, 6, 8, 10 or 12' }),
  level_name: Type.String(),
  parent: Type.Union([Type.String(), Type.Null()]),
  section: Type.Union([Type.String(), Type.Null()], { description: 'Roman numeral of the HS section' }),
  description_en: Type.String(),
  description_tr: Type.Union([Type.String(), Type.Null()]),
  has_children: Type.Boolean(),
  path: Type.Array(PathStep, { description: 'Section → chapter → heading → subheading → … → this code' }),
});
export type HsCodeView = Static<typeof HsCodeView>;

/** Path steps of a code, given the described rows of its ancestors (missing levels are skipped). */
export function pathOf(row: StoredHsCode, ancestors: ReadonlyMap<string, StoredHsCode>): PathStep[] {
  const steps: PathStep[] = [];
  const sectionId = row.section ?? sectionOfChapter(row.code.slice(0, 2));
  const section = sectionId ? HS_SECTION_BY_ID.get(sectionId) : undefined;
  if (section) steps.push({ level: 'section', code: section.section, description_en: section.name_en, description_tr: section.name_tr });
  for (const code of hsAncestors(row.code)) {
    const a = ancestors.get(code);
    if (a) steps.push({ level: levelName(a.level), code: a.code, description_en: a.description_en, description_tr: a.description_tr });
  }
  steps.push({ level: levelName(row.level), code: row.code, description_en: row.description_en, description_tr: row.description_tr });
  return steps;
}

/** API views of rows of one edition: ancestors and child counts fetched in two queries for all of them. */
export async function toViews(db: Kysely<DB>, edition: string, rows: readonly StoredHsCode[]): Promise<HsCodeView[]> {
  const ancestorRows = await getCodes(db, edition, rows.flatMap((r) => hsAncestors(r.code)));
  const ancestors = new Map(ancestorRows.map((r) => [r.code, r]));
  const parents = await withChildren(db, edition, rows.map((r) => r.code));
  return rows.map((r) => ({
    code: r.code,
    code_formatted: formatGtip(r.code),
    edition: r.edition,
    level: r.level,
    level_name: levelName(r.level),
    parent: r.parent,
    section: r.section ?? sectionOfChapter(r.code.slice(0, 2)),
    description_en: r.description_en,
    description_tr: r.description_tr,
    has_children: parents.has(r.code),
    path: pathOf(r, ancestors),
  }));
}
