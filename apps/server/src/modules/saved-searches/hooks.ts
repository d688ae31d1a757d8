// The Slack and webhook side of saved-search alerts: rotating the signing secret, queueing a test event,
// the deliveries log, and running due Slack/webhook deliveries of the alert_deliveries queue (lease, send,
// record the outcome, retry on the Standard Webhooks schedule, disable a webhook on 410 or after a day of failures).
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type AlertDelivery, type Lead, type SavedSearch } from '@fundwire/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { alertDeliveries, leads, savedSearches, users } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';
import { webhookDisabledMail } from '../../mail/templates/webhook-disabled.js';
import type { Mailer } from '../../mail/transport.js';
import { contactsFor, leadWithHistoryColumns, toLead } from '../leads/index.js';
import { attemptHookDelivery, sampleLead, type HookTarget } from './channels/index.js';
import type { Resolve } from './channels/ssrf.js';
import { getSavedSearch, newWebhookSecret } from './service.js';

const NOT_FOUND = 'Saved search not found';
/** The deliveries log shows this many, newest first. */
export const DELIVERIES_SHOWN = 20;
/** A claimed delivery is another instance's to take again after this long (a send times out well before). */
const LEASE_MS = 2 * 60_000;
/** Leads one webhook or Slack message carries at most; a larger batch is split by the queue, not here. */
const MAX_LEADS_PER_MESSAGE = 100;

export interface HookDeps {
  database: Database;
  config: Pick<Config, 'appUrl' | 'env'>;
  mailer: Pick<Mailer, 'send'>;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Tests stand in for DNS and the clock. */
  resolve?: Resolve;
  timeoutMs?: number;
  now?: () => Date;
}

/** Where the owner manages their saved searches (links in Slack and mails). */
export function savedSearchesUrl(appUrl: string): string {
  return `${appUrl}/searches`;
}

/** A new whsec_ secret for the webhook; only a saved search with a webhook URL has one. */
export async function rotateWebhookSecret(database: Database, userId: string, id: string): Promise<SavedSearch> {
  const result = await database.rawTransaction(async (query) => {
    const found = await query('select webhook_url from saved_searches where id = $1 and user_id = $2 for update', [id, userId]);
    const row = found.rows[0];
    if (!row) return 'missing' as const;
    if (row.webhook_url === null) return 'no-webhook' as const;
    await query('update saved_searches set webhook_secret = $3, updated_at = now() where id = $1 and user_id = $2', [id, userId, newWebhookSecret()]);
    return 'rotated' as const;
  });
  if (result === 'missing') throw notFound(NOT_FOUND);
  if (result === 'no-webhook') throw conflict('This saved search has no webhook URL. Set one to get a signing secret.');
  return getSavedSearch(database.db, userId, id);
}

/**
 * Queues a test event (a sample lead) to the webhook and the Slack URL that are set, in one transaction.
 * Answers the webhook delivery's id, or Slack's when there is no webhook.
 */
export async function queueTestEvent(database: Database, userId: string, id: string, now: Date): Promise<{ deliveryId: string }> {
  const result = await database.rawTransaction(async (query) => {
    const found = await query('select webhook_url, slack_webhook_url from saved_searches where id = $1 and user_id = $2', [id, userId]);
    const row = found.rows[0];
    if (!row) return 'missing' as const;
    const channels = [...(row.webhook_url !== null ? ['webhook'] : []), ...(row.slack_webhook_url !== null ? ['slack'] : [])];
    if (channels.length === 0) return 'no-channel' as const;
    const payload = JSON.stringify({ leads: [sampleLead(now)] });
    const ids: string[] = [];
    for (const channel of channels) {
      const inserted = await query(
        `insert into alert_deliveries (saved_search_id, channel, event, status, next_attempt_at, payload, created_at)
         values ($1, $2, 'test', 'pending', $3::timestamptz, $4::jsonb, $3::timestamptz) returning id`,
        [id, channel, now.toISOString(), payload],
      );
      ids.push(String(inserted.rows[0]!.id));
    }
    return ids[0]!;
  });
  if (result === 'missing') throw notFound(NOT_FOUND);
  if (result === 'no-channel') throw conflict('Set a webhook or Slack URL on this saved search to send a test event.');
  return { deliveryId: result };
}

