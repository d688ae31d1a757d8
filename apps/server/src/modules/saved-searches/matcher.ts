// The net-new matcher (docs/decisions/031-saved-search-alerts.md). It claims a batch of lead_changes rows with
// FOR UPDATE SKIP LOCKED (so instances split the work, and a crash rolls the claim back), evaluates every saved
// search against the batch in SQL, records saved_search_matches (the exactly-once key of a new match), and
// queues alert_deliveries per channel, whose leads are keyed by (saved search, lead, channel). All in one
// transaction: a batch is matched and queued entirely, or not at all.
//
// A change is new to a saved search when it happened after the search was created and the lead matches now,
// and, for an update, the lead did not match with the values it had before the update. Each search is compiled
// with the lead list's own conditions (modules/leads columnConditions and searchCondition), so a saved search
// finds exactly what the list finds.
import { nextSend, savedFilterToLeadFilter, type AlertChannel, type SavedSearchFilter } from '@fundwire/shared';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, RawQuery } from '../../db/client.js';
import { withPaidAccessNow } from '../billing/index.js';
import { queueSavedSearchCrmPushes } from '../crm/index.js';
import { changedLeadsNow, columnConditions, searchCondition, searchQuery } from '../leads/index.js';

/** How many changed leads one run claims. */
export const MATCH_BATCH_SIZE = 1_000;
/** Saved searches compiled into one statement. */
const SEARCHES_PER_STATEMENT = 200;
/** An instant email waits this long for more leads before it goes out (the sender polls every 30 s; within 5 min). */
export const INSTANT_EMAIL_WINDOW_MS = 2 * 60_000;

const dialect = new PgDialect();

export interface MatchOptions {
  /** The digest times of daily and weekly emails are in this zone (ALERT_TIMEZONE). */
  timeZone: string;
  /** ADMIN_EMAIL: the admin's searches alert without a subscription, as the API answers the admin without one. */
  adminEmail: string;
  /** app.billing.mode: with Stripe, a leftover test-mode subscription grants nothing (billing/paid-access.ts). */
  billingMode: 'stripe' | 'test';
  batchSize?: number;
  now?: () => Date;
}

export interface MatchResult {
  /** Changes claimed and consumed. */
  changes: number;
  /** New (saved search, lead) matches recorded. */
  matches: number;
  /** (saved search, lead, channel) rows queued. */
  queued: number;
}

interface SearchRow {
  id: string;
  userId: string;
  filter: SavedSearchFilter;
  createdAt: string;
  emailMode: 'off' | 'instant' | 'daily' | 'weekly';
  slack: boolean;
  webhook: boolean;
  /** The CRM channel (issue 32): new matches are pushed there. */
  crm: 'hubspot' | 'pipedrive' | null;
}

/** The conditions of one saved search over a relation called "leads" that has the filterable columns and has_contacts. */
function compiledConditions(filter: SavedSearchFilter, today: string, tsquery: string | undefined): SQL {
  const { hasContacts, ...leadFilter } = savedFilterToLeadFilter(filter, today);
  const parts: SQL[] = [];
  const columns = columnConditions({ ...leadFilter, hasContacts: undefined });
  if (columns) parts.push(columns);
  const search = searchCondition(leadFilter.q, tsquery === undefined ? undefined : sql`${tsquery}::tsquery`);
  if (search) parts.push(search);
  // The list's "has contacts" (an exists over contacts), read from the batch's precomputed flag.
  if (hasContacts !== undefined) parts.push(hasContacts ? sql`"leads"."has_contacts"` : sql`not "leads"."has_contacts"`);
  return parts.length > 0 ? sql.join(parts, sql` and `) : sql`true`;
}

/** Each distinct search text's tsquery, computed once (as text) rather than for every row it is tested on. */
async function tsqueries(query: RawQuery, texts: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(texts)];
  if (unique.length === 0) return new Map();
  const statement = dialect.sqlToQuery(
    sql.join(
      unique.map((q, index) => sql`select ${index}::int as i, (${searchQuery(q)})::text as tsq`),
      sql` union all `,
    ),
  );
  const result = await query(statement.sql, statement.params);
  const byText = new Map<string, string>();
  for (const row of result.rows) byText.set(unique[Number(row.i)]!, String(row.tsq));
  return byText;
}

