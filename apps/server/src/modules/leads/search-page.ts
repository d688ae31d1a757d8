// The search strategy: a page and count of a search, looked for among the newest leads when common (a walk of the date
// order), or read through the search indexes, counted and sorted in one query when rare (read-rules.ts decides).
import { and, sql, type SQL } from 'drizzle-orm';
import { SEARCH_EXACT_COUNT_LIMIT } from '@fundwire/shared';
import { rowsOf, type Db } from '../../db/client.js';
import { leads } from '../../db/schema/index.js';
import { countMatches, estimateMatches, type MatchCount } from './count.js';
import { requestedOrder, type Cursor, type LeadPageQuery, type Order } from './cursor.js';
import type { PageId } from './lead-rows.js';
import { orderedIds, orderSql, sortKey } from './order-sql.js';
import { bitmapOnly, withPlanSettings } from './plan-settings.js';
import { DENSE_SEARCH_ESTIMATE, expectsDenseSearch, MAX_SEARCH_WINDOW, SEARCH_READ_CAP, SEARCH_WINDOW } from './read-rules.js';
import { matchingSearchQuery, searchCondition, searchQuery } from './search-query.js';

/**
 * The newest `need` matches of a search among the next SEARCH_WINDOW leads of the date order (the window comes from
 * the list-order indexes; only its rows are read, and only until `need` are found), with the window position of the
 * last one found: how densely the search matches the newest leads.
 */
async function newestMatchIds(
  db: Db,
  columns: SQL | undefined,
  search: SQL,
  after: SQL | undefined,
  need: number,
  windowSize: number,
): Promise<{ ids: PageId[]; lastPosition: number }> {
  // The window walks an order index and reads each row once, testing the search on it; rows stream, so the walk
  // stops as soon as `need` have matched. The settings keep it a walk: left to itself, the planner sorts every row of
  // a multi-value filter (two industries match a sixth of all leads) to take the first 2,000 (decision 026).
  const result = await withPlanSettings(db, { enable_sort: 'off', enable_bitmapscan: 'off', enable_seqscan: 'off' }, (tx) =>
    tx.execute(sql`
    select window_id::text as id, position
    from (
      select ${leads.id} as window_id, ${leads.fundingDate} as window_date, ${search} as matched,
        row_number() over (order by ${leads.fundingDate} desc, ${leads.id} desc) as position
      from ${leads} where ${and(columns, after) ?? sql`true`}
      order by ${leads.fundingDate} desc, ${leads.id} desc limit ${windowSize}
    ) window_leads
    where matched
    -- The window's own order (not position, which the planner would sort by): rows stream, and the walk stops early.
    order by window_date desc, window_id desc
    limit ${need}`),
  );
  const rows = rowsOf<{ id: string; position: string | number }>(result);
  return { ids: rows.map(({ id }) => ({ id, rank: '0' })), lastPosition: Number(rows.at(-1)?.position ?? windowSize) };
}

interface SearchResult {
  matches: MatchCount;
  order: Order;
  ids: PageId[];
}

/**
 * A search's page and count. A search the planner expects to match many leads is first looked for among the newest
 * leads (where its page is, if it is that common); one it expects to be rare, or that the newest leads show to be
 * rare, is read through the search indexes, counted exactly up to the limit and, within it, sorted in the order
 * asked for (by relevance by default). Beyond the limit a search comes newest first.
 */
