// The search strategy: a page and count of a search, looked for among the newest leads when common (a walk of the date
// order), or read through the search indexes, counted and sorted in one read when rare (read-rules.ts decides). Each
// read is written here as SQL text; lead_search_ids (migration 0032) runs those the search needs, with the planner
// settings each needs, so the page with its contacts, history counts and count is one statement.
import { and, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { SEARCH_EXACT_COUNT_LIMIT } from '@fundwire/shared';
import { executeNamed, rowsOf, type Db } from '../../db/client.js';
import { leads } from '../../db/schema/index.js';
import { countFrom, type MatchCount } from './count.js';
import { requestedOrder, type Cursor, type LeadPageQuery, type Order } from './cursor.js';
import { pageLeadsSql, pageRowsOf, type PageLeadRow, type PageRow } from './lead-rows.js';
import { orderSql, sortKey, type OrderSql } from './order-sql.js';
import { DENSE_SEARCH_ESTIMATE, MAX_SEARCH_WINDOW, SEARCH_READ_CAP, SEARCH_WINDOW } from './read-rules.js';
import { searchCondition, searchQuery, type TokenSplit } from './search-query.js';

const dialect = new PgDialect();

/** SQL as text, its values inlined as literals (quoted by Drizzle): what lead_search_ids runs. */
const textOf = (query: SQL): string => dialect.sqlToQuery(query.inlineParams()).sql;

/**
 * The newest `$2` matches of a search among the next `$1` leads of the date order (the window comes from the
 * list-order indexes; only its rows are read, and only until enough are found), each with its window position: how
 * densely the search matches the newest leads. lead_walk_ids runs it without sorts, bitmaps or table scans, which keeps
 * it a walk: left to itself, the planner sorts every row of a multi-value filter (two industries match a sixth of all
 * leads) to take the first 2,000 (decision 026).
 */
function walkText(columns: SQL | undefined, search: SQL, after: SQL | undefined): string {
  return textOf(sql`
    select window_id as id, '0'::text as rank, position as total
    from (
      select ${leads.id} as window_id, ${leads.fundingDate} as window_date, ${search} as matched,
        row_number() over (order by ${leads.fundingDate} desc, ${leads.id} desc) as position
      from ${leads} where ${and(columns, after) ?? sql`true`}
      order by ${leads.fundingDate} desc, ${leads.id} desc limit ${sql.raw('$1')}
    ) window_leads
    where matched
    -- The window's own order (not position, which the planner would sort by): rows stream, and the walk stops early.
    order by window_date desc, window_id desc
    limit ${sql.raw('$2')}`);
}

/** The ids of the matches in the order, `limit` of them after `offset` (id, rank, no total). */
function orderedText(order: OrderSql, where: SQL | undefined, hidden: boolean, limit: number, offset: number): string {
  return textOf(sql`select ${leads.id} as id, (${order.rankOf(hidden)})::text as rank, null::bigint as total
    from ${leads} where ${and(where, order.after(hidden)) ?? sql`true`}
    order by ${sql.join(order.orderBy(hidden), sql`, `)} limit ${limit} offset ${offset}`);
}

/**
 * Every match of a search, counted and sorted in one read (run through the search indexes only): by the order asked
 * for when there are at most SEARCH_EXACT_COUNT_LIMIT (a relevance rank is computed only then), newest first beyond it.
 * At most `$1` matches are read (null: all).
 */
function everyMatchText(requested: Order, q: string, where: SQL | undefined, limit: number, offset: number): string {
  const ranked = requested.sort === 'relevance';
  const keyed = requested.sort === 'amount' || requested.sort === 'round' ? sortKey(requested.sort, requested.dir) : undefined;
  const dateAscending = requested.sort === 'date' && requested.dir === 'asc';
  const rank = ranked
    ? sql`case when match_total <= ${SEARCH_EXACT_COUNT_LIMIT} then ts_rank(match_vector, ${searchQuery(q)}) else 0 end`
    : keyed
      ? sql`match_key`
      : sql`0::real`;
  return textOf(sql`
    select match_id as id, (${rank})::text as rank, match_total as total
    from (
      select *, count(*) over () as match_total
      from (
        select ${leads.id} as match_id, ${leads.fundingDate} as match_date, ${ranked ? sql`${leads.searchVector}` : sql`null::tsvector`} as match_vector,
          ${keyed ? sql`(${keyed}) + 0` : sql`0`} as match_key
        from ${leads} where ${where ?? sql`true`} limit ${sql.raw('$1')}
      ) read
    ) matches
    order by ${dateAscending ? sql`match_date asc, match_id desc` : sql`${rank} desc, match_date desc, match_id desc`}
    limit ${limit} offset ${offset}`);
}

/** `select 1 from leads where …`: what lead_row_estimate explains, or what the count of a search past its end counts. */
const estimateText = (where: SQL | undefined) => textOf(sql`select 1 from ${leads} where ${where ?? sql`true`}`);
const countText = (where: SQL | undefined) =>
  textOf(sql`select count(*) from (select 1 from ${leads} where ${where ?? sql`true`} limit ${SEARCH_EXACT_COUNT_LIMIT + 1}) capped`);

interface SearchResult {
  matches: MatchCount;
  order: Order;
  rows: PageRow[];
}

/**
 * A search's page and count. A search the planner expects to match many leads is first looked for among the newest
 * leads (where its page is, if it is that common); one it expects to be rare, or that the newest leads show to be
 * rare, is read through the search indexes, counted exactly up to the limit and, within it, sorted in the order
 * asked for (by relevance by default). Beyond the limit a search comes newest first. `matchQuery` is the search's
 * tsquery for matching (search-query.ts), read with the cache version before.
 */
export async function searchPage(
  db: Db,
  query: LeadPageQuery & { q: string },
  columns: SQL | undefined,
  split: TokenSplit | undefined,
  matchQuery: SQL,
  cursor: Cursor | undefined,
  offset: number,
): Promise<SearchResult> {
  // With search tokens, the reads through the search indexes and the planner's estimate leave out the conditions the
  // tokens stand for (a name or domain match still meets them): checked twice, the planner counted them twice (an
  // estimate of 1,006 for 12,963 matches sent a common word with an industry to read 5,000 of them) and intersected
  // the words with every lead of the industry. The walks of an order's index keep them: they are checked in the index.
  const search = searchCondition(query.q, matchQuery, split?.covered)!;
  const where = and(split ? split.rest : columns, search);
  const walked = and(columns, search);
  const need = offset + query.limit + 1;
  const newestFirst: Order = { sort: 'date', dir: 'desc' };
  const common = { need, offset, window: SEARCH_WINDOW, maxWindow: MAX_SEARCH_WINDOW, readCap: SEARCH_READ_CAP };
  if (cursor) {
    // The next page of the order the first page had. Few matches: all of those after the cursor, through the search
    // indexes, sorted (uncapped, should many have been added since the first page). Many, newest first: among the
    // next leads of the date order, else all. Many in another order: a walk of that order's index.
    const order: Order = { sort: cursor.sort, dir: cursor.dir };
    const reading = orderSql(order, query.q, cursor);
    const mode = cursor.matches.exact ? 'cursor-exact' : order.sort === 'date' && order.dir === 'desc' ? 'cursor-newest' : 'cursor-ordered';
    const plan =
      mode === 'cursor-ordered'
        ? { ...common, mode, ordered: orderedText(reading, walked, false, query.limit + 1, 0) }
        : { ...common, mode, walk: walkText(columns, search, reading.after(false)), read: orderedText(reading, where, true, query.limit + 1, 0) };
    return { matches: cursor.matches, order, rows: (await runSearch(db, plan)).rows };
  }

  const requested = requestedOrder(query);
  const requestedNewest = requested.sort === 'relevance' || (requested.sort === 'date' && requested.dir === 'desc');
  const { rows, kind, total } = await runSearch(db, {
    ...common,
    mode: 'first',
    denseEstimate: DENSE_SEARCH_ESTIMATE,
    exactLimit: SEARCH_EXACT_COUNT_LIMIT,
    requestedNewest,
    estimate: estimateText(where),
    columnsEstimate: estimateText(columns),
    walk: walkText(columns, search, undefined),
    read: everyMatchText(requested, query.q, where, query.limit + 1, offset),
    count: countText(where),
    ...(requestedNewest ? {} : { ordered: orderedText(orderSql(requested, query.q, undefined), walked, false, query.limit + 1, offset) }),
  });
  if (kind === 'newest' || kind === 'newest-ordered') {
    // Extrapolated from the newest leads, the count is no estimate to show (read-rules.ts): more than the limit.
    return { matches: { count: SEARCH_EXACT_COUNT_LIMIT, exact: false, atLeast: true }, order: kind === 'newest' ? newestFirst : requested, rows };
  }
  // Every match was read (or counted past the end): the count is the true one, exact within the limit.
  const matches: MatchCount =
    kind === 'past' ? countFrom(total, undefined, SEARCH_EXACT_COUNT_LIMIT) : { count: total, exact: total <= SEARCH_EXACT_COUNT_LIMIT };
  return { matches, order: requested.sort === 'relevance' && !matches.exact ? newestFirst : requested, rows };
}

/** One statement: lead_search_ids with the plan, and the page's leads with their contacts and history counts. */
async function runSearch(db: Db, plan: Record<string, unknown>): Promise<{ rows: PageRow[]; kind: string; total: number }> {
  // One text for every search (the plan is its one value), so PostgreSQL plans it once per connection.
  const found = rowsOf<PageLeadRow<{ found_total: number | string | null; found_kind: string }>>(
    await executeNamed(
      db,
      'lead_search_page',
      pageLeadsSql(
        sql`lead_search_ids(${JSON.stringify(plan)}::jsonb) with ordinality as found(found_id, found_rank, found_total, found_kind, position)`,
        sql`found.found_id`,
        sql`found.found_rank as rank, found.found_total, found.found_kind`,
        [sql`found.position`],
      ),
    ),
  );
  const first = found[0];
  return {
    // A 'past' row carries a count only.
    rows: pageRowsOf(found),
    kind: first?.found_kind ?? 'read',
    total: Number(first?.found_total ?? 0),
  };
}
