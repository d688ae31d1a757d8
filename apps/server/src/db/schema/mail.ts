// Newsletter subscribers, paying users' alert settings, and the mail queue: one row per edition
// (a scheduled or manual mailing) and one per (edition, recipient) delivery. The delivery key is the
// exactly-once guarantee; its status and lease make the table a queue workers claim with SKIP LOCKED.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Lower-cased. */
    email: text('email').notNull().unique(),
    /** pending (waiting for the confirmation click), active, unsubscribed. */
    status: text('status', { enum: ['pending', 'active', 'unsubscribed'] }).notNull().default('pending'),
    weeklyLeads: boolean('weekly_leads').notNull().default(true),
    productUpdates: boolean('product_updates').notNull().default(true),
    marketingEmails: boolean('marketing_emails').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('newsletter_subscribers_status_confirmed_idx').on(table.status, table.confirmedAt)],
);

/** A paying user's digest choice; no row means the default (weekly). */
export const alertSettings = pgTable('alert_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  frequency: text('frequency', { enum: ['weekly', 'daily', 'off'] }).notNull().default('weekly'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const mailEditions = pgTable('mail_editions', {
  /** kind:zone-date, e.g. newsletter-weekly:2026-11-23. The same id is never prepared twice. */
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['newsletter-weekly', 'alerts-weekly', 'alerts-daily'] }).notNull(),
  /** The scheduled send time the edition belongs to. */
  scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
  /** Leads added in [coversFrom, coversTo) go into the newsletter; alerts use each user's own start. */
  coversFrom: timestamp('covers_from', { withTimezone: true }).notNull(),
  coversTo: timestamp('covers_to', { withTimezone: true }).notNull(),
  trigger: text('trigger', { enum: ['schedule', 'admin'] }).notNull(),
  recipientCount: integer('recipient_count').notNull().default(0),
  /** Set when the first mail goes out: covers_to moves to that moment, so the content is what exists at send time. */
  contentFixedAt: timestamp('content_fixed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

export const mailDeliveries = pgTable(
  'mail_deliveries',
  {
    editionId: text('edition_id')
      .notNull()
      .references(() => mailEditions.id, { onDelete: 'cascade' }),
    /** Lower-cased address. */
    recipient: text('recipient').notNull(),
    subscriberId: uuid('subscriber_id').references(() => newsletterSubscribers.id, { onDelete: 'set null' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Alerts: leads added since this instant (the end of the user's previous digest). */
    windowStart: timestamp('window_start', { withTimezone: true }),
    /** pending, sending (leased by a worker), sent, skipped (nothing to say), failed (permanent or out of retries). */
    status: text('status', { enum: ['pending', 'sending', 'sent', 'skipped', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.editionId, table.recipient] }),
    // Workers look for due pending rows and for expired leases.
    index('mail_deliveries_due_idx').on(table.status, table.nextAttemptAt),
    index('mail_deliveries_user_sent_idx').on(table.userId, table.sentAt),
  ],
);

export type MailEditionRow = typeof mailEditions.$inferSelect;
export type MailDeliveryRow = typeof mailDeliveries.$inferSelect;
export type NewsletterSubscriberRow = typeof newsletterSubscribers.$inferSelect;
