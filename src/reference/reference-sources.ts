// Where each reference file the classifier reads comes from, for `tradeapi reference download`.
// Two files are published upstream in exactly the layout we read (datasets/harmonized-system, a
// pinned commit, so the bytes cannot change under us). The other four are conversions of their
// publishers' own formats (USITC JSON, EU Vocabularies JSON, a DIT CSV with lost leading zeros,
// HMRC JSON; see docs/hs-codes.md): no publisher serves that CSV, so they come from a mirror
// given with --from (or REFERENCE_BASE_URL) that holds the converted files by these names.

export interface ReferenceSource {
  /** The file name in REFERENCE_DATA_DIR (src/reference/tariff-files.ts reads these names). */
  file: string;
  /** Who publishes the data. */
  publisher: string;
  /** The publisher's own page or file, for the record. */
  upstream: string;
  /** A URL serving this exact layout, or null when only a mirror (--from) has it. */
  url: string | null;
  /** The CSV header the file must have, in order. */
  header: readonly string[];
  /** Without it the classifier has no index (the HS 2022 subheadings map every other line). */
  required: boolean;
}

const HS_COMMIT = 'https://raw.githubusercontent.com/datasets/harmonized-system/905e5a0fa29f5700d62cb3cc1265f21bc8a92329/data';

export const REFERENCE_SOURCES: readonly ReferenceSource[] = [
  {
    file: 'harmonized-system.csv', publisher: 'WCO HS 2022 via UN Comtrade, packaged by datasets/harmonized-system (ODC-PDDL)',
    upstream: 'https://github.com/datasets/harmonized-system', url: `${HS_COMMIT}/harmonized-system.csv`,
    header: ['section', 'hscode', 'description', 'parent', 'level'], required: true,
  },
  {
    file: 'hs-sections.csv', publisher: 'WCO HS 2022 sections, datasets/harmonized-system (ODC-PDDL)',
    upstream: 'https://github.com/datasets/harmonized-system', url: `${HS_COMMIT}/sections.csv`,
    header: ['section', 'name'], required: false,
  },
  {
    file: 'us-hts-2026-rev10.csv', publisher: 'USITC, Harmonized Tariff Schedule 2026 Revision 10 (public domain)',
    upstream: 'https://hts.usitc.gov/', url: null,
    header: ['code', 'level_or_indent', 'description', 'parent_code', 'path_description', 'hts_code', 'code_digits', 'chapter'], required: false,
  },
  {
    file: 'eu-cn-2026.csv', publisher: 'Publications Office of the EU, Combined Nomenclature 2026 (EU Vocabularies)',
    upstream: 'https://op.europa.eu/en/web/eu-vocabularies/dataset/-/resource?uri=http://publications.europa.eu/resource/dataset/combined-nomenclature-2026',
    url: null,
    header: ['code', 'level_or_indent', 'description', 'parent_code', 'path_description', 'cn_code_spaced', 'supplementary_unit'], required: false,
  },
  {
    file: 'uk-global-tariff-2021.csv', publisher: 'UK Department for International Trade, UK Global Tariff 2021 (OGL v3.0)',
    upstream: 'https://www.check-future-uk-trade-tariffs.service.gov.uk/api/global-uk-tariff.csv', url: null,
    header: ['code', 'level_or_indent', 'description', 'parent_code', 'hs6_in_hs2022'], required: false,
  },
  {
    file: 'uk-tariff-search-references.csv', publisher: 'HMRC Online Trade Tariff search references (Crown copyright)',
    upstream: 'https://github.com/trade-tariff/trade-tariff-lambdas-fpo-search', url: null,
    header: ['term', 'commodity_code', 'hs6'], required: false,
  },
];
