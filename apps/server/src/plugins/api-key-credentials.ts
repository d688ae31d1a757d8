// API keys as credentials: what a key looks like, how it is stored (its SHA-256 only: 256 random bits need no slow
// hash, and a lookup stays one index probe), and finding the live key a presented secret belongs to. The api-keys
// module creates, lists and revokes keys on top of this.
import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { apiKeys } from '../db/schema/index.js';

export const API_KEY_PREFIX = 'fw_';
/** `fw_` and the base64url of 32 random bytes (43 characters). */
const API_KEY_PATTERN = /^fw_[A-Za-z0-9_-]{43}$/;

/** True when the bearer token is meant as an API key (whether or not it is a valid one). */
export function isApiKeyToken(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
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
