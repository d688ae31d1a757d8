// Personal API keys (issue 16): only the SHA-256 of each secret is kept; revoking sets revoked_at.
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ownerColumn, uuidPrimaryKey } from './columns.js';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuidPrimaryKey(),
    userId: ownerColumn(),
    name: text('name').notNull(),
    /** The first characters of the secret, shown in lists (`fw_AbC1`). */
    prefix: text('prefix').notNull(),
    /** Hex SHA-256 of the whole secret: how a Bearer key is found. */
    secretHash: text('secret_hash').notNull(),
    createdAt: createdAt(),
    /** Written at most once a minute per key and instance. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('api_keys_secret_hash_idx').on(table.secretHash), index('api_keys_user_id_idx').on(table.userId)],
);
