// Live lead sources (SEC Form D): one row per source (run state and the shared request pace), one per
// (source, day) that is a job claimed with a lease, one per filing handled (the resume point), and errors.
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { leads } from './leads.js';

export const sourceState = pgTable('source_state', {
  source: text('source').primaryKey(),
  lastRunStartedAt: timestamp('last_run_started_at', { withTimezone: true }),
  lastRunFinishedAt: timestamp('last_run_finished_at', { withTimezone: true }),
  lastRunStatus: text('last_run_status', { enum: ['running', 'done', 'failed'] }),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }),
  /** The earliest moment any instance may send its next request to the source (request pacing, Retry-After). */
  nextRequestAt: timestamp('next_request_at', { withTimezone: true }).notNull().defaultNow(),
  /** The source blocked us (e.g. an SEC 403 that is not "no index yet"): no instance runs it before this. */
  pausedUntil: timestamp('paused_until', { withTimezone: true }),
  pausedReason: text('paused_reason'),
});

export const sourceDays = pgTable(
  'source_days',
  {
    source: text('source').notNull(),
    /** The filing day, in the source's calendar (US Eastern for SEC). */
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['pending', 'running', 'done', 'no-index', 'failed'] }).notNull().default('pending'),
    filingsSeen: integer('filings_seen').notNull().default(0),
    /** The instance working on the day, until lease_expires_at; another may take it over afterwards. */
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.source, table.day] })],
);

export const sourceFilings = pgTable(
  'source_filings',
  {
    source: text('source').notNull(),
    /** The source's id for the item (an SEC accession number). */
    item: text('item').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** created / updated: a lead was written; skipped: reason says why; failed: after bounded retries. */
    result: text('result', { enum: ['created', 'updated', 'skipped', 'failed'] }).notNull(),
    reason: text('reason'),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(1),
    /** Contacts the item named beyond the lead-input contract's limit (20), not written. */
    contactsSkipped: integer('contacts_skipped').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.source, table.item] }), index('source_filings_day_idx').on(table.source, table.day)],
);

export const sourceErrors = pgTable(
  'source_errors',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    source: text('source').notNull(),
    day: date('day', { mode: 'string' }),
    item: text('item'),
    reason: text('reason').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('source_errors_source_at_idx').on(table.source, table.at)],
);
