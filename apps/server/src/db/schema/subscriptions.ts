// One subscription record per user. Billing writes it; access checks read it.
import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

export const subscriptions = pgTable('subscriptions', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Stripe's vocabulary: trialing, active, past_due, canceled, incomplete, unpaid... */
  status: text('status').notNull(),
  priceId: text('price_id'),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  willCancelAt: timestamp('will_cancel_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
