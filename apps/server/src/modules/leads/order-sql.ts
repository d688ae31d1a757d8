// The SQL of an order: its rank or key column, the keyset after a cursor and the ORDER BY. `hidden` writes date and
// key as expressions no index matches (a search reads through its own indexes).
import { desc, sql, type SQL } from 'drizzle-orm';
import type { SortDirection } from '@fundwire/shared';
import { LEAD_SORT_KEY_SQL, leads } from '../../db/schema/index.js';
import type { Cursor, KeyedSort, Order } from './cursor.js';
import { searchQuery } from './search-query.js';

/** The amount or round order's key (schema/leads.ts): the same text as the index on it, so the index matches. */
export function sortKey(sort: KeyedSort, dir: SortDirection): SQL {
  return sql.raw(LEAD_SORT_KEY_SQL[`${sort}:${dir}`]);
}

/** Rows after `position` in the list order (funding_date desc, id desc): the keyset the date-ordered
 * index walks from. Load More and the CSV export page with it alike. */
export function afterInDateOrder(position: { date: string; id: string }): SQL {
  return sql`(${leads.fundingDate}, ${leads.id}) < (${position.date}::date, ${position.id}::uuid)`;
}

/** How the rows of one order are read: its rank or key column, the keyset after a cursor, the ORDER BY. `hidden`
 * writes the date (and key) as expressions no index matches, so the planner reads matches through the search indexes
 * and sorts them instead of walking an order index hoping to meet matches early. */
export function orderSql(order: Order, q: string | undefined, cursor: Cursor | undefined) {
  const { sort } = order;
  const keyed = sort === 'amount' || sort === 'round' ? sortKey(sort, order.dir) : undefined;
  const dateAscending = sort === 'date' && order.dir === 'asc';
  const dateOf = (hidden: boolean) => (hidden ? sql`${leads.fundingDate} + 0` : sql`${leads.fundingDate}`);
  // The page's rank column: the relevance, the amount or round key, or 0 for date orders.
  const rankOf = (hidden: boolean): SQL => {
    if (sort === 'relevance' && q !== undefined) return sql`ts_rank(${leads.searchVector}, ${searchQuery(q)})`;
    if (keyed) return hidden ? sql`(${keyed}) + 0` : keyed;
    return sql`0::real`;
  };
  const after = (hidden: boolean): SQL | undefined => {
    if (cursor?.sort === 'date' && cursor.dir === 'asc')
      // Oldest first, ties still highest id first: later dates, or the same date and a lower id.
      return sql`${dateOf(hidden)} >= ${cursor.date}::date and (${dateOf(hidden)} > ${cursor.date}::date or ${leads.id} < ${cursor.id}::uuid)`;
    if (cursor?.sort === 'date') return hidden ? sql`(${dateOf(true)}, ${leads.id}) < (${cursor.date}::date, ${cursor.id}::uuid)` : afterInDateOrder(cursor);
    if (cursor?.sort === 'relevance')
      return sql`(${rankOf(hidden)}, ${dateOf(hidden)}, ${leads.id}) < (${cursor.rank}::real, ${cursor.date}::date, ${cursor.id}::uuid)`;
    if (cursor) return sql`(${rankOf(hidden)}, ${dateOf(hidden)}, ${leads.id}) < (${cursor.key}::bigint, ${cursor.date}::date, ${cursor.id}::uuid)`;
    return undefined;
  };
  const orderBy = (hidden: boolean): SQL[] =>
    dateAscending
      ? [sql`${dateOf(hidden)} asc`, desc(leads.id)]
      : [...(sort === 'relevance' || keyed ? [sql`${rankOf(hidden)} desc`] : []), sql`${dateOf(hidden)} desc`, desc(leads.id)];
  return { keyed, dateAscending, rankOf, after, orderBy };
}
export type OrderSql = ReturnType<typeof orderSql>;
