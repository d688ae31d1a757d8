// A list page: the cache in front, the cursor checked before anything is read, then the strategy (search, narrow range
// or index walk) and the count, and the response with its next cursor, its leads the JSON texts the database wrote.
import { leadListResponseSchema, type LeadListResponse } from '@fundwire/shared';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../errors.js';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { LEADS_VERSION_KEY } from './cache.js';
import { columnPage, isNarrowRange, narrowColumnPage, rangeSizeSql } from './column-page.js';
import { pageTotalsSql, type MatchCount } from './count.js';
import { cursorFits, decodeCursor, encodeCursor, requestedOrder, type Cursor, type LeadPageQuery, type Order } from './cursor.js';
import { columnConditions, filterKey, locationsFrom, matchingLocationsSql } from './filter-sql.js';
import type { PageRow } from './lead-rows.js';
import { orderSql } from './order-sql.js';
import { cachesFor } from './read-caches.js';
import { searchPage } from './search-page.js';
import { matchQueryFrom, matchQuerySql, searchTokens, withSearchTokens } from './search-query.js';

interface Prelude {
  version: string;
  locations: string[] | undefined;
  /** The size of a round-and-amount range, up to the narrow cap and one more (column-page.ts). */
  rangeSize: number | undefined;
  /** A search's tsquery for matching (search-query.ts). */
  matchQuery: SQL | undefined;
}

/** What a list reads before its page, in one statement, and only what it needs: the cache version (caches on), the
 * locations a location filter names, the size of a round-and-amount range (which strategy reads it), and a search's
 * last word spelled out as the words it completes to. */
async function readPrelude(db: Db, query: LeadPageQuery, withVersion: boolean): Promise<Prelude> {
  const rangeSize = query.q === undefined ? rangeSizeSql(query) : undefined;
  const matchQuery = query.q === undefined ? undefined : matchQuerySql(query.q);
  const searchQueryOf = (text: string | null | undefined) => (query.q === undefined ? undefined : matchQueryFrom(query.q, text));
  if (!withVersion && !query.location && !rangeSize && !matchQuery)
    return { version: '', locations: undefined, rangeSize: undefined, matchQuery: searchQueryOf(undefined) };
  const [row] = rowsOf<{ version: string | null; locations: string[] | string | null; range_size: number | string | null; match_query: string | null }>(
    await db.execute(sql`select (select value from app_meta where key = ${LEADS_VERSION_KEY}) as version,
      ${query.location ? matchingLocationsSql(query.location) : sql`null::json`} as locations,
      ${rangeSize ?? sql`null::bigint`} as range_size,
      ${matchQuery ?? sql`null::text`} as match_query`),
  );
  return {
    version: row?.version ?? '0',
    locations: query.location ? locationsFrom(row?.locations) : undefined,
    rangeSize: row?.range_size === null || row?.range_size === undefined ? undefined : Number(row.range_size),
    matchQuery: searchQueryOf(row?.match_query),
  };
}

/** One page of leads (newest funding first, by relevance for a search, or by date, amount or round either way), with
 * contacts, as JSON text. A column list is at most two round trips: the prelude, when it needs one, then the page with
 * its count; a cached page costs the prelude only. */
export async function listLeadsJson(db: Db, query: LeadPageQuery): Promise<string> {
  const caches = cachesFor(db).pages;
  // Checked before anything is read.
  const cursor = checkedCursor(query);
  const prelude = await readPrelude(db, query, caches.enabled);
  const key = JSON.stringify([query.page ?? 1, query.limit, query.cursor ?? null, query.sort ?? null, query.dir ?? 'desc', filterKey(query)]);
  return caches.get(key, prelude.version, async () => pageJson(await readPage(db, query, cursor, prelude)));
}

export async function listLeads(db: Db, query: LeadPageQuery): Promise<LeadListResponse> {
  const cursor = checkedCursor(query);
  return JSON.parse(pageJson(await readPage(db, query, cursor, await readPrelude(db, query, false)))) as LeadListResponse;
}

