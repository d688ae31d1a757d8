// Lead queries. Only services touch the database.
import { and, asc, count, desc, getTableColumns, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  type FundingRound,
  EDITABLE_LEAD_FIELDS,
  type EditableLeadField,
  type LeadSourceRef,
  UNDISCLOSED,
  FREE_LEADS_COUNT,
  RECENT_DAYS,
  CSV_HEADER_LINE,
  csvLines,
  leadContactCells,
  type FreeLead,
  type Lead,
  type LeadFilter,
  leadListResponseSchema,
  type LeadListResponse,
  type LeadSort,
  type SortDirection,
  EXACT_COUNT_LIMIT,
  SEARCH_EXACT_COUNT_LIMIT,
  type LeadStats,
} from '@fundwire/shared';
import { plannedDb, rowsOf, type Db, type PlanSettings } from '../../db/client.js';
import { badRequest } from '../../errors.js';
import { contacts, LEAD_SORT_KEY_SQL, leadLocations, leads, type LeadRow } from '../../db/schema/index.js';
import { readLeadsVersion, VersionedCache } from './cache.js';
import { CONTACT_JSON_SQL, contactNameCondition, VERIFIED_EMAIL_CONDITION } from './contact-emails.js';

export interface FreeLeadsResult {
  leads: FreeLead[];
  message: string;
}

interface LeadCaches {
  stats: VersionedCache<LeadStats>;
  counts: VersionedCache<MatchCount>;
  /** Whole list responses, serialised: a repeated page costs one version read. */
  pages: VersionedCache<string>;
}
// One set per database, so two databases in one process (tests) never share entries.
const cachesByDb = new WeakMap<Db, LeadCaches>();

function cachesFor(db: Db): LeadCaches {
  let caches = cachesByDb.get(db);
  if (!caches) {
    caches = { stats: new VersionedCache(), counts: new VersionedCache(), pages: new VersionedCache() };
    cachesByDb.set(db, caches);
  }
  return caches;
}

/** LEAD_CACHES=off: this database's lead reads skip the caches (set once, at start-up). */
export function disableLeadCaches(db: Db): void {
  cachesByDb.set(db, { stats: new VersionedCache(false), counts: new VersionedCache(false), pages: new VersionedCache(false) });
}

interface MatchCount {
  count: number;
  exact: boolean;
}

/** How far down the date order a search with many matches looks for its page before it sorts all matches. */
const SEARCH_WINDOW = 2_000;
/** The furthest a search walks the date order when the first window shows its matches sparse but present. */
const MAX_SEARCH_WINDOW = 10_000;
/** Estimates this many times the exact-count limit or more are trusted without counting up to the limit (at 1M
 * leads the planner's estimates of the column filters we measured were within 2x; decision 026). A page that
 * shows the end of the list corrects any estimate (readPage). */
const ESTIMATE_TRUST_FACTOR = 5;
/** A search expected to be rare reads at most this many of its matches (through the search indexes) in one query,
 * counting and sorting them there. Reading a few thousand rows costs little next to building the bitmaps that find
 * them, so a search the planner underestimates (`33` in AI: 599 expected, 1,033 real) is still read once. */
const SEARCH_READ_CAP = 5_000;
/** A search the planner expects to match at least this many leads is looked for among the newest leads first. */
const DENSE_SEARCH_ESTIMATE = 2 * SEARCH_EXACT_COUNT_LIMIT;
/** A round with an amount range holding at most this many leads is read from its own index (narrowColumnPage). */
const NARROW_RANGE_CAP = 2_000;
/** A location filter matching more distinct locations than this stays a substring match on the leads. */
const LOCATION_LIST_LIMIT = 200;

/** The expression the trigram index covers (names and partial domains); queries must use the same one. */
const nameDomain = sql`(${leads.companyName} || ' ' || ${leads.domain})`;
/** pg_trgm needs three characters to use its index; shorter text is matched as words only. */
const TRIGRAM_MIN_LENGTH = 3;

/** Search text ending in a letter or digit: its last word is a prefix. */
const ENDS_IN_WORD = /[\p{L}\p{N}]$/u;

/**
 * The search words as a tsquery: websearch syntax ("quoted phrases", or, -not), with the last word a
 * prefix when the text ends in a word (so "fintec" finds FinTech while typing). The lexemes come out of
 * websearch_to_tsquery already normalised, so the text is cast back to tsquery, not parsed again.
 */
