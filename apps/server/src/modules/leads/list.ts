// A list page: the cache in front, the cursor checked before anything is read, then the strategy (search, narrow range
// or index walk) and the count, and the response with its next cursor.
import { leadListResponseSchema, type LeadListResponse } from '@fundwire/shared';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../errors.js';
import { readLeadsVersion } from './cache.js';
import { narrowColumnPage, columnPage } from './column-page.js';
import { countColumnMatches, countMatches, type MatchCount } from './count.js';
import { cursorFits, decodeCursor, encodeCursor, requestedOrder, type Cursor, type LeadPageQuery, type Order } from './cursor.js';
import { columnConditions, filterKey, matchingLocations } from './filter-sql.js';
import { pageContacts, rowsOfIds, toLead } from './lead-rows.js';
import { orderSql } from './order-sql.js';
import { cachesFor } from './read-caches.js';
import { searchPage } from './search-page.js';

/** One page of leads (newest funding first, by relevance for a search, or by date, amount or round either way), with contacts, as JSON text. */
export async function listLeadsJson(db: Db, query: LeadPageQuery): Promise<string> {
  // Without caches (LEAD_CACHES=off) the version keys nothing: not read.
  const version = cachesFor(db).pages.enabled ? await readLeadsVersion(db) : '';
  const key = JSON.stringify([query.page ?? 1, query.limit, query.cursor ?? null, query.sort ?? null, query.dir ?? 'desc', filterKey(query)]);
  return cachesFor(db).pages.get(key, version, async () => JSON.stringify(leadListResponseSchema.parse(await listLeads(db, query, version))));
}

export async function listLeads(db: Db, query: LeadPageQuery, knownVersion?: string): Promise<LeadListResponse> {
  // Checked before anything is read.
  const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (cursor && !cursorFits(cursor, requestedOrder(query))) throw badRequest('Invalid cursor');
  const version = knownVersion ?? (await readLeadsVersion(db));
  return readPage(db, query, cursor, version);
}

async function readPage(db: Db, query: LeadPageQuery, cursor: Cursor | undefined, version: string): Promise<LeadListResponse> {
  const locations = await matchingLocations(db, query.location);
  const columns = columnConditions(query, locations);
  const offset = cursor ? 0 : ((query.page ?? 1) - 1) * query.limit;
  let matches: MatchCount | undefined;
  let order: Order;
  let found: Awaited<ReturnType<typeof rowsOfIds>>;
  if (query.q !== undefined) {
    const result = await searchPage(db, { ...query, q: query.q }, columns, cursor, offset);
    ({ matches, order } = result);
    found = await rowsOfIds(db, result.ids);
  } else {
    // Column filters only: the list-order indexes hold every filter column, so walking one in order is cheap. The
    // page comes first and is counted below only if it does not show the end of the list, so a rare filter, whose
    // walk found few or none, is not walked a second time.
    order = cursor ? { sort: cursor.sort, dir: cursor.dir } : requestedOrder(query);
    const reading = orderSql(order, undefined, cursor);
    const narrow = await narrowColumnPage(db, query, reading, columns, query.limit + 1, offset);
    if (narrow) {
      found = await rowsOfIds(db, narrow.ids);
      matches = cursor?.matches ?? narrow.matches;
    } else {
      found = await columnPage(db, reading, columns, query.limit + 1, offset);
      matches = cursor?.matches;
    }
  }
  const { sort } = order;
  const hasMore = found.length > query.limit;
  const rows = found.slice(0, query.limit);
  // A page that reaches the end of the list counts the list: no estimate survives seeing the last match.
  if (!hasMore && !cursor && (rows.length > 0 || offset === 0)) matches = { count: offset + rows.length, exact: true };
  // A page past the end (an empty page N): there are at most `offset` matches, counted exactly. An estimate could
  // say thousands for filters that never meet (Seed with $50M or more).
  if (!matches && !cursor && rows.length === 0) matches = await countMatches(db, columns, offset, false);
  matches ??= await cachesFor(db).counts.get(filterKey(query), version, () => countColumnMatches(db, query, locations, columns));
  const counted = matches;
  const last = rows.at(-1);
  const position = (row: NonNullable<typeof last>): Cursor => {
    const at = { date: row.fundingDate, id: row.id, matches: counted };
    if (sort === 'relevance') return { sort, dir: 'desc', rank: row.rank, ...at };
    if (sort === 'date') return { sort, dir: order.dir, ...at };
    return { sort, dir: order.dir, key: row.rank, ...at };
  };
  return {
    leads: rows.map(({ rank: _rank, contacts: leadContacts, ...row }) => toLead(row, pageContacts(leadContacts))),
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
