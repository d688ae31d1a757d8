// Lead queries. Only services touch the database.
import { and, asc, count, desc, getTableColumns, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  EDITABLE_LEAD_FIELDS,
  type EditableLeadField,
  UNDISCLOSED,
  FREE_LEADS_COUNT,
  RECENT_DAYS,
  CSV_HEADER_LINE,
  leadCsvLines,
  type FreeLead,
  type Lead,
  type LeadFilter,
  leadListResponseSchema,
  type LeadListResponse,
  type LeadStats,
} from '@fundwire/shared';
import type { Db } from '../../db/client.js';
import { contacts, leads, type LeadRow } from '../../db/schema/index.js';
import { readLeadsVersion, VersionedCache } from './cache.js';

export interface FreeLeadsResult {
  leads: FreeLead[];
  message: string;
}

interface LeadCaches {
  stats: VersionedCache<LeadStats>;
  counts: VersionedCache<number>;
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

/** Below this many matches, a search reads its matches through the trigram index and sorts them;
 * above it, walking the date index until a page is full is faster. */
const SEARCH_SORT_THRESHOLD = 20_000;

/** The expression the trigram index covers; queries must use the same one. */
const searchDocument = sql`(${leads.companyName} || ' ' || ${leads.domain} || ' ' || ${leads.description})`;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function recentStartDate(now = new Date()): string {
  return isoDay(new Date(now.getTime() - (RECENT_DAYS - 1) * 86_400_000));
}

export function filterConditions(filter: LeadFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.industry) conditions.push(sql`${leads.industry} = ${filter.industry}`);
  if (filter.fundingRound === UNDISCLOSED) conditions.push(sql`${leads.fundingRound} is null`);
  else if (filter.fundingRound) conditions.push(sql`${leads.fundingRound} = ${filter.fundingRound}`);
  // An undisclosed (null) amount never matches a range: null >= x is not true.
  if (filter.minFunding !== undefined) conditions.push(gte(leads.fundingAmount, filter.minFunding));
  if (filter.maxFunding !== undefined) conditions.push(lte(leads.fundingAmount, filter.maxFunding));
  if (filter.dateStart) conditions.push(gte(leads.fundingDate, filter.dateStart));
  if (filter.dateEnd) conditions.push(lte(leads.fundingDate, filter.dateEnd));
  if (filter.location) conditions.push(ilike(leads.location, `%${escapeLike(filter.location)}%`));
  if (filter.q) conditions.push(sql`${searchDocument} ilike ${`%${escapeLike(filter.q)}%`}`);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

function filterKey(filter: LeadFilter): string {
  return JSON.stringify([filter.industry, filter.fundingRound, filter.minFunding, filter.maxFunding, filter.dateStart, filter.dateEnd, filter.location, filter.q]);
}

type ContactFields = Lead['contacts'][number];

/** A lead row with the count of its company's rounds funded before it (one index range per row). */
export const leadWithHistoryColumns = {
  ...getTableColumns(leads),
  // Spelled out: Drizzle leaves the outer columns unqualified, and inside the subquery they would mean `earlier`'s.
  earlierRounds: sql<number>`(select count(*) from leads as earlier where earlier.company_id = "leads"."company_id" and earlier.funding_date < "leads"."funding_date")`.mapWith(Number),
};
type LeadWithHistory = LeadRow & { earlierRounds: number };

export async function contactsFor(db: Db, leadIds: string[]): Promise<Map<string, ContactFields[]>> {
  const byLead = new Map<string, ContactFields[]>();
  if (leadIds.length === 0) return byLead;
  const rows = await db
    .select({ leadId: contacts.leadId, name: contacts.name, role: contacts.role, email: contacts.email, linkedIn: contacts.linkedIn })
    .from(contacts)
    .where(inArray(contacts.leadId, leadIds))
    .orderBy(asc(contacts.leadId), asc(contacts.position));
  for (const { leadId, email, ...contact } of rows) {
    const list = byLead.get(leadId) ?? [];
    list.push({ ...contact, email: email === '' ? null : email });
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
    editedFields: row.editedFields.filter((field): field is EditableLeadField => (EDITABLE_LEAD_FIELDS as readonly string[]).includes(field)),
    companyId: row.companyId,
    earlierRounds: row.earlierRounds,
    contacts: leadContacts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type LeadPageQuery = LeadFilter & { page: number; limit: number };

export async function getLead(db: Db, id: string): Promise<Lead | undefined> {
  const [row] = await db.select(leadWithHistoryColumns).from(leads).where(sql`${leads.id} = ${id}`).limit(1);
  if (!row) return undefined;
  const byLead = await contactsFor(db, [row.id]);
  return toLead(row, byLead.get(row.id) ?? []);
}

/** One page of leads, newest funding date first (id breaks ties), with contacts, as JSON text. */
export async function listLeadsJson(db: Db, query: LeadPageQuery): Promise<string> {
  const version = await readLeadsVersion(db);
  const key = JSON.stringify([query.page, query.limit, filterKey(query)]);
  return cachesFor(db).pages.get(key, version, async () => JSON.stringify(leadListResponseSchema.parse(await listLeads(db, query, version))));
}

export async function listLeads(db: Db, query: LeadPageQuery, knownVersion?: string): Promise<LeadListResponse> {
  const where = filterConditions(query);
  const version = knownVersion ?? (await readLeadsVersion(db));
  const counting = cachesFor(db).counts.get(filterKey(query), version, async () => {
    const [row] = await db.select({ total: count() }).from(leads).where(where);
    return row?.total ?? 0;
  });
  // A rare search term: let the planner use the trigram index and sort (date + 0 hides the date index).
  const sortMatches = query.q !== undefined && (await counting) <= SEARCH_SORT_THRESHOLD;
  const [rows, totalCount] = await Promise.all([
    db
      .select(leadWithHistoryColumns)
      .from(leads)
      .where(where)
      .orderBy(sortMatches ? sql`${leads.fundingDate} + 0 desc` : desc(leads.fundingDate), desc(leads.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    counting,
  ]);
  const byLead = await contactsFor(
    db,
    rows.map((row) => row.id),
  );
  return {
    leads: rows.map((row) => toLead(row, byLead.get(row.id) ?? [])),
    totalCount,
    hasMore: (query.page - 1) * query.limit + rows.length < totalCount,
  };
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
      db.selectDistinct({ industry: leads.industry }).from(leads).where(sql`${leads.industry} is not null`).orderBy(asc(leads.industry)),
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

const csvColumns = {
  id: leads.id,
  companyName: leads.companyName,
  domain: leads.domain,
  industry: leads.industry,
  fundingAmount: leads.fundingAmount,
  fundingRound: leads.fundingRound,
  location: leads.location,
  fundingDate: leads.fundingDate,
  description: leads.description,
};

/** The whole filtered result as CSV, fetched in keyset batches so memory stays flat however many rows. */
export async function* streamLeadsCsv(db: Db, filter: LeadFilter): AsyncGenerator<string> {
  const where = filterConditions(filter);
  let after: { date: string; id: string } | undefined;
  // The header travels with the first batch, so the first chunk is only ready once the first query succeeded.
  let header = CSV_HEADER_LINE;
  for (;;) {
    const keyset = after ? sql`(${leads.fundingDate}, ${leads.id}) < (${after.date}::date, ${after.id}::uuid)` : undefined;
    const rows = await db
      .select(csvColumns)
      .from(leads)
      .where(and(where, keyset))
      .orderBy(desc(leads.fundingDate), desc(leads.id))
      .limit(EXPORT_BATCH);
    if (rows.length === 0) {
      if (header) yield header;
      return;
    }
    const byLead = await contactsFor(
      db,
      rows.map((row) => row.id),
    );
    let chunk = header;
    header = '';
    for (const row of rows) chunk += leadCsvLines({ ...row, contacts: byLead.get(row.id) ?? [] });
    yield chunk;
    const last = rows[rows.length - 1]!;
    after = { date: last.fundingDate, id: last.id };
    if (rows.length < EXPORT_BATCH) return;
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