export function searchQuery(q: string): SQL {
  const words = sql`websearch_to_tsquery('simple', ${q})`;
  if (!ENDS_IN_WORD.test(q)) return words;
  return sql`(regexp_replace(${words}::text, '(''(?:[^'']|'''')*'')$', '\\1:*'))::tsquery`;
}

/** A last word with more completions than this stays a prefix (`a:*`): spelled out it would be a long list of words
 * as costly to read as the prefix. */
const MAX_PREFIX_COMPLETIONS = 50;

/**
 * The search words as a tsquery for matching: searchQuery(q) with the last word's prefix spelled out as the words of
 * the leads that it completes to, when there are at most MAX_PREFIX_COMPLETIONS (search_match_query, migration 0021).
 * They match the same leads; the search index reads a prefix as one list of every lead under it, but intersects exact
 * words with a rarer word's list, which is far cheaper (decision 026 has the measurements). Ranks keep
 * searchQuery(q): ts_rank weighs a list of alternatives differently from one prefix.
 */
export async function matchingSearchQuery(db: Db, q: string): Promise<SQL> {
  if (!ENDS_IN_WORD.test(q)) return searchQuery(q);
  const [row] = rowsOf<{ query: string }>(await db.execute(sql`select search_match_query(${q}, ${MAX_PREFIX_COMPLETIONS}) as query`));
  return row ? sql`${row.query}::tsquery` : searchQuery(q);
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function recentStartDate(now = new Date()): string {
  return isoDay(new Date(now.getTime() - (RECENT_DAYS - 1) * 86_400_000));
}

/** Every condition but the search. Industry, round, amount, date and location are checked inside the list-order
 * indexes (decision 026); contacts are probed in their own index (or the stored "no contacts" flag read), and the
 * time a lead was added is read from its own index. */
export function columnConditions(filter: LeadFilter, locations?: string[]): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.industry) conditions.push(inArray(leads.industry, filter.industry));
  if (filter.fundingRound) {
    const stated = filter.fundingRound.filter((round): round is FundingRound => round !== UNDISCLOSED);
    const anyOf = [
      ...(stated.length > 0 ? [inArray(leads.fundingRound, stated)] : []),
      ...(filter.fundingRound.includes(UNDISCLOSED) ? [sql`${leads.fundingRound} is null`] : []),
    ];
    conditions.push(anyOf.length === 1 ? anyOf[0]! : sql`(${sql.join(anyOf, sql` or `)})`);
  }
  // An undisclosed (null) amount never matches a range: null >= x is not true.
  if (filter.minFunding !== undefined) conditions.push(gte(leads.fundingAmount, filter.minFunding));
  if (filter.maxFunding !== undefined) conditions.push(lte(leads.fundingAmount, filter.maxFunding));
  if (filter.dateStart) conditions.push(gte(leads.fundingDate, filter.dateStart));
  if (filter.dateEnd) conditions.push(lte(leads.fundingDate, filter.dateEnd));
  if (filter.location) {
    // The distinct locations containing the text (matchingLocations), when known: equality is cheap to check
    // inside the list-order indexes and the planner estimates it from its statistics.
    if (locations === undefined) conditions.push(ilike(leads.location, `%${escapeLike(filter.location)}%`));
    else conditions.push(locations.length > 0 ? inArray(leads.location, locations) : sql`false`);
  }
  // "No contacts" is the stored flag (true only without contacts), whose partial index it walks: same expression.
  // "Has contacts" probes the contacts index, and only for the rows the other filters let through: the flag is not in
  // the list-order indexes, so testing it would read the table for every row walked.
  if (filter.hasContacts === true) conditions.push(sql`exists (select 1 from ${contacts} where ${contacts.leadId} = ${leads.id})`);
  if (filter.hasContacts === false) conditions.push(sql`${leads.lacksContacts}`);
  // Issue 31 (enrichment): "Verified email only" probes the partial index of verified contacts (migration 0029).
  if (filter.emailStatus === 'verified') conditions.push(VERIFIED_EMAIL_CONDITION);
  // Later to the millisecond, as the API shows createdAt: a lead stored at .123456 and shown as .123 is not later
  // than .123 (JavaScript dates drop the microseconds).
  if (filter.addedAfter) conditions.push(sql`${leads.createdAt} >= ${filter.addedAfter}::timestamptz + interval '1 millisecond'`);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The distinct locations containing `location` (lead_locations), or undefined when there are more than
 * LOCATION_LIST_LIMIT of them (the filter then stays a substring match). */
