// The public nomenclature files the classifier learns from, read from a directory that holds them
// (REFERENCE_DATA_DIR, or where `tradeapi reference download` put them). Missing files are skipped:
// the classifier says which sources it used.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse';
import { CATALOGUE, CATALOGUE_SUBHEADINGS } from './catalogue.js';
import {
  readHarmonizedSystem, readNationalTariff, readSearchTerms, readSections, type Knowledge, type Row, type TariffLine,
} from '../domain/classify/knowledge.js';

/** The files, by the names their publishers' data are stored under here. */
export const REFERENCE_FILES = {
  hs: 'harmonized-system.csv',
  sections: 'hs-sections.csv',
  us: 'us-hts-2026-rev10.csv',
  eu: 'eu-cn-2026.csv',
  uk: 'uk-global-tariff-2021.csv',
  searchTerms: 'uk-tariff-search-references.csv',
} as const;

/** True when the directory holds at least the HS 2022 nomenclature. */
export function hasReferenceData(dir: string): boolean {
  return fs.existsSync(path.join(dir, REFERENCE_FILES.hs));
}

// Streamed, so that reading 17 MB of CSV at start lets requests through between chunks.
async function readIf(dir: string, name: string): Promise<Row[] | null> {
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) return null;
  const out: Row[] = [];
  const parser = fs.createReadStream(file).pipe(parse({ bom: true, columns: true, skip_empty_lines: true, relax_column_count: true }));
  for await (const record of parser) out.push(record as Row);
  return out;
}

/** Everything the directory holds; null without the HS 2022 file, which maps lines to subheadings. */
export async function loadKnowledge(dir: string): Promise<Knowledge | null> {
  const hsText = await readIf(dir, REFERENCE_FILES.hs);
  if (hsText === null) return null;
  const hs = readHarmonizedSystem(hsText);
  const known = new Set(hs.lines.map((l) => l.hs6));
  const lines = [...hs.lines];
  const sections = new Map<string, string>();
  const sectionNames = await readIf(dir, REFERENCE_FILES.sections);
  if (sectionNames !== null) {
    const names = readSections(sectionNames);
    for (const [chapter, section] of hs.chapterSection) sections.set(chapter, names.get(section) ?? section);
  }
  for (const [name, source] of [[REFERENCE_FILES.us, 'us-hts'], [REFERENCE_FILES.eu, 'eu-cn'], [REFERENCE_FILES.uk, 'uk-tariff']] as const) {
    const text = await readIf(dir, name);
    if (text !== null) lines.push(...readNationalTariff(text, source, known));
  }
  const termsText = await readIf(dir, REFERENCE_FILES.searchTerms);
  if (termsText !== null) lines.push(...readSearchTerms(termsText, known));
  lines.push(...shippedLines().filter((l) => known.has(l.hs6)));
  return { lines, titles: hs.titles, sections };
}

/** The catalogue the service ships, in English and Turkish: the only Turkish tariff words it has. */
export function shippedLines(): TariffLine[] {
  const out: TariffLine[] = [];
  for (const s of CATALOGUE_SUBHEADINGS) {
    out.push({ hs6: s.code, code: s.code, text: s.description_en, source: 'builtin' });
    out.push({ hs6: s.code, code: s.code, text: s.description_tr, source: 'builtin' });
  }
  for (const p of CATALOGUE) {
    out.push({ hs6: p.hs6, code: p.gtip, text: p.description_en, source: 'builtin' });
    out.push({ hs6: p.hs6, code: p.gtip, text: p.description_tr, source: 'builtin' });
  }
  return out;
}
