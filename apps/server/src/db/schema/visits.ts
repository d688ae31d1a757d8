// When each user last opened the dashboard: what it marks as new on their next visit (issue 17).
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

export const userVisits = pgTable('user_visits', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
});