export async function matchingLocations(db: Db, location: string | undefined): Promise<string[] | undefined> {
  if (!location) return undefined;
  const rows = await db
    .select({ location: leadLocations.location })
    .from(leadLocations)
    .where(ilike(leadLocations.location, `%${escapeLike(location)}%`))
    .limit(LOCATION_LIST_LIMIT + 1);
  return rows.length > LOCATION_LIST_LIMIT ? undefined : rows.map((row) => row.location);
}

/** The search words' condition; `query` is searchQuery(q) when the caller has it already (the alert matcher
 * computes each saved search's tsquery once, not once per row). */
export function searchCondition(q: string | undefined, query?: SQL): SQL | undefined {
  if (!q) return undefined;
  const words = sql`${leads.searchVector} @@ ${query ?? searchQuery(q)}`;
  // Issue 31 (enrichment): contact names are searchable too, through the contacts' trigram index (migration 0029).
  return q.length >= TRIGRAM_MIN_LENGTH ? sql`(${words} or ${nameDomain} ilike ${`%${escapeLike(q)}%`} or ${contactNameCondition(q)})` : words;
}

/** `query`: the search's tsquery when the caller has it (matchingSearchQuery), else searchQuery(filter.q). */
export function filterConditions(filter: LeadFilter, locations?: string[], query?: SQL): SQL | undefined {
  return and(columnConditions(filter, locations), searchCondition(filter.q, query));
}

function filterKey(filter: LeadFilter): string {
  // Any-of lists match the same leads in any order, so they share one entry.
  const anyOf = (values: string[] | undefined) => (values ? [...values].sort() : undefined);
  return JSON.stringify([
    anyOf(filter.industry),
    anyOf(filter.fundingRound),
    filter.minFunding,
    filter.maxFunding,
    filter.dateStart,
    filter.dateEnd,
    filter.location,
    filter.q,
    filter.hasContacts,
    filter.addedAfter,
    // Issue 31 (enrichment).
    filter.emailStatus,
  ]);
}

type ContactFields = Lead['contacts'][number];

/** A lead row with the count of its company's rounds funded before it (one index range per row). */
const { searchVector: _searchVector, ...leadColumns } = getTableColumns(leads);
export const leadWithHistoryColumns = {
  ...leadColumns,
  // Spelled out: Drizzle leaves the outer columns unqualified, and inside the subquery they would mean `earlier`'s.
  earlierRounds:
    sql<number>`(select count(*) from leads as earlier where earlier.company_id = "leads"."company_id" and earlier.funding_date < "leads"."funding_date")`.mapWith(
      Number,
    ),
  // The sources that report the round, when several were merged (modules/leads/merge.ts); else none (the lead's own).
  reportSources: sql<
    LeadSourceRef[] | string
  >`(select coalesce(json_agg(json_build_object('source', r.source, 'sourceId', r.source_id, 'sourceUrl', r.source_url) order by r.merged_at, r.identity_key), '[]'::json) from lead_reports as r where r.lead_id = "leads"."id")`,
};
type LeadWithHistory = Omit<LeadRow, 'searchVector'> & { earlierRounds: number; reportSources: LeadSourceRef[] | string };

/** The lead's sources: its merged reports, else its own source. */
function leadSources(row: Pick<LeadWithHistory, 'source' | 'sourceId' | 'sourceUrl' | 'reportSources'>): LeadSourceRef[] {
  const reports = typeof row.reportSources === 'string' ? (JSON.parse(row.reportSources) as LeadSourceRef[]) : row.reportSources;
  return reports.length > 0 ? reports : [{ source: row.source, sourceId: row.sourceId, sourceUrl: row.sourceUrl }];
}

/** A list page's columns: the lead, its history count and its contacts in order, as JSON the database builds, so a
 * page and its contacts are one query. */
const leadPageColumns = {
  ...leadWithHistoryColumns,
  // Issue 31 (enrichment): each contact's id and email fields (CONTACT_JSON_SQL, modules/leads/contact-emails.ts).
  contacts: sql<ContactFields[] | string>`(select coalesce(json_agg(${sql.raw(CONTACT_JSON_SQL)} order by c.position), '[]'::json) from contacts as c where c.lead_id = "leads"."id")`,
};

