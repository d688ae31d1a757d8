// Saved searches and their alerts (issue 16, docs/decisions/031-saved-search-alerts.md).
// Every lead write records a row in lead_changes (the outbox) in its own transaction; the matcher claims those
// rows, records saved_search_matches (the net-new key) and queues alert_deliveries, one per (saved search,
// channel) batch, whose leads are keyed by alert_delivery_leads: each (saved search, lead, channel) once.
import { bigint, boolean, customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SavedSearchFilter } from '@fundwire/shared';
import { createdAt, ownerColumn, timestamps, uuidPrimaryKey } from './columns.js';
import { fundingRoundEnum, leads } from './leads.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuidPrimaryKey(),
    userId: ownerColumn(),
    name: text('name').notNull(),
    filter: jsonb('filter').$type<SavedSearchFilter>().notNull(),
    emailMode: text('email_mode', { enum: ['off', 'instant', 'daily', 'weekly'] })
      .notNull()
      .default('off'),
    slackWebhookUrl: text('slack_webhook_url'),
    webhookUrl: text('webhook_url'),
    /** whsec_ + base64 of 24 random bytes, made when a webhook URL is first set. */
    webhookSecret: text('webhook_secret'),
    webhookDisabledAt: timestamp('webhook_disabled_at', { withTimezone: true }),
    webhookDisabledReason: text('webhook_disabled_reason'),
    /** The first failure of the current run of failures (a day of them disables the endpoint). */
    webhookFailingSince: timestamp('webhook_failing_since', { withTimezone: true }),
    /** Push new matches to this connected CRM (issue 32). */
    crm: text('crm', { enum: ['hubspot', 'pipedrive'] }),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [index('saved_searches_user_idx').on(table.userId, table.createdAt)],
);

/**
 * The outbox: one row per lead created or changed, written in the write's transaction. For an update it keeps
 * the lead's filterable values from before the write, so the matcher can tell "matches now" from "matched before".
 */
export const leadChanges = pgTable('lead_changes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  leadId: uuid('lead_id').notNull(),
  kind: text('kind', { enum: ['created', 'updated'] }).notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  companyName: text('company_name'),
  domain: text('domain'),
  industry: text('industry'),
  fundingAmount: bigint('funding_amount', { mode: 'number' }),
  fundingRound: fundingRoundEnum('funding_round'),
  location: text('location'),
  fundingDate: date('funding_date', { mode: 'string' }),
  searchVector: tsvector('search_vector'),
  hadContacts: boolean('had_contacts'),
  createdAt: timestamp('created_at', { withTimezone: true }),
});

/** A lead that became new to a saved search: the exactly-once key of "new match". */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: uuid('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.savedSearchId, table.leadId] }), index('saved_search_matches_recent_idx').on(table.savedSearchId, table.matchedAt)],
);

/** One message to one channel of one saved search: a batch of leads, or a test event. A queue workers lease. */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: uuidPrimaryKey(),
    savedSearchId: uuid('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'slack', 'webhook'] }).notNull(),
    event: text('event', { enum: ['leads.matched', 'test'] })
      .notNull()
      .default('leads.matched'),
    /** pending (not tried yet, may still gather leads), retrying, delivered, failed (for good). */
    status: text('status', { enum: ['pending', 'delivered', 'failed', 'retrying'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Not before: the end of the batching window, the digest time, or the next retry. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** What a test event sends (a sample lead); null for matches, whose leads are in alert_delivery_leads. */
    payload: jsonb('payload'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('alert_deliveries_due_idx').on(table.status, table.nextAttemptAt),
    index('alert_deliveries_search_idx').on(table.savedSearchId, table.createdAt),
  ],
);

/**
 * Which delivery carries each (saved search, lead, channel): the key that makes each one go out once. Only the
 * delivery is a foreign key (its cascade removes these rows with the search): the matcher writes tens of thousands
 * of rows per batch, and a deleted lead is simply not found when the delivery is sent.
 */
export const alertDeliveryLeads = pgTable(
  'alert_delivery_leads',
  {
    savedSearchId: uuid('saved_search_id').notNull(),
    leadId: uuid('lead_id').notNull(),
    channel: text('channel', { enum: ['email', 'slack', 'webhook'] }).notNull(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => alertDeliveries.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.savedSearchId, table.leadId, table.channel] }), index('alert_delivery_leads_delivery_idx').on(table.deliveryId)],
);