/** The last deliveries of a saved search, every channel, newest first. */
export async function listDeliveries(database: Database, userId: string, id: string): Promise<AlertDelivery[]> {
  const owned = await database.db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
  if (owned.length === 0) throw notFound(NOT_FOUND);
  const rows = await database.db
    .select()
    .from(alertDeliveries)
    .where(eq(alertDeliveries.savedSearchId, id))
    .orderBy(desc(alertDeliveries.createdAt), desc(alertDeliveries.id))
    .limit(DELIVERIES_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    statusCode: row.statusCode,
    durationMs: row.durationMs,
    at: (row.lastAttemptAt ?? row.createdAt).toISOString(),
    error: row.lastError,
  }));
}

/** Claims up to `limit` due Slack and webhook deliveries for `workerId` (SKIP LOCKED: two instances never take the same one). */
export async function claimDueHookDeliveries(database: Database, workerId: string, now: Date, limit = 20): Promise<string[]> {
  const claimed = await database.rawTransaction((query) =>
    query(
      `update alert_deliveries set locked_by = $1, locked_until = $2::timestamptz + ($3 || ' milliseconds')::interval
       where id in (
         select id from alert_deliveries
         where channel in ('slack', 'webhook') and status in ('pending', 'retrying') and next_attempt_at <= $2::timestamptz
           and (locked_until is null or locked_until < $2::timestamptz)
         order by next_attempt_at limit $4 for update skip locked)
       returning id`,
      [workerId, now.toISOString(), String(LEASE_MS), limit],
    ),
  );
  return claimed.rows.map((row) => String(row.id));
}

/** The leads a matched-leads delivery carries, in the API's lead shape. */
async function deliveryLeads(database: Database, deliveryId: string): Promise<Lead[]> {
  const rows = await database.db
    .select(leadWithHistoryColumns)
    .from(leads)
    .where(sql`${leads.id} in (select lead_id from alert_delivery_leads where delivery_id = ${deliveryId})`)
    .orderBy(sql`${leads.fundingDate} desc`, sql`${leads.id}`)
    .limit(MAX_LEADS_PER_MESSAGE);
  const byLead = await contactsFor(
    database.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toLead(row, byLead.get(row.id) ?? []));
}

/** The Standard Webhooks message id of a delivery: derived from it, so every retry sends the same one. */
export function webhookIdFor(deliveryId: string): string {
  return `msg_${deliveryId.replaceAll('-', '')}`;
}

export type HookDeliveryResult = 'delivered' | 'retrying' | 'failed' | 'disabled' | 'skipped';

/**
 * Sends one claimed Slack or webhook delivery and records what happened. `workerId` must hold its lease;
 * a delivery whose lease was lost is left to its new holder.
 */
