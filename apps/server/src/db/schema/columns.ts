// Column runs several tables repeat, as functions (a Drizzle column builder belongs to one table): the uuid key,
// the owning user with its cascade, and the created/updated timestamps. Each gives the SQL the tables had before.
import { sql } from 'drizzle-orm';
import { text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/** `id uuid primary key default gen_random_uuid()`. */
export const uuidPrimaryKey = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);

/** `user_id text not null`, deleted with its user. */
export const ownerColumn = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Which connected CRM a row belongs to. */
export const crmColumn = () => text('crm', { enum: ['hubspot', 'pipedrive'] }).notNull();

/** `created_at timestamptz not null default now()`. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** created_at and updated_at, both set to now() on insert. */
export const timestamps = () => ({
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
