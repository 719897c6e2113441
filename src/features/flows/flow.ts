// Imports and exports are mirror images: every operation shape is written once and registered
// under both prefixes with the names below.
import type { Tag } from '../../http/operation.js';
import type { Flow } from '../shared/filters.js';

export interface FlowSpec {
  flow: Flow;
  /** URL segment: /v1/imports or /v1/exports. */
  prefix: 'imports' | 'exports';
  tag: Tag;
  /** For operationIds and summaries: "Import" / "Export". */
  noun: 'Import' | 'Export';
  /** Plural for operationIds: "Imports" / "Exports". */
  plural: 'Imports' | 'Exports';
  /** The Turkish party and the foreign party of this flow. */
  traders: 'importers' | 'exporters';
  partners: 'suppliers' | 'buyers';
  /** What the partner country is for this flow. */
  countryRole: 'origin' | 'destination';
  /** Inbound or outbound, for summaries. */
  bound: 'inbound' | 'outbound';
}

export const IMPORTS: FlowSpec = {
  flow: 'import', prefix: 'imports', tag: 'Import Data', noun: 'Import', plural: 'Imports',
  traders: 'importers', partners: 'suppliers', countryRole: 'origin', bound: 'inbound',
};

export const EXPORTS: FlowSpec = {
  flow: 'export', prefix: 'exports', tag: 'Export Data', noun: 'Export', plural: 'Exports',
  traders: 'exporters', partners: 'buyers', countryRole: 'destination', bound: 'outbound',
};

export function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
