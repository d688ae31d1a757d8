// Personal API keys: create (the secret once), list, revoke. Recognising a presented secret is authentication, in
// plugins/api-key-credentials.ts, which this module builds on (so the two never import each other).
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { MAX_API_KEYS, type ApiKey, type ApiKeyCreated } from '@fundwire/shared';
import type { Database, Db } from '../../db/client.js';
import { apiKeys } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';
import { API_KEY_PREFIX, hashApiKey } from '../../plugins/api-key-credentials.js';

/** How much of the secret lists show. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 4;

export const TOO_MANY_API_KEYS_MESSAGE = `You can keep at most ${MAX_API_KEYS} API keys. Revoke one to create another.`;

function toApiKey(row: typeof apiKeys.$inferSelect): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: `${row.prefix}…`,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function createApiKey(database: Database, userId: string, name: string): Promise<ApiKeyCreated> {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return database.rawTransaction(async (query) => {
    // The owner's row is the lock: two creations at once cannot both pass the count.
    await query('select id from users where id = $1 for update', [userId]);
    const live = await query('select count(*)::int as live from api_keys where user_id = $1 and revoked_at is null', [userId]);
    if (Number(live.rows[0]?.live ?? 0) >= MAX_API_KEYS) throw conflict(TOO_MANY_API_KEYS_MESSAGE);
    const inserted = await query('insert into api_keys (user_id, name, prefix, secret_hash) values ($1, $2, $3, $4) returning id, created_at', [
      userId,
      name,
      secret.slice(0, SHOWN_PREFIX_LENGTH),
      hashApiKey(secret),
    ]);
    const row = inserted.rows[0] as { id: string; created_at: Date | string };
    return { id: row.id, name, key: secret, createdAt: new Date(row.created_at).toISOString() };
  });
}

/** The account's live keys, newest first. */
export async function listApiKeys(db: Db, userId: string): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKey);
}

/** Revokes one of the account's live keys; another account's key, or one already revoked, is not found. */
export async function revokeApiKey(db: Db, userId: string, id: string): Promise<void> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (revoked.length === 0) throw notFound('API key not found');
}