/** A page as the response's fields, its leads as the JSON texts the database built (lead-rows.ts). */
type PageResult = Omit<LeadListResponse, 'leads'> & { leads: string[] };

/** Everything but the leads is checked against the response schema; the leads' texts are written in as they are. */
const pageFieldsSchema = leadListResponseSchema.omit({ leads: true });

/** The response's JSON text. */
function pageJson({ leads: leadTexts, ...fields }: PageResult): string {
  return `{"leads":[${leadTexts.join(',')}],${JSON.stringify(pageFieldsSchema.parse(fields)).slice(1)}`;
}

function checkedCursor(query: LeadPageQuery): Cursor | undefined {
  const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (cursor && !cursorFits(cursor, requestedOrder(query))) throw badRequest('Invalid cursor');
  return cursor;
}

async function readPage(db: Db, query: LeadPageQuery, cursor: Cursor | undefined, { locations, rangeSize, matchQuery }: Prelude): Promise<PageResult> {
  const columns = columnConditions(query, locations);
  const offset = cursor ? 0 : ((query.page ?? 1) - 1) * query.limit;
  let matches: MatchCount | undefined;
  let order: Order;
  let found: PageRow[];
  if (query.q !== undefined) {
    // The filters the search tokens stand for are checked once, in the search index, where the words are read
    // through it (search-page.ts); the walks of an order's index still check them there.
    const { tokens, covered, rest } = searchTokens(query, locations);
    const split = tokens === undefined ? undefined : { rest: columnConditions(rest, locations), covered: columnConditions(covered, locations)! };
    ({ matches, order, rows: found } = await searchPage(db, { ...query, q: query.q }, columns, split, withSearchTokens(matchQuery!, tokens), cursor, offset));
  } else {
    // Column filters only: the list-order indexes hold every filter column, so walking one in order is cheap. The
    // page and its count are one statement; the count is read only when the page does not show the end of the list.
    order = cursor ? { sort: cursor.sort, dir: cursor.dir } : requestedOrder(query);
    const reading = orderSql(order, undefined, cursor);
    const page = isNarrowRange(rangeSize)
      ? await narrowColumnPage(db, query, reading, columns, query.limit + 1, offset)
      : await columnPage(db, reading, columns, query.limit + 1, offset, cursor ? undefined : pageTotalsSql(columns, query, query.limit + 1, offset));
    found = page.rows;
    matches = cursor?.matches ?? page.matches;
  }
  const { sort } = order;
  const hasMore = found.length > query.limit;
  const rows = found.slice(0, query.limit);
  // A page that reaches the end of the list counts the list: no estimate survives seeing the last match.
  if (!hasMore && !cursor && (rows.length > 0 || offset === 0)) matches = { count: offset + rows.length, exact: true };
  // Past the end of a list nothing counted (a cursor's count stands): none to show.
  const counted = matches ?? { count: offset + rows.length, exact: true };
  const last = rows.at(-1);
  const position = (row: NonNullable<typeof last>): Cursor => {
    const at = { date: row.fundingDate, id: row.id, matches: counted };
    if (sort === 'relevance') return { sort, dir: 'desc', rank: row.rank, ...at };
    if (sort === 'date') return { sort, dir: order.dir, ...at };
    return { sort, dir: order.dir, key: row.rank, ...at };
  };
  return {
    leads: rows.map((row) => row.json),
    // Never fewer than the leads already passed and shown (an empty page past the end shows none: its count stands).
    totalCount: rows.length > 0 ? Math.max(counted.count, offset + rows.length) : counted.count,
    countIsExact: counted.exact,
    countIsLowerBound: counted.atLeast === true,
    hasMore,
    nextCursor: hasMore && last ? encodeCursor(position(last)) : null,
    sort,
    dir: order.dir,
  };
}
