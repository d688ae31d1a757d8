// Cursors: the query a page answers, the order it is read in, and where the previous page ended (encoded as
// base64url JSON, decoded strictly: anything malformed is a 400 "Invalid cursor").
import { type LeadFilter, type LeadSort, type SortDirection } from '@fundwire/shared';
import { badRequest } from '../../errors.js';
import type { MatchCount } from './count.js';

export type LeadPageQuery = LeadFilter & {
  page?: number | undefined;
  limit: number;
  cursor?: string | undefined;
  sort?: LeadSort | undefined;
  dir?: SortDirection | undefined;
};

/** The order a page is read in. Relevance is always best match first. */
export interface Order {
  sort: LeadSort;
  dir: SortDirection;
}
export type KeyedSort = 'amount' | 'round';

/** Where the previous page ended: its last row's position in the order the page was sorted by, and the
 * count of the first page, so Load More never counts again. */
export type Cursor = (
  | { sort: 'date'; dir: SortDirection; date: string; id: string }
  | { sort: 'relevance'; dir: 'desc'; rank: string; date: string; id: string }
  | { sort: KeyedSort; dir: SortDirection; key: string; date: string; id: string }
) & { matches: MatchCount };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const RANK = /^\d+(\.\d+)?(e-?\d+)?$/;
const SORT_KEY = /^-?\d{1,19}$/;
const INT8_MAX = 2n ** 63n - 1n;

const COUNT = /^\d{1,12}$/;

/** The cursor's first element: 'd' and 'r' are the kinds cursors had before dir existed. */
const CURSOR_KINDS = {
  'date:desc': 'd',
  'date:asc': 'da',
  'amount:desc': 'ad',
  'amount:asc': 'aa',
  'round:desc': 'od',
  'round:asc': 'oa',
} as const;
const ORDER_OF_KIND = new Map<string, { sort: 'date' | KeyedSort; dir: SortDirection }>(
  Object.entries(CURSOR_KINDS).map(([order, kind]) => {
    const [sort, dir] = order.split(':') as ['date' | KeyedSort, SortDirection];
    return [kind, { sort, dir }];
  }),
);

export function encodeCursor(cursor: Cursor): string {
  const position =
    cursor.sort === 'relevance'
      ? ['r', cursor.rank, cursor.date, cursor.id]
      : cursor.sort === 'date'
        ? [CURSOR_KINDS[`date:${cursor.dir}`], cursor.date, cursor.id]
        : [CURSOR_KINDS[`${cursor.sort}:${cursor.dir}`], cursor.key, cursor.date, cursor.id];
  // The count's kind: '1' exact, '0' an estimate, '2' more than the count.
  const parts = [...position, String(cursor.matches.count), cursor.matches.exact ? '1' : cursor.matches.atLeast ? '2' : '0'];
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

export function decodeCursor(text: string): Cursor {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('Invalid cursor');
  }
  if (!Array.isArray(parts) || !parts.every((part) => typeof part === 'string')) throw badRequest('Invalid cursor');
  const strings = parts as string[];
  const [total, exact] = strings.slice(-2);
  const [kind, first, second, third, ...extra] = strings.slice(0, -2);
  if (total === undefined || !COUNT.test(total) || (exact !== '0' && exact !== '1' && exact !== '2') || extra.length > 0) throw badRequest('Invalid cursor');
  const matches: MatchCount = exact === '2' ? { count: Number(total), exact: false, atLeast: true } : { count: Number(total), exact: exact === '1' };
  const validDate = (date: string | undefined): date is string =>
    date !== undefined && DATE.test(date) && !date.startsWith('0000') && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);
  const validId = (id: string | undefined): id is string => id !== undefined && UUID.test(id);
  const validKey = (key: string | undefined): key is string => key !== undefined && SORT_KEY.test(key) && BigInt(key) <= INT8_MAX && BigInt(key) >= -INT8_MAX;
  if (kind === 'r' && first !== undefined && RANK.test(first) && validDate(second) && validId(third))
    return { sort: 'relevance', dir: 'desc', rank: first, date: second, id: third, matches };
  const order = kind === undefined ? undefined : ORDER_OF_KIND.get(kind);
  if (order?.sort === 'date' && third === undefined && validDate(first) && validId(second))
    return { sort: 'date', dir: order.dir, date: first, id: second, matches };
  if (order && order.sort !== 'date' && validKey(first) && validDate(second) && validId(third))
    return { sort: order.sort, dir: order.dir, key: first, date: second, id: third, matches };
  throw badRequest('Invalid cursor');
}

/** The order asked for: relevance needs words to rank by, and is always best match first. */
export function requestedOrder(query: LeadPageQuery): Order {
  const sort = query.sort ?? (query.q !== undefined ? 'relevance' : 'date');
  if (sort === 'relevance') return query.q !== undefined ? { sort, dir: 'desc' } : { sort: 'date', dir: 'desc' };
  return { sort, dir: query.dir ?? 'desc' };
}

/** A cursor continues the order its first page had: the one asked for, or newest first for a search too broad to rank. */
export function cursorFits(cursor: Cursor, requested: Order): boolean {
  if (cursor.sort === requested.sort && cursor.dir === requested.dir) return true;
  return requested.sort === 'relevance' && cursor.sort === 'date' && cursor.dir === 'desc';
}
