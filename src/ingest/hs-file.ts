// What the HS nomenclature and concordance loaders share: the rejected-row shape, the file error
// and the edition check.
import { EDITIONS } from '../features/hs-codes/builtin.js';

export interface Rejected { line: number; code: string | null; reason: string }

export class HsFileError extends Error {}

export function isEdition(s: string): boolean {
  return (EDITIONS as readonly string[]).includes(s);
}
