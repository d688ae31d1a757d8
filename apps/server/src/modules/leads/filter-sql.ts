// Filter → SQL conditions: a LeadFilter's columns (industry, round, amount, dates, location, contacts, added after)
// and its search words as one WHERE, the location text resolved through lead_locations, and the cache key of a filter.
import { and, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { type FundingRound, type LeadFilter, UNDISCLOSED } from '@fundwire/shared';
import type { Db } from '../../db/client.js';
import { contacts, leadLocations, leads } from '../../db/schema/index.js';
import { escapeLike } from './like-pattern.js';
import { LOCATION_LIST_LIMIT } from './read-rules.js';
import { searchCondition } from './search-query.js';
import { VERIFIED_EMAIL_CONDITION } from './contact-emails.js';

/** Every condition but the search. Industry, round, amount, date and location are checked inside the list-order
 * indexes (decision 026); contacts are probed in their own index (or the stored "no contacts" flag read), and the
 * time a lead was added is read from its own index. */
export function columnConditions(filter: Partial<LeadFilter>, locations?: string[]): SQL | undefined {
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

/** The distinct locations containing `location`, as a JSON array a larger statement selects (list.ts reads it with the
 * cache version); locationsFrom reads it back. */
export function matchingLocationsSql(location: string): SQL {
  return sql`(select coalesce(json_agg(matched.location), '[]'::json) from (
    select ${leadLocations.location} as location from ${leadLocations} where ${leadLocations.location} ilike ${`%${escapeLike(location)}%`}
    limit ${LOCATION_LIST_LIMIT + 1}) matched)`;
}

/** matchingLocationsSql's value: the locations, or undefined when there are more than LOCATION_LIST_LIMIT. */
export function locationsFrom(value: string[] | string | null | undefined): string[] | undefined {
  const list = typeof value === 'string' ? (JSON.parse(value) as string[]) : (value ?? []);
  return list.length > LOCATION_LIST_LIMIT ? undefined : list;
}

/** `query`: the search's tsquery when the caller has it (matchingSearchQuery), else searchQuery(filter.q). */
export function filterConditions(filter: LeadFilter, locations?: string[], query?: SQL): SQL | undefined {
  return and(columnConditions(filter, locations), searchCondition(filter.q, query));
}

export function filterKey(filter: LeadFilter): string {
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
