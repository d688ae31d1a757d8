// Personal API keys: create (the secret once), list, revoke, and find the owner of a presented secret.
// Only the SHA-256 of a secret is stored: 256 random bits need no slow hash, and a lookup stays one index probe.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { MAX_API_KEYS, type ApiKey, type ApiKeyCreated } from '@fundwire/shared';
import type { Database, Db } from '../../db/client.js';
import { apiKeys } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';

export const API_KEY_PREFIX = 'fw_';
/** `fw_` and the base64url of 32 random bytes (43 characters). */
const API_KEY_PATTERN = /^fw_[A-Za-z0-9_-]{43}$/;
/** How much of the secret lists show. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 4;

export const TOO_MANY_API_KEYS_MESSAGE = `You can keep at most ${MAX_API_KEYS} API keys. Revoke one to create another.`;

/** True when the bearer token is meant as an API key (whether or not it is a valid one). */
export function isApiKeyToken(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

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

/** True when the token has the shape of a secret this server issues (`fw_` and 43 base64url characters). */
export function isWellFormedApiKey(token: string): boolean {
  return API_KEY_PATTERN.test(token);
}

/** The live key a secret belongs to, or undefined (malformed, unknown or revoked). */
export async function findApiKey(db: Db, secret: string): Promise<{ id: string; userId: string } | undefined> {
  if (!isWellFormedApiKey(secret)) return undefined;
  const [row] = await db
    .select({ id: apiKeys.id, userId: apiKeys.userId })
    .from(apiKeys)
    .where(and(eq(apiKeys.secretHash, hashApiKey(secret)), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row;
}

/** Records a use, unless one was recorded less than a minute ago (by any instance). */
export async function touchApiKey(db: Db, id: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute')`));
}