export async function performHookDelivery(deps: HookDeps, deliveryId: string, workerId: string): Promise<HookDeliveryResult> {
  const now = deps.now?.() ?? new Date();
  const [row] = await deps.database.db
    .select({
      channel: alertDeliveries.channel,
      event: alertDeliveries.event,
      attempts: alertDeliveries.attempts,
      payload: alertDeliveries.payload,
      createdAt: alertDeliveries.createdAt,
      lockedBy: alertDeliveries.lockedBy,
      searchId: savedSearches.id,
      name: savedSearches.name,
      webhookUrl: savedSearches.webhookUrl,
      slackWebhookUrl: savedSearches.slackWebhookUrl,
      webhookSecret: savedSearches.webhookSecret,
      webhookDisabledAt: savedSearches.webhookDisabledAt,
      webhookFailingSince: savedSearches.webhookFailingSince,
      email: users.email,
    })
    .from(alertDeliveries)
    .innerJoin(savedSearches, eq(savedSearches.id, alertDeliveries.savedSearchId))
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(eq(alertDeliveries.id, deliveryId));
  if (!row || row.lockedBy !== workerId || row.channel === 'email') return 'skipped';
  const { channel, event } = row;
  const savedSearch = { id: row.searchId, name: row.name };
  const url = channel === 'webhook' ? row.webhookUrl : row.slackWebhookUrl;

  const finish = (fields: { status: 'failed'; error: string }) =>
    deps.database.rawTransaction((query) =>
      query('update alert_deliveries set status = $3, last_error = $4, locked_by = null, locked_until = null where id = $1 and locked_by = $2', [
        deliveryId,
        workerId,
        fields.status,
        fields.error,
      ]),
    );
  if (!url) {
    await finish({ status: 'failed', error: `No ${channel === 'webhook' ? 'webhook' : 'Slack'} URL is set any more.` });
    return 'failed';
  }
  // A disabled endpoint gets no alerts; a test event still goes, and its success turns the endpoint back on.
  if (channel === 'webhook' && row.webhookDisabledAt !== null && event !== 'test') {
    await finish({ status: 'failed', error: 'The webhook endpoint is disabled.' });
    return 'failed';
  }

  const leadsToSend =
    event === 'test' ? ((row.payload as { leads?: Lead[] } | null)?.leads ?? [sampleLead(now)]) : await deliveryLeads(deps.database, deliveryId);
  const target: HookTarget =
    channel === 'webhook'
      ? { channel, url, secret: String(row.webhookSecret), webhookId: webhookIdFor(deliveryId) }
      : { channel, url, appUrl: deps.config.appUrl, searchUrl: savedSearchesUrl(deps.config.appUrl), test: event === 'test' };
  const failingSince = channel === 'webhook' ? row.webhookFailingSince : null;
  const result = await attemptHookDelivery({
    target,
    savedSearch,
    leads: leadsToSend,
    eventAt: row.createdAt,
    previousAttempts: Number(row.attempts),
    failingSince,
    now,
    allowPrivateAddresses: deps.config.env !== 'production',
    timeoutMs: deps.timeoutMs,
    resolve: deps.resolve,
  });
  const { outcome, next } = result;
  const status = next.action === 'delivered' ? 'delivered' : next.action === 'retry' ? 'retrying' : 'failed';
  const nextAttemptAt = next.action === 'retry' ? new Date(now.getTime() + next.delayMs) : now;
  const error = outcome.ok ? null : (outcome.error ?? `HTTP ${outcome.statusCode}`);

  const disabled = await deps.database.rawTransaction(async (query) => {
    const updated = await query(
      `update alert_deliveries set status = $3, attempts = $4, next_attempt_at = $5::timestamptz, status_code = $6, duration_ms = $7,
         last_attempt_at = $8::timestamptz, last_error = $9, delivered_at = case when $3 = 'delivered' then $8::timestamptz else delivered_at end,
         locked_by = null, locked_until = null
       where id = $1 and locked_by = $2 returning id`,
      [deliveryId, workerId, status, result.attempts, nextAttemptAt.toISOString(), outcome.statusCode, outcome.durationMs, now.toISOString(), error],
    );
    if (updated.rows.length === 0 || channel !== 'webhook') return null;
    if (outcome.ok) {
      // Any success ends the streak; a delivered test event turns a disabled endpoint back on.
      await query(
        `update saved_searches set webhook_failing_since = null,
           webhook_disabled_at = case when $2 then null else webhook_disabled_at end,
           webhook_disabled_reason = case when $2 then null else webhook_disabled_reason end
         where id = $1`,
        [savedSearch.id, event === 'test'],
      );
      return null;
    }
    await query('update saved_searches set webhook_failing_since = coalesce(webhook_failing_since, $2::timestamptz) where id = $1', [
      savedSearch.id,
      now.toISOString(),
    ]);
    if (next.action !== 'disable') return null;
    // Only the instance that switches it off mails the owner: once per disabling.
    const switched = await query(
      `update saved_searches set webhook_disabled_at = $2::timestamptz, webhook_disabled_reason = $3
       where id = $1 and webhook_disabled_at is null returning id`,
      [savedSearch.id, now.toISOString(), next.reason],
    );
    return switched.rows.length > 0 ? next.reason : null;
  });

  if (disabled !== null) {
    deps.log?.warn({ savedSearchId: savedSearch.id, reason: disabled }, 'webhook endpoint disabled');
    try {
      await deps.mailer.send(
        await webhookDisabledMail({
          to: row.email,
          appUrl: deps.config.appUrl,
          savedSearchName: savedSearch.name,
          webhookUrl: url,
          reason: disabled,
          manageUrl: savedSearchesUrl(deps.config.appUrl),
        }),
      );
    } catch (mailError) {
      deps.log?.error({ err: mailError, savedSearchId: savedSearch.id }, 'could not mail the owner about the disabled webhook');
    }
    return 'disabled';
  }
  return status;
}

/** Claims and sends due Slack and webhook deliveries until none is due (or `max` were handled). */
export async function runDueHookDeliveries(deps: HookDeps, workerId: string, max = 200): Promise<Record<HookDeliveryResult, number>> {
  const counts: Record<HookDeliveryResult, number> = { delivered: 0, retrying: 0, failed: 0, disabled: 0, skipped: 0 };
  let handled = 0;
  while (handled < max) {
    const ids = await claimDueHookDeliveries(deps.database, workerId, deps.now?.() ?? new Date(), Math.min(20, max - handled));
    if (ids.length === 0) break;
    // Each endpoint is slow on its own time: send the claimed ones side by side.
    const results = await Promise.all(ids.map((id) => performHookDelivery(deps, id, workerId)));
    for (const result of results) counts[result] += 1;
    handled += ids.length;
  }
  return counts;
}