export async function searchPage(
  db: Db,
  query: LeadPageQuery & { q: string },
  columns: SQL | undefined,
  cursor: Cursor | undefined,
  offset: number,
): Promise<SearchResult> {
  const search = searchCondition(query.q, await matchingSearchQuery(db, query.q))!;
  const where = and(columns, search);
  const need = offset + query.limit + 1;
  const newestFirst: Order = { sort: 'date', dir: 'desc' };
  if (cursor) {
    // The next page of the order the first page had.
    const order: Order = { sort: cursor.sort, dir: cursor.dir };
    const reading = orderSql(order, query.q, cursor);
    // Few matches: all of those after the cursor, through the search indexes, sorted (uncapped, should many have been
    // added since the first page).
    if (cursor.matches.exact)
      return { matches: cursor.matches, order, ids: await bitmapOnly(db, (tx) => orderedIds(tx, reading, where, true, query.limit + 1, 0)) };
    if (order.sort === 'date' && order.dir === 'desc') {
      const newest = await newestMatchIds(db, columns, search, reading.after(false), need, SEARCH_WINDOW);
      if (newest.ids.length >= need) return { matches: cursor.matches, order, ids: newest.ids };
      return { matches: cursor.matches, order, ids: await bitmapOnly(db, (tx) => orderedIds(tx, reading, where, true, query.limit + 1, 0)) };
    }
    // Many matches in another order: walk that order's index.
    return { matches: cursor.matches, order, ids: await orderedIds(db, reading, where, false, query.limit + 1, 0) };
  }

  const requested = requestedOrder(query);
  const everyMatch: MatchesRead = { requested, q: query.q, where, limit: query.limit + 1, offset };
  const estimate = await estimateMatches(db, where);
  /** The page from the newest leads when the search is common there (how common gives the estimate), else undefined. */
  const fromNewest = async (): Promise<SearchResult | undefined> => {
    const windowSize = offset + SEARCH_WINDOW;
    let newest = await newestMatchIds(db, columns, search, undefined, need, windowSize);
    if (newest.ids.length > 0 && newest.ids.length < need) {
      // Some matches, too few for the page: walk further when, at that density, the page is near (cheaper than
      // reading every match when they are many).
      const projected = Math.ceil(((need * windowSize) / newest.ids.length) * 1.25);
      if (projected <= MAX_SEARCH_WINDOW) newest = await newestMatchIds(db, columns, search, undefined, need, projected);
    }
    if (newest.ids.length < need) return undefined;
    const extrapolated = Math.round((need / newest.lastPosition) * (await estimateMatches(db, columns)));
    if (extrapolated <= DENSE_SEARCH_ESTIMATE) return undefined;
    // Extrapolated from the newest leads, the count is no estimate to show (read-rules.ts): more than the limit.
    const matches: MatchCount = { count: SEARCH_EXACT_COUNT_LIMIT, exact: false, atLeast: true };
    if (requested.sort === 'relevance' || (requested.sort === 'date' && requested.dir === 'desc'))
      return { matches, order: newestFirst, ids: newest.ids.slice(offset) };
    // Common enough that walking the other order's index meets the page soon.
    return { matches, order: requested, ids: await orderedIds(db, orderSql(requested, query.q, undefined), where, false, query.limit + 1, offset) };
  };
  if (expectsDenseSearch(estimate)) {
    // Expected to be common: its page is likely among the newest leads. If not, it is rarer than the planner thinks.
    return (await fromNewest()) ?? allMatchesPage(db, everyMatch);
  }
  // Expected to be rare: read its matches through the search indexes, at most SEARCH_READ_CAP of them.
  const read = await allMatchesPage(db, everyMatch, SEARCH_READ_CAP);
  if (read) return read;
  // The planner underestimated it badly: look among the newest leads before reading every match.
  return (await fromNewest()) ?? allMatchesPage(db, everyMatch);
}

/** What allMatchesPage reads: the search's conditions, the order asked for, and the page. */
interface MatchesRead {
  requested: Order;
  q: string;
  where: SQL | undefined;
  limit: number;
  offset: number;
}

/**
 * Every match of a search, through the search indexes, counted and sorted in one query: by the order asked for when
 * there are at most SEARCH_EXACT_COUNT_LIMIT (a relevance rank is computed only then), newest first beyond it.
 * With a cap, at most `cap` matches are read, and undefined means there are at least that many.
 */
async function allMatchesPage(db: Db, read: MatchesRead): Promise<SearchResult>;
async function allMatchesPage(db: Db, read: MatchesRead, cap: number): Promise<SearchResult | undefined>;
async function allMatchesPage(db: Db, { requested, q, where, limit, offset }: MatchesRead, cap?: number): Promise<SearchResult | undefined> {
  const ranked = requested.sort === 'relevance';
  const keyed = requested.sort === 'amount' || requested.sort === 'round' ? sortKey(requested.sort, requested.dir) : undefined;
  const dateAscending = requested.sort === 'date' && requested.dir === 'asc';
  const rank = ranked
    ? sql`case when match_total <= ${SEARCH_EXACT_COUNT_LIMIT} then ts_rank(match_vector, ${searchQuery(q)}) else 0 end`
    : keyed
      ? sql`match_key`
      : sql`0::real`;
  const rows = await bitmapOnly(db, async (tx) =>
    rowsOf<{ id: string; rank: string; total: string | number }>(
      await tx.execute(sql`
        select match_id::text as id, (${rank})::text as rank, match_total as total
        from (
          select *, count(*) over () as match_total
          from (
            select ${leads.id} as match_id, ${leads.fundingDate} as match_date, ${ranked ? sql`${leads.searchVector}` : sql`null::tsvector`} as match_vector,
              ${keyed ? sql`(${keyed}) + 0` : sql`0`} as match_key
            from ${leads} where ${where ?? sql`true`}${cap === undefined ? sql`` : sql` limit ${cap}`}
          ) read
        ) matches
        order by ${dateAscending ? sql`match_date asc, match_id desc` : sql`${rank} desc, match_date desc, match_id desc`}
        limit ${limit} offset ${offset}`),
    ),
  );
  // Past the last match there is no row to carry the count: count them (rare, and cheap next to the read above).
  if (cap !== undefined && rows[0] !== undefined && Number(rows[0].total) >= cap) return undefined;
  const past = rows[0] === undefined && offset > 0 ? await countMatches(db, where, SEARCH_EXACT_COUNT_LIMIT, false) : undefined;
  // An empty capped read past more than the exact-count limit may only be past what the read took, not past the end.
  if (cap !== undefined && past && !past.exact) return undefined;
  // Every match was read (or counted past the end): the count is the true one, exact within the limit.
  const total = rows[0] !== undefined ? Number(rows[0].total) : 0;
  const matches: MatchCount = past ?? { count: total, exact: total <= SEARCH_EXACT_COUNT_LIMIT };
  const order = ranked && !matches.exact ? { sort: 'date' as const, dir: 'desc' as const } : requested;
  return { matches, order, ids: rows.map(({ id, rank: text }) => ({ id, rank: text })) };
}
