// Reads the public reference datasets kept beside the repository, to check our own tables
// against them (they are never copied into the code).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';

export function readSharedCsv(name: string): Record<string, string>[] {
  const file = path.resolve(process.cwd(), '../shared/data', name);
  return parse(readFileSync(file, 'utf8'), { columns: true, bom: true, skip_empty_lines: true }) as Record<string, string>[];
}
