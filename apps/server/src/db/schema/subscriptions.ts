// Billing state. `subscriptions` holds one record per user, written only by the Stripe event handler
// (real webhooks, or the same events made by test mode); access checks read it.
import { bigint, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt, ownerColumn, timestamps } from './columns.js';

export const subscriptions = pgTable('subscriptions', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Stripe's vocabulary: trialing, active, past_due, canceled, incomplete, unpaid... */
  status: text('status').notNull(),
  plan: text('plan'),
  priceId: text('price_id'),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  trialEnd: timestamp('trial_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  willCancelAt: timestamp('will_cancel_at', { withTimezone: true }),
  discountPercent: integer('discount_percent'),
  discountEndsAt: timestamp('discount_ends_at', { withTimezone: true }),
  stripeCustomerId: text('stripe_customer_id'),
  stripeSubscriptionId: text('stripe_subscription_id').unique(),
  /** The Stripe event (created time, type rank) whose state the row shows: older events are ignored. */
  lastEventCreated: bigint('last_event_created', { mode: 'number' }).notNull().default(0),
  lastEventRank: integer('last_event_rank').notNull().default(0),
  /** When the one-time retention offer was granted (once per account, ever); written by the offer, not by events. */
  retentionOfferUsedAt: timestamp('retention_offer_used_at', { withTimezone: true }),
  ...timestamps(),
});

/**
 * Every Stripe subscription an event named, the account's current one or not (decision 034): which of two is
 * newer, whether it was deleted, and the last subscription event seen for it, so events apply in order per
 * subscription and an old or deleted one never takes the account back.
 */
export const stripeSubscriptions = pgTable('stripe_subscriptions', {
  id: text('id').primaryKey(),
  userId: ownerColumn(),
  /** Stripe's `created` of the subscription (Unix seconds), else the earliest event about it. */
  started: bigint('started', { mode: 'number' }).notNull(),
  /** The order we first heard of it: breaks a tie of `started` within one second. */
  seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  /** customer.subscription.deleted arrived: nothing about it changes the account again. */
  deleted: boolean('deleted').notNull().default(false),
  lastEventCreated: bigint('last_event_created', { mode: 'number' }).notNull().default(0),
  lastEventRank: integer('last_event_rank').notNull().default(0),
});

/** Every Stripe event applied, by id: a redelivered event is recognised and ignored. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Checkout sessions started here (test mode pays them on our own page). */
export const checkoutSessions = pgTable('checkout_sessions', {
  id: text('id').primaryKey(),
  userId: ownerColumn(),
  plan: text('plan').notNull(),
  priceId: text('price_id').notNull(),
  mode: text('mode', { enum: ['stripe', 'test'] }).notNull(),
  status: text('status', { enum: ['open', 'complete', 'canceled'] }).notNull().default('open'),
  createdAt: createdAt(),
});

export const cancellationFeedback = pgTable('cancellation_feedback', {
  id: text('id').primaryKey(),
  userId: ownerColumn(),
  reason: text('reason').notNull(),
  details: text('details').notNull().default(''),
  email: text('email').notNull(),
  subscriptionStatus: text('subscription_status'),
  priceId: text('price_id'),
  createdAt: createdAt(),
});