/** The drivers hand json over parsed; text is parsed here, should one not. */
function pageContacts(value: ContactFields[] | string): ContactFields[] {
  return typeof value === 'string' ? (JSON.parse(value) as ContactFields[]) : value;
}

export async function contactsFor(db: Db, leadIds: string[]): Promise<Map<string, ContactFields[]>> {
  const byLead = new Map<string, ContactFields[]>();
  if (leadIds.length === 0) return byLead;
  // Issue 31 (enrichment): the contacts with their id and email fields, as the list builds them (CONTACT_JSON_SQL).
  const rows = rowsOf<{ lead_id: string; contact: ContactFields | string }>(
    await db.execute(
      sql`select c.lead_id::text as lead_id, ${sql.raw(CONTACT_JSON_SQL)} as contact from contacts as c where c.lead_id in ${leadIds} order by c.lead_id, c.position`,
    ),
  );
  for (const { lead_id: leadId, contact } of rows) {
    const list = byLead.get(leadId) ?? [];
    list.push(typeof contact === 'string' ? (JSON.parse(contact) as ContactFields) : contact);
    byLead.set(leadId, list);
  }
  return byLead;
}

export function toLead(row: LeadWithHistory, leadContacts: ContactFields[]): Lead {
  return {
    id: row.id,
    companyName: row.companyName,
    domain: row.domain,
    industry: row.industry,
    fundingAmount: row.fundingAmount,
    fundingRound: row.fundingRound,
    roundLabel: row.roundLabel,
    location: row.location,
    fundingDate: row.fundingDate,
    description: row.description,
    tags: row.tags,
    source: row.source,
    sourceId: row.sourceId,
    sourceUrl: row.sourceUrl,
    sources: leadSources(row),
    editedFields: row.editedFields.filter((field): field is EditableLeadField => (EDITABLE_LEAD_FIELDS as readonly string[]).includes(field)),
    companyId: row.companyId,
    earlierRounds: row.earlierRounds,
    // Issue 31 (enrichment).
    domainSource: row.domainSource,
    domainFoundAt: row.domainFoundAt ? row.domainFoundAt.toISOString() : null,
    filedLocation: row.filedLocation,
    contacts: leadContacts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type LeadPageQuery = LeadFilter & {
  page?: number | undefined;
  limit: number;
  cursor?: string | undefined;
  sort?: LeadSort | undefined;
  dir?: SortDirection | undefined;
};

/** The order a page is read in. Relevance is always best match first. */
interface Order {
  sort: LeadSort;
  dir: SortDirection;
}
type KeyedSort = 'amount' | 'round';

/** Where the previous page ended: its last row's position in the order the page was sorted by, and the
 * count of the first page, so Load More never counts again. */
type Cursor = (
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
  const parts = [...position, String(cursor.matches.count), cursor.matches.exact ? '1' : '0'];
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
  if (total === undefined || !COUNT.test(total) || (exact !== '0' && exact !== '1') || extra.length > 0) throw badRequest('Invalid cursor');
  const matches = { count: Number(total), exact: exact === '1' };
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
function requestedOrder(query: LeadPageQuery): Order {
  const sort = query.sort ?? (query.q !== undefined ? 'relevance' : 'date');
  if (sort === 'relevance') return query.q !== undefined ? { sort, dir: 'desc' } : { sort: 'date', dir: 'desc' };
  return { sort, dir: query.dir ?? 'desc' };
}

/** A cursor continues the order its first page had: the one asked for, or newest first for a search too broad to rank. */
function cursorFits(cursor: Cursor, requested: Order): boolean {
  if (cursor.sort === requested.sort && cursor.dir === requested.dir) return true;
  return requested.sort === 'relevance' && cursor.sort === 'date' && cursor.dir === 'desc';
}

/** The amount or round order's key (schema/leads.ts): the same text as the index on it, so the index matches. */
function sortKey(sort: KeyedSort, dir: SortDirection): SQL {
  return sql.raw(LEAD_SORT_KEY_SQL[`${sort}:${dir}`]);
}

/** Rows after `position` in the list order (funding_date desc, id desc): the keyset the date-ordered
 * index walks from. Load More and the CSV export page with it alike. */
function afterInDateOrder(position: { date: string; id: string }): SQL {
  return sql`(${leads.fundingDate}, ${leads.id}) < (${position.date}::date, ${position.id}::uuid)`;
}

/** The planner's row estimate for the filter: a plan, no rows read. */
async function estimateMatches(db: Db, where: SQL | undefined): Promise<number> {
  const result = await db.execute(sql`explain (format json) select 1 from ${leads} ${where ? sql`where ${where}` : sql``}`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  const value = row ? Object.values(row)[0] : undefined;
  const plan = (typeof value === 'string' ? JSON.parse(value) : value) as [{ Plan: { 'Plan Rows': number } }] | undefined;
  return Math.round(plan?.[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * Exact up to `limit` (reading at most one match more than that), else the planner's estimate. An
 * estimate far above the limit is taken as it is, without reading any match, unless trustEstimate is
 * false (searches: the planner guesses word combinations poorly, and a wrong guess picks a slow plan).
 */
export async function countMatches(db: Db, where: SQL | undefined, limit = EXACT_COUNT_LIMIT, trustEstimate = true): Promise<MatchCount> {
  const estimate = await estimateMatches(db, where);
  if (trustEstimate && estimate >= limit * ESTIMATE_TRUST_FACTOR) return { count: estimate, exact: false };
  const limited = db
    .select({ one: sql`1`.as('one') })
    .from(leads)
    .where(where)
    .limit(limit + 1)
    .as('limited');
  const [row] = await db.select({ total: count() }).from(limited);
  const counted = row?.total ?? 0;
  if (counted <= limit) return { count: counted, exact: true };
  return { count: Math.max(estimate, counted), exact: false };
}

export async function getLead(db: Db, id: string): Promise<Lead | undefined> {
  const [row] = await db
    .select(leadWithHistoryColumns)
    .from(leads)
    .where(sql`${leads.id} = ${id}`)
    .limit(1);
  if (!row) return undefined;
  const byLead = await contactsFor(db, [row.id]);
  return toLead(row, byLead.get(row.id) ?? []);
}

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

/** How the rows of one order are read: its rank or key column, the keyset after a cursor, the ORDER BY. `hidden`
 * writes the date (and key) as expressions no index matches, so the planner reads matches through the search indexes
 * and sorts them instead of walking an order index hoping to meet matches early. */
function orderSql(order: Order, q: string | undefined, cursor: Cursor | undefined) {
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
type OrderSql = ReturnType<typeof orderSql>;

/** A page's ids in order, each with its rank or sort key as text (what its cursor records). */
interface PageId {
  id: string;
  rank: string;
}

/** The ids of the matches in the order, `limit` of them after `offset`. */
async function orderedIds(db: Db, order: OrderSql, where: SQL | undefined, hidden: boolean, limit: number, offset: number): Promise<PageId[]> {
  return db
    .select({ id: sql<string>`${leads.id}::text`, rank: sql<string>`(${order.rankOf(hidden)})::text` })
    .from(leads)
    .where(and(where, order.after(hidden)))
    .orderBy(...order.orderBy(hidden))
    .limit(limit)
    .offset(offset);
}

/**
 * Runs fn with bitmap scans only: a search's matches are read through the GIN indexes, at a cost that follows the
 * posting lists, never by a scan of the table or a walk of an order index hoping to meet matches early. The planner
 * guesses how often words occur together poorly, and at a million leads either wrong guess costs a second.
 */
async function bitmapOnly<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  // work_mem: room for exact bitmaps of common words (a lossy bitmap rechecks whole pages of the table).
  return withPlanSettings(db, { enable_seqscan: 'off', enable_indexscan: 'off', enable_indexonlyscan: 'off', work_mem: '64MB' }, fn);
}

/** Runs fn with these planner settings: through a pool opened with them (PostgreSQL), else in a transaction that sets
 * them (set_config(..., true): that transaction only). */
async function withPlanSettings<T>(db: Db, settings: PlanSettings, fn: (tx: Db) => Promise<T>): Promise<T> {
  const planned = plannedDb(db, settings);
  if (planned) return fn(planned);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select ${sql.join(
        Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`),
        sql`, `,
      )}`,
    );
    return fn(tx as unknown as Db);
  });
}

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

/** The page's rows with their history counts, in the order of `ids`. */
async function rowsOfIds(db: Db, ids: PageId[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select(leadPageColumns)
    .from(leads)
    .where(
      inArray(
        leads.id,
        ids.map(({ id }) => id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap(({ id, rank }) => {
    const row = byId.get(id);
    return row ? [{ ...row, rank }] : [];
  });
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
async function searchPage(
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
    const matches = { count: Math.max(SEARCH_EXACT_COUNT_LIMIT + 1, extrapolated), exact: false };
    if (requested.sort === 'relevance' || (requested.sort === 'date' && requested.dir === 'desc'))
      return { matches, order: newestFirst, ids: newest.ids.slice(offset) };
    // Common enough that walking the other order's index meets the page soon.
    return { matches, order: requested, ids: await orderedIds(db, orderSql(requested, query.q, undefined), where, false, query.limit + 1, offset) };
  };
  if (estimate >= DENSE_SEARCH_ESTIMATE) {
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
  const total = rows[0] !== undefined ? Number(rows[0].total) : (past?.count ?? 0);
  const exact = past ? past.exact : total <= SEARCH_EXACT_COUNT_LIMIT;
  const order = ranked && !exact ? { sort: 'date' as const, dir: 'desc' as const } : requested;
  return { matches: { count: total, exact }, order, ids: rows.map(({ id, rank: text }) => ({ id, rank: text })) };
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
    hasMore,
    nextCursor: hasMore && last ? encodeCursor(position(last)) : null,
    sort,
    dir: order.dir,
  };
}

/**
 * A filter's count without its search words. "Has contacts" is counted as the filter without it less its leads
 * without contacts (the stored flag, true exactly for those: migration 0020), when that count is exact or none lack
 * contacts. Counted directly, every match up to the limit was probed in the contacts index, because the planner
 * estimates that probe (a semi-join) too loosely to trust (decision 026).
 * `columns` is columnConditions(filter, locations), which the page already built.
 */
async function countColumnMatches(db: Db, filter: LeadFilter, locations: string[] | undefined, columns: SQL | undefined): Promise<MatchCount> {
  if (filter.hasContacts !== true) return countMatches(db, columns);
  const all = await countMatches(db, columnConditions({ ...filter, hasContacts: undefined }, locations));
  const lackingConditions = columnConditions({ ...filter, hasContacts: false }, locations);
  if (all.exact) {
    // Those without contacts are some of all, so at most the limit: counted, never estimated.
    const lacking = await countMatches(db, lackingConditions, EXACT_COUNT_LIMIT, false);
    return { count: all.count - lacking.count, exact: true };
  }
  const lacking = await countMatches(db, lackingConditions);
  if (lacking.exact && lacking.count === 0) return all;
  return countMatches(db, columns, EXACT_COUNT_LIMIT, false);
}

/** The filter's stated rounds with its amount range, when it has both (what leads_round_amount_idx reads) and no
 * filter on a column the index does not hold: the read must stay index-only, or the planner, expecting thousands of
 * rows to fetch from the table, scans the table instead (decision 026 has the case). Those
 * filters (no contacts, added after) have their own indexes. */
function roundAmountRange(filter: LeadFilter): SQL | undefined {
  const rounds = filter.fundingRound;
  if (!rounds || rounds.includes(UNDISCLOSED) || (filter.minFunding === undefined && filter.maxFunding === undefined)) return undefined;
  if (filter.hasContacts === false || filter.addedAfter) return undefined;
  return and(
    inArray(leads.fundingRound, rounds as FundingRound[]),
    filter.minFunding === undefined ? undefined : gte(leads.fundingAmount, filter.minFunding),
    filter.maxFunding === undefined ? undefined : lte(leads.fundingAmount, filter.maxFunding),
  );
}

/**
 * A page of a filter with a round and an amount range that holds at most NARROW_RANGE_CAP leads, with the count of its
 * matches; undefined for any other filter. The planner takes round and amount as independent, and they are not: it
 * expects 24,000 Seed rounds of $100M or more at a million leads where there are none, and walks the round's order
 * index (every Seed lead) to meet them. The range is counted in its own index first (at most CAP + 1 entries);
 * when it is small, its leads are filtered, counted and sorted there, index-only.
 */
async function narrowColumnPage(
  db: Db,
  filter: LeadFilter,
  order: OrderSql,
  columns: SQL | undefined,
  limit: number,
  offset: number,
): Promise<{ ids: PageId[]; matches: MatchCount } | undefined> {
  const range = roundAmountRange(filter);
  if (!range) return undefined;
  const [probe] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*) as n from (select 1 from ${leads} where ${range} limit ${NARROW_RANGE_CAP + 1}) range_probe`),
  );
  if (Number(probe?.n ?? 0) > NARROW_RANGE_CAP) return undefined;
  // The range's leads under the table's own name, so the filter's conditions and the order's expressions (which name
  // "leads") apply to them as they are. Only the columns the index holds.
  const [row] = rowsOf<{ total: number | string; page: [string, string][] | string }>(
    await db.execute(sql`
      with range as materialized (
        select ${leads.id}, ${leads.fundingDate}, ${leads.fundingRound}, ${leads.fundingAmount}, ${leads.industry}, ${leads.location}
        from ${leads} where ${range}
      )
      select
        (select count(*) from range as leads where ${columns ?? sql`true`}) as total,
        (select coalesce(json_agg(json_build_array(page.id, page.rank)), '[]'::json) from (
          select ${leads.id}::text as id, (${order.rankOf(true)})::text as rank
          from range as leads where ${and(columns, order.after(true)) ?? sql`true`}
          order by ${sql.join(order.orderBy(true), sql`, `)}
          limit ${limit} offset ${offset}
        ) page) as page`),
  );
  const page = typeof row?.page === 'string' ? (JSON.parse(row.page) as [string, string][]) : (row?.page ?? []);
  const total = Number(row?.total ?? 0);
  return { ids: page.map(([id, rank]) => ({ id, rank })), matches: { count: total, exact: total <= EXACT_COUNT_LIMIT } };
}

/** A page of a column-filtered list in one query: the page's ids first (walking an order index), then those rows with
 * their history counts (never computed for skipped rows). */
async function columnPage(db: Db, order: OrderSql, columns: SQL | undefined, limit: number, offset: number) {
  const ids = db
    .select({ id: sql<string>`${leads.id}`.as('page_id'), rank: sql<string>`(${order.rankOf(false)})::text`.as('page_rank') })
    .from(leads)
    .where(and(columns, order.after(false)))
    .orderBy(...order.orderBy(false))
    .limit(limit)
    .offset(offset);
  return db
    .select({ ...leadPageColumns, rank: sql<string>`page_ids.page_rank` })
    .from(sql`(${ids}) as page_ids`)
    .innerJoin(leads, sql`${leads.id} = page_ids.page_id`)
    .orderBy(
      ...(order.dateAscending
        ? [asc(leads.fundingDate), desc(leads.id)]
        : [order.keyed ? sql`page_ids.page_rank::bigint desc` : sql`page_ids.page_rank::real desc`, desc(leads.fundingDate), desc(leads.id)]),
    );
}

export async function getLeadStats(db: Db): Promise<LeadStats> {
  const version = await readLeadsVersion(db);
  const since = recentStartDate();
  return cachesFor(db).stats.get(`stats:${since}`, version, async () => {
    const [totals, industries, recent] = await Promise.all([
      db
        .select({
          totalLeads: count(),
          // Sum and mean of disclosed amounts only: an undisclosed round is not a $0 round.
          disclosedCount: count(leads.fundingAmount),
          totalFunding: sql<string>`coalesce(sum(${leads.fundingAmount}), 0)`,
        })
        .from(leads),
      // An unknown industry is not a filter option.
      db
        .selectDistinct({ industry: leads.industry })
        .from(leads)
        .where(sql`${leads.industry} is not null`)
        .orderBy(asc(leads.industry)),
      db.select({ value: count() }).from(leads).where(gte(leads.fundingDate, since)),
    ]);
    const totalLeads = totals[0]?.totalLeads ?? 0;
    const disclosedCount = totals[0]?.disclosedCount ?? 0;
    const totalFunding = Number(totals[0]?.totalFunding ?? 0);
    return {
      industries: industries.flatMap((row) => (row.industry === null ? [] : [row.industry])),
      totalLeads,
      totalFunding,
      avgFunding: disclosedCount > 0 ? Math.round(totalFunding / disclosedCount) : 0,
      disclosedCount,
      recentLeads: recent[0]?.value ?? 0,
    };
  });
}

const EXPORT_BATCH = 1_000;

/** One CSV line's row: a lead's cells with one of its contacts (or none), all as text the database wrote. */
interface CsvRow {
  id: string;
  company_name: string;
  domain: string;
  industry: string | null;
  funding_amount: string | null;
  funding_round: string | null;
  location: string | null;
  funding_date: string;
  description: string;
  name: string | null;
  role: string | null;
  email: string | null;
  linked_in: string | null;
  email_status: string | null;
  email_source: string | null;
}

/** The whole filtered result as CSV, newest first, walked in keyset batches like Load More's cursor, so memory stays flat however many rows. */
export async function* streamLeadsCsv(db: Db, filter: LeadFilter): AsyncGenerator<string> {
  const where = filterConditions(filter, await matchingLocations(db, filter.location), filter.q ? await matchingSearchQuery(db, filter.q) : undefined);
  let after: { date: string; id: string } | undefined;
  // The header travels with the first batch, so the first chunk is only ready once the first query succeeded.
  let header = CSV_HEADER_LINE;
  for (;;) {
    const keyset = after ? afterInDateOrder(after) : undefined;
    // A batch of leads with their contacts, a row per line, in one query whose rows are written as they come: no
    // query builder per row, no objects per lead (the export is CPU-bound in Node; decision 026).
    const rows = rowsOf<CsvRow>(
      await db.execute(sql`
        select batch.lead_id::text as id, batch.company_name, batch.domain, batch.industry, batch.funding_amount::text as funding_amount,
          batch.funding_round::text as funding_round, batch.location, batch.funding_date::text as funding_date, batch.description,
          c.name, c.role, c.email, c.linked_in, c.email_status, c.email_source
        from (
          select ${leads.id} as lead_id, ${leads.companyName} as company_name, ${leads.domain} as domain, ${leads.industry} as industry,
            ${leads.fundingAmount} as funding_amount, ${leads.fundingRound} as funding_round, ${leads.location} as location,
            ${leads.fundingDate} as funding_date, ${leads.description} as description
          from ${leads} where ${and(where, keyset) ?? sql`true`}
          order by ${leads.fundingDate} desc, ${leads.id} desc
          limit ${EXPORT_BATCH}
        ) batch
        -- Each lead's contacts through their index: as a plain join, a small database (PGlite at 100,000 leads) hashes
        -- the whole contacts table for every batch. OFFSET 0 keeps the subquery from being merged into such a join.
        left join lateral (
          select ${contacts.name} as name, ${contacts.role} as role, ${contacts.email} as email, ${contacts.linkedIn} as linked_in, ${contacts.position} as position,
            ${contacts.emailStatus} as email_status, ${contacts.emailSource} as email_source
          from ${contacts} where ${contacts.leadId} = batch.lead_id offset 0
        ) c on true
        order by batch.funding_date desc, batch.lead_id desc, c.position`),
    );
    if (rows.length === 0) {
      if (header) yield header;
      return;
    }
    let leadsInBatch = 0;
    let previous = '';
    const cells = rows.map((row) => {
      if (row.id !== previous) leadsInBatch++;
      previous = row.id;
      const lead = {
        companyName: row.company_name,
        domain: row.domain,
        industry: row.industry,
        fundingAmount: row.funding_amount === null ? null : Number(row.funding_amount),
        fundingRound: row.funding_round,
        location: row.location,
        fundingDate: row.funding_date,
        description: row.description,
      };
      return leadContactCells(
        lead,
        row.name === null
          ? undefined
          : { name: row.name, role: row.role ?? '', email: row.email ?? '', linkedIn: row.linked_in ?? '', emailStatus: row.email_status, emailSource: row.email_source },
      );
    });
    yield header + csvLines(cells);
    header = '';
    const last = rows[rows.length - 1]!;
    after = { date: last.funding_date, id: last.id };
    if (leadsInBatch < EXPORT_BATCH) return;
  }
}

/** The most recent leads, without contacts or any contact data. */
export async function listFreeLeads(db: Db, limit = FREE_LEADS_COUNT): Promise<FreeLeadsResult> {
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: leads.id,
        companyName: leads.companyName,
        domain: leads.domain,
        industry: leads.industry,
        fundingAmount: leads.fundingAmount,
        fundingRound: leads.fundingRound,
        roundLabel: leads.roundLabel,
        location: leads.location,
        fundingDate: leads.fundingDate,
        description: leads.description,
      })
      .from(leads)
      .orderBy(desc(leads.fundingDate), desc(leads.id))
      .limit(limit),
    db.select({ total: count() }).from(leads),
  ]);
  const total = totals[0]?.total ?? 0;
  const message =
    total > rows.length
      ? `You're seeing ${rows.length} of ${total.toLocaleString('en-US')} funding rounds. Subscribe for the full archive with contacts for every company.`
      : 'Subscribe to get new funding rounds with contacts for every company, every week.';
  return { leads: rows, message };
}
