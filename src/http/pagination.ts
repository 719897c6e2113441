// Opaque keyset cursors: base64url JSON of the last row's sort key. Keyset (not offset) paging
// never repeats or skips a record while new ones are appended.
import { Type } from 'typebox';
import { badParam } from './errors.js';

export const LimitParam = Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50, description: 'Page size, 1–1000' }));
export const CursorParam = Type.Optional(Type.String({ maxLength: 500, description: 'Opaque cursor from meta.next_cursor' }));

export function encodeCursor(key: unknown[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor(cursor: string | undefined, arity: number): unknown[] | null {
  if (cursor === undefined || cursor === '') return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === arity) return v;
  } catch {
    // fall through
  }
  throw badParam('cursor', 'not a cursor of this list; pass meta.next_cursor unchanged');
}

/** Given limit+1 fetched rows, the page and the cursor of the next one (null on the last page). */
export function page<T>(rows: T[], limit: number, keyOf: (row: T) => unknown[]): { items: T[]; next_cursor: string | null } {
  if (rows.length <= limit) return { items: rows, next_cursor: null };
  const items = rows.slice(0, limit);
  return { items, next_cursor: encodeCursor(keyOf(items[items.length - 1] as T)) };
}