/** The channels a new match of this search is queued for, as its settings are now. */
function channelsOf(search: SearchRow): AlertChannel[] {
  return [
    ...(search.emailMode !== 'off' ? (['email'] as const) : []),
    ...(search.slack ? (['slack'] as const) : []),
    ...(search.webhook ? (['webhook'] as const) : []),
  ];
}

/** When a new delivery of this channel may go out: slack and webhook at once, email after its batching window or at its digest time. */
function notBefore(search: SearchRow, channel: AlertChannel, now: Date, timeZone: string): Date {
  if (channel !== 'email' || search.emailMode === 'off') return now;
  if (search.emailMode === 'instant') return new Date(now.getTime() + INSTANT_EMAIL_WINDOW_MS);
  return nextSend(search.emailMode, now, timeZone);
}

/** One run: claims up to batchSize changes and matches them. Returns zeros when there was nothing to do. */
export async function matchLeadChanges(database: Database, options: MatchOptions): Promise<MatchResult> {
  const now = (options.now ?? (() => new Date()))();
  const today = now.toISOString().slice(0, 10);
  // Read before the transaction (PGlite runs one statement at a time, so no second connection inside it).
  const paid = await withPaidAccessNow(database.db, { adminEmail: options.adminEmail, billingMode: options.billingMode }, sql`(select distinct user_id from saved_searches)`, now.getTime());
  return database.rawTransaction(async (query) => {
    const claimed = await query('select id from lead_changes order by id limit $1 for update skip locked', [options.batchSize ?? MATCH_BATCH_SIZE]);
    const changeIds = claimed.rows.map((row) => String(row.id));
    if (changeIds.length === 0) return { changes: 0, matches: 0, queued: 0 };

    const searchRows = await query(
      `select id, user_id, filter, created_at::text as created_at, email_mode, slack_webhook_url is not null as slack, (webhook_url is not null and webhook_disabled_at is null) as webhook, crm
       from saved_searches where created_at < (select max(changed_at) from lead_changes where id = any($1::bigint[]))`,
      [changeIds],
    );
    const searches: SearchRow[] = searchRows.rows.map((row) => ({
      id: String(row.id),
      userId: String(row.user_id),
      filter: (typeof row.filter === 'string' ? JSON.parse(row.filter) : row.filter) as SavedSearchFilter,
      // As PostgreSQL prints it, to the microsecond.
      createdAt: String(row.created_at),
      emailMode: row.email_mode as SearchRow['emailMode'],
      slack: row.slack === true,
      webhook: row.webhook === true,
      crm: row.crm === 'hubspot' || row.crm === 'pipedrive' ? row.crm : null,
    }));

    const newMatches: { searchId: string; leadId: string }[] = [];
    if (searches.length > 0) {
      const queries = await tsqueries(
        query,
        searches.flatMap((search) => (search.filter.q ? [search.filter.q] : [])),
      );
      for (let start = 0; start < searches.length; start += SEARCHES_PER_STATEMENT) {
        const chunk = searches.slice(start, start + SEARCHES_PER_STATEMENT);
        const branches = chunk.map((search) => {
          const conditions = compiledConditions(search.filter, today, search.filter.q ? queries.get(search.filter.q) : undefined);
          // Matches now and changed after the search existed, except updates whose lead matched before.
          return sql`(select ${search.id}::uuid as saved_search_id, "leads"."change_id" from batch as "leads"
              where "leads"."changed_at" > ${search.createdAt}::timestamptz and ${conditions}
            except select ${search.id}::uuid, "leads"."change_id" from old as "leads" where ${conditions})`;
        });
        const statement = dialect.sqlToQuery(sql`
          with batch as materialized (${changedLeadsNow(changeIds)}),
          old as materialized (
            select c.id as change_id, c.lead_id as id, c.company_name, c.domain, c.industry, c.funding_amount, c.funding_round, c.location,
                   c.funding_date, c.search_vector, c.created_at, c.had_contacts as has_contacts
            from lead_changes c where c.id = any(${sql.param(changeIds)}::bigint[]) and c.kind = 'updated'
          ),
          found as (${sql.join(branches, sql` union all `)})
          insert into saved_search_matches (saved_search_id, lead_id)
          select distinct found.saved_search_id, batch.id from found join batch on batch.change_id = found.change_id
          order by 1, 2
          on conflict do nothing
          returning saved_search_id, lead_id`);
        const inserted = await query(statement.sql, statement.params);
        for (const row of inserted.rows) newMatches.push({ searchId: String(row.saved_search_id), leadId: String(row.lead_id) });
      }
    }
    // Paused: the match is recorded (new once, counted as new on the screen) but nothing is queued for an owner
    // without paid access, so a returning subscriber is not sent the backlog of the time they were away.
    const byId = new Map(searches.map((search) => [search.id, search]));
    const deliverable = newMatches.filter((match) => paid.has(byId.get(match.searchId)!.userId));
    const queued = await queueDeliveries(query, searches, deliverable, now, options.timeZone);
    // The CRM channel: a push job per account and CRM, each lead once (modules/crm/auto.ts).
    await queueSavedSearchCrmPushes(
      query,
      deliverable.flatMap((match) => {
        const search = byId.get(match.searchId)!;
        return search.crm ? [{ savedSearchId: search.id, userId: search.userId, crm: search.crm, leadId: match.leadId }] : [];
      }),
    );
    await query('delete from lead_changes where id = any($1::bigint[])', [changeIds]);
    return { changes: changeIds.length, matches: newMatches.length, queued };
  });
}

