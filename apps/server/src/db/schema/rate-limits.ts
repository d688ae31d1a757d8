// Fixed-window counters for rate limits, in the database so every server instance shares them, and the
// addresses each account has signed in from (the account-wide sign-in limit never blocks those).
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

export const knownSignInAddresses = pgTable(
  'known_sign_in_addresses',
  {
    /** Lower-cased, as typed at sign-in: the limiter knows no more than the request says. */
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.email, table.ip] })],
);
