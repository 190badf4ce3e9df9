import { V1_DEFAULT_LIMIT } from '@rotalink/shared-api/contract';
import { HttpError } from '../../errors';

export const CURSOR_INVALID = 'cursor is not valid for this list: pass the next_cursor of the previous page, unchanged.';

/** A position in a list: the sort key of the last item handed out. */
export type Keyset = ReadonlyArray<string | number>;

/**
 * Issue 31: the public API's cursors (decision 0132). A cursor is the last item's sort key plus
 * the list it belongs to, base64url-encoded JSON: opaque to clients (the docs promise nothing
 * about its content), and checked on the way back, so a cursor of another list, or of another
 * profile, is a 400 `cursor-invalid` rather than a wrong page. Keyset paging, not offsets: a link
 * added or deleted between two pages neither repeats nor skips the others.
 */
export function encodeCursor(list: string, keys: Keyset): string {
  return Buffer.from(JSON.stringify([list, ...keys])).toString('base64url');
}

/** The keys of a cursor of `list`, shaped as `shape` says ('n' a number, 's' a string); 400 otherwise. */
export function decodeCursor(cursor: string, list: string, shape: ReadonlyArray<'n' | 's'>): Keyset {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(value) || value.length !== shape.length + 1 || value[0] !== list) throw invalid();
  const keys = value.slice(1);
  const fits = keys.every((k, i) => (shape[i] === 'n' ? Number.isSafeInteger(k) : typeof k === 'string' && k.length <= 200));
  if (!fits) throw invalid();
  return keys as Keyset;
}

const invalid = () => new HttpError(400, CURSOR_INVALID, 'cursor-invalid');

/** One page from the `limit + 1` rows read: the extra row says whether there is a next page. */
export function pageOf<Row, Item>(
  rows: Row[],
  limit: number,
  item: (row: Row) => Item,
  next: (last: Row) => string,
): { data: Item[]; next_cursor: string | null } {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  return { data: shown.map(item), next_cursor: more ? next(shown[shown.length - 1]) : null };
}

/** `limit` as the schema let it through (1-100, as text), or the default. */
export const limitOf = (q: { limit?: string }) => (q.limit === undefined ? V1_DEFAULT_LIMIT : Number(q.limit));