/**
 * Puts each new match on a delivery of each channel its search has on: the search's open delivery of that channel
 * (queued, never tried, not leased: it still gathers leads) or a new one. The open deliveries are locked first,
 * so a sender that claims one either did so before (and this run makes a new one) or waits for this run.
 */
async function queueDeliveries(
  query: RawQuery,
  searches: SearchRow[],
  matches: { searchId: string; leadId: string }[],
  now: Date,
  timeZone: string,
): Promise<number> {
  if (matches.length === 0) return 0;
  const byId = new Map(searches.map((search) => [search.id, search]));
  const searchIds = [...new Set(matches.map((match) => match.searchId))];
  const open = await query(
    `select id, saved_search_id, channel from alert_deliveries
     where saved_search_id = any($1::uuid[]) and event = 'leads.matched' and status = 'pending' and attempts = 0 and locked_until is null
     order by id for update`,
    [searchIds],
  );
  const deliveryOf = new Map<string, string>();
  for (const row of open.rows) deliveryOf.set(`${String(row.saved_search_id)}|${String(row.channel)}`, String(row.id));
  const missing = { searches: [] as string[], channels: [] as string[], times: [] as string[] };
  for (const searchId of searchIds) {
    const search = byId.get(searchId)!;
    for (const channel of channelsOf(search)) {
      if (deliveryOf.has(`${searchId}|${channel}`)) continue;
      missing.searches.push(searchId);
      missing.channels.push(channel);
      missing.times.push(notBefore(search, channel, now, timeZone).toISOString());
    }
  }
  if (missing.searches.length > 0) {
    const created = await query(
      `insert into alert_deliveries (saved_search_id, channel, next_attempt_at)
       select * from unnest($1::uuid[], $2::text[], $3::timestamptz[]) returning id, saved_search_id, channel`,
      [missing.searches, missing.channels, missing.times],
    );
    for (const row of created.rows) deliveryOf.set(`${String(row.saved_search_id)}|${String(row.channel)}`, String(row.id));
  }
  // The matches travel once (two arrays), the deliveries once (one row per search and channel); the database pairs them.
  const deliveries = { searches: [] as string[], channels: [] as string[], ids: [] as string[] };
  for (const [key, id] of deliveryOf) {
    const [searchId, channel] = key.split('|') as [string, string];
    deliveries.searches.push(searchId);
    deliveries.channels.push(channel);
    deliveries.ids.push(id);
  }
  if (deliveries.ids.length === 0) return 0;
  const inserted = await query(
    `with queued as (
       insert into alert_delivery_leads (saved_search_id, lead_id, channel, delivery_id)
       select m.saved_search_id, m.lead_id, d.channel, d.id
       from unnest($1::uuid[], $2::uuid[]) as m(saved_search_id, lead_id)
       join unnest($3::uuid[], $4::text[], $5::uuid[]) as d(saved_search_id, channel, id) on d.saved_search_id = m.saved_search_id
       on conflict do nothing returning 1)
     select count(*)::int as n from queued`,
    [matches.map((match) => match.searchId), matches.map((match) => match.leadId), deliveries.searches, deliveries.channels, deliveries.ids],
  );
  return Number(inserted.rows[0]?.n ?? 0);
}
