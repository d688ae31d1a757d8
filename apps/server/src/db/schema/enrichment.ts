// Enrichment's own bookkeeping (issue 31, migration 0029): lookups done, provider budget, pause, errors, bounce reports.
import { bigserial, check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** One row per lookup done: `sec:<cik>`, `domain:<company id>`, `person:<domain>|<first>|<last>`. */
export const enrichmentLookups = pgTable('enrichment_lookups', {
  key: text('key').primaryKey(),
  lookedUpAt: timestamp('looked_up_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  outcome: text('outcome').notNull(),
});

/** Provider requests per UTC day. */
export const enrichmentUsage = pgTable('enrichment_usage', {
  day: date('day', { mode: 'string' }).primaryKey(),
  requests: integer('requests').notNull().default(0),
});

export const enrichmentState = pgTable(
  'enrichment_state',
  {
    id: integer('id').primaryKey().default(1),
    pausedUntil: timestamp('paused_until', { withTimezone: true, mode: 'date' }),
  },
  (table) => [check('enrichment_state_one_row', sql`${table.id} = 1`)],
);

export const enrichmentErrors = pgTable(
  'enrichment_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    message: text('message').notNull(),
  },
  (table) => [index('enrichment_errors_at_idx').on(table.at)],
);

export const bounceReports = pgTable(
  'bounce_reports',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    email: text('email').notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('bounce_reports_user_at_idx').on(table.userId, table.reportedAt)],
);
