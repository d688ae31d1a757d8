// Saved searches: a subscriber's named filters with their alert settings (issue 16). Only this module writes them.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { MAX_SAVED_SEARCHES, SAVED_SEARCH_LIMIT_MESSAGE, type SavedSearch, type SavedSearchBody, type SavedSearchFilter } from '@fundwire/shared';
import type { Database, Db } from '../../db/client.js';
import { savedSearches, savedSearchMatches, users } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';

type SavedSearchRow = typeof savedSearches.$inferSelect;

const NOT_FOUND = 'Saved search not found';

/** whsec_ and base64 of 24 random bytes: the Standard Webhooks secret format. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

function toSavedSearch(row: SavedSearchRow, newCount: number): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    filter: row.filter,
    alerts: { email: row.emailMode, slackWebhookUrl: row.slackWebhookUrl, webhookUrl: row.webhookUrl, crm: row.crm },
    webhook: row.webhookSecret
      ? { secret: row.webhookSecret, disabledAt: row.webhookDisabledAt?.toISOString() ?? null, disabledReason: row.webhookDisabledReason }
      : null,
    newCount,
    lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Matches recorded after the last visit (or since creation, before the first). */
const newCountColumn = sql<number>`(select count(*) from ${savedSearchMatches} where ${savedSearchMatches.savedSearchId} = ${savedSearches.id}
  and ${savedSearchMatches.matchedAt} > coalesce(${savedSearches.lastViewedAt}, ${savedSearches.createdAt}))`.mapWith(Number);

export async function listSavedSearches(db: Db, userId: string): Promise<SavedSearch[]> {
  const rows = await db
    .select({ row: savedSearches, newCount: newCountColumn })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return rows.map(({ row, newCount }) => toSavedSearch(row, newCount));
}

/** Another user's saved search is not found, the same as one that does not exist. */
export async function getSavedSearch(db: Db, userId: string, id: string): Promise<SavedSearch> {
  const [found] = await db
    .select({ row: savedSearches, newCount: newCountColumn })
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
  if (!found) throw notFound(NOT_FOUND);
  return toSavedSearch(found.row, found.newCount);
}

export async function createSavedSearch(database: Database, userId: string, body: SavedSearchBody): Promise<SavedSearch> {
  const id = await database.rawTransaction(async (query) => {
    // The user's row lock serialises their creates, so two at once cannot both pass the limit.
    await query('select id from users where id = $1 for update', [userId]);
    const counted = await query('select count(*)::int as n from saved_searches where user_id = $1', [userId]);
    if (Number(counted.rows[0]?.n ?? 0) >= MAX_SAVED_SEARCHES) throw conflict(SAVED_SEARCH_LIMIT_MESSAGE);
    const inserted = await query(
      `insert into saved_searches (user_id, name, filter, email_mode, slack_webhook_url, webhook_url, webhook_secret, crm)
       values ($1, $2, $3::jsonb, $4, $5, $6, $7, $8) returning id`,
      [
        userId,
        body.name,
        JSON.stringify(body.filter),
        body.alerts.email,
        body.alerts.slackWebhookUrl,
        body.alerts.webhookUrl,
        body.alerts.webhookUrl ? newWebhookSecret() : null,
        body.alerts.crm,
      ],
    );
    return String(inserted.rows[0]!.id);
  });
  return getSavedSearch(database.db, userId, id);
}

export async function updateSavedSearch(database: Database, userId: string, id: string, body: SavedSearchBody): Promise<SavedSearch> {
  const updated = await database.rawTransaction(async (query) => {
    const current = await query('select webhook_url, webhook_secret from saved_searches where id = $1 and user_id = $2 for update', [id, userId]);
    const row = current.rows[0];
    if (!row) return false;
    const webhookUrl = body.alerts.webhookUrl;
    // The secret is made when a URL is first set, and kept after (rotating it is its own action).
    const secret = row.webhook_secret ? String(row.webhook_secret) : webhookUrl ? newWebhookSecret() : null;
    // A new URL is a new endpoint: it starts enabled.
    const urlChanged = webhookUrl !== (row.webhook_url === null ? null : String(row.webhook_url));
    await query(
      `update saved_searches set name = $3, filter = $4::jsonb, email_mode = $5, slack_webhook_url = $6, webhook_url = $7, webhook_secret = $8,
         webhook_disabled_at = case when $9 then null else webhook_disabled_at end,
         webhook_disabled_reason = case when $9 then null else webhook_disabled_reason end,
         webhook_failing_since = case when $9 then null else webhook_failing_since end,
         crm = $10, updated_at = now()
       where id = $1 and user_id = $2`,
      [id, userId, body.name, JSON.stringify(body.filter), body.alerts.email, body.alerts.slackWebhookUrl, webhookUrl, secret, urlChanged, body.alerts.crm],
    );
    return true;
  });
  if (!updated) throw notFound(NOT_FOUND);
  return getSavedSearch(database.db, userId, id);
}

export async function deleteSavedSearch(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (deleted.length === 0) throw notFound(NOT_FOUND);
}

/** Opening a saved search: its new matches are seen. */
export async function markSavedSearchViewed(db: Db, userId: string, id: string): Promise<void> {
  const updated = await db
    .update(savedSearches)
    .set({ lastViewedAt: sql`now()` })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (updated.length === 0) throw notFound(NOT_FOUND);
}

/** What a saved search's unsubscribe link shows: whose, which, and whether its email is on. */
export async function savedSearchEmailState(db: Db, id: string): Promise<{ email: string; name: string; emailMode: SavedSearchRow['emailMode'] } | null> {
  const [row] = await db
    .select({ email: users.email, name: savedSearches.name, emailMode: savedSearches.emailMode })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(eq(savedSearches.id, id));
  return row ?? null;
}

/** The one-click unsubscribe of one saved search's mails. Idempotent; an unknown id changes nothing. */
export async function turnOffSavedSearchEmail(db: Db, id: string): Promise<void> {
  await db
    .update(savedSearches)
    .set({ emailMode: 'off', updatedAt: sql`now()` })
    .where(eq(savedSearches.id, id));
}

export type { SavedSearchFilter };
