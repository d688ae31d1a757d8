// The Slack and webhook side of saved-search alerts: rotating the signing secret, queueing a test event, the
// deliveries log, and the Slack and webhook senders the alert worker (sender.ts) calls for each claimed delivery.
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import type { AlertDelivery, SavedSearch } from '@fundwire/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { alertDeliveries, savedSearches } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';
import { savedSearchUrl } from '../../mail/templates/saved-search-alert.js';
import { webhookDisabledMail } from '../../mail/templates/webhook-disabled.js';
import type { Mailer } from '../../mail/transport.js';
import { attemptHookDelivery, sampleLead, type AttemptResult, type HookTarget } from './channels/index.js';
import type { AlertChannelSender } from './sender.js';
import type { Resolve } from './channels/ssrf.js';
import { getSavedSearch, newWebhookSecret } from './service.js';

const NOT_FOUND = 'Saved search not found';
/** The deliveries log shows this many, newest first. */
export const DELIVERIES_SHOWN = 20;
/** Test events one saved search may send a minute (each is a request to the customer's URL). */
export const TEST_EVENTS_PER_MINUTE = 10;

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

/** Where the owner manages their saved searches (the disabled-webhook mail links there). */
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
      // created_at strictly after the search's latest delivery: the list is newest first, and clocks that tick in
      // milliseconds (PGlite's) would otherwise give events sent in one millisecond the same time.
      const inserted = await query(
        `insert into alert_deliveries (saved_search_id, channel, event, status, next_attempt_at, payload, created_at)
         values ($1, $2, 'test', 'pending', $3::timestamptz, $4::jsonb,
           greatest(clock_timestamp(), (select max(created_at) + interval '1 microsecond' from alert_deliveries where saved_search_id = $1)))
         returning id`,
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

/** 404 unless the saved search exists and is the user's. */
export async function requireOwnSavedSearch(database: Database, userId: string, id: string): Promise<void> {
  const owned = await database.db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
  if (owned.length === 0) throw notFound(NOT_FOUND);
}

/** The last deliveries of a saved search, every channel, newest first. */
export async function listDeliveries(database: Database, userId: string, id: string): Promise<AlertDelivery[]> {
  await requireOwnSavedSearch(database, userId, id);
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

/** The Standard Webhooks message id of a delivery: derived from it, so every retry sends the same one. */
export function webhookIdFor(deliveryId: string): string {
  return `msg_${deliveryId.replaceAll('-', '')}`;
}

/**
 * The Slack and webhook senders for the alert worker (sender.ts, drainAlertDeliveries): each sends one claimed
 * delivery, keeps the webhook endpoint's failure streak, disables it on 410 or after a day of failures (mailing
 * the owner once), and answers the outcome the worker records, with the retry delay of the Standard Webhooks schedule.
 */
export function hookChannels(deps: HookDeps): Record<'slack' | 'webhook', AlertChannelSender> {
  const sender =
    (channel: 'slack' | 'webhook'): AlertChannelSender =>
    async (batch) => {
      const now = deps.now?.() ?? new Date();
      const search = batch.savedSearch;
      const url = channel === 'webhook' ? search.webhookUrl : search.slackWebhookUrl;
      if (!url) return { status: 'failed', error: `No ${channel === 'webhook' ? 'webhook' : 'Slack'} URL is set any more.` };
      // A disabled endpoint gets no alerts; a test event still goes, and its success turns the endpoint back on.
      if (channel === 'webhook' && search.webhookDisabledAt !== null && batch.event !== 'test')
        return { status: 'failed', error: 'The webhook endpoint is disabled.' };
      if (channel === 'webhook' && !search.webhookSecret) return { status: 'failed', error: 'The webhook has no signing secret.' };
      if (batch.leads.length === 0) return { status: 'failed', error: 'Nothing to send: the leads were deleted.' };

      const [state] = await deps.database.db
        .select({ failingSince: savedSearches.webhookFailingSince })
        .from(savedSearches)
        .where(eq(savedSearches.id, search.id));
      const target: HookTarget =
        channel === 'webhook'
          ? { channel, url, secret: search.webhookSecret!, webhookId: webhookIdFor(batch.deliveryId) }
          : { channel, url, appUrl: deps.config.appUrl, searchUrl: savedSearchUrl(deps.config.appUrl, search), test: batch.event === 'test' };
      const result = await attemptHookDelivery({
        target,
        savedSearch: { id: search.id, name: search.name },
        leads: batch.leads,
        eventAt: batch.createdAt,
        previousAttempts: batch.attempt - 1,
        failingSince: channel === 'webhook' ? (state?.failingSince ?? null) : null,
        now,
        allowPrivateAddresses: deps.config.env !== 'production',
        timeoutMs: deps.timeoutMs,
        resolve: deps.resolve,
      });
      const { outcome, next } = result;
      const disabledReason = channel === 'webhook' ? await recordEndpointState(deps, search.id, batch.event, outcome.ok, next, now) : null;
      if (disabledReason !== null) await mailOwner(deps, { to: search.ownerEmail, name: search.name, url, reason: disabledReason, savedSearchId: search.id });

      const reported = {
        statusCode: outcome.statusCode,
        durationMs: outcome.durationMs,
        error: outcome.ok ? null : (outcome.error ?? `HTTP ${outcome.statusCode}`),
      };
      if (next.action === 'delivered') return { status: 'delivered', ...reported };
      if (next.action === 'retry') return { status: 'retry', retryInMs: next.delayMs, ...reported };
      return { status: 'failed', ...reported, ...(next.action === 'disable' && { error: `${next.reason} The webhook is disabled.` }) };
    };
  return { slack: sender('slack'), webhook: sender('webhook') };
}

/** The webhook's failure streak after an attempt; the reason when this attempt switched the endpoint off (only one worker does). */
async function recordEndpointState(
  deps: HookDeps,
  savedSearchId: string,
  event: 'leads.matched' | 'test',
  ok: boolean,
  next: AttemptResult['next'],
  now: Date,
) {
  return deps.database.rawTransaction(async (query) => {
    if (ok) {
      // Any success ends the streak; a delivered test event turns a disabled endpoint back on.
      await query(
        `update saved_searches set webhook_failing_since = null,
           webhook_disabled_at = case when $2 then null else webhook_disabled_at end,
           webhook_disabled_reason = case when $2 then null else webhook_disabled_reason end
         where id = $1`,
        [savedSearchId, event === 'test'],
      );
      return null;
    }
    await query('update saved_searches set webhook_failing_since = coalesce(webhook_failing_since, $2::timestamptz) where id = $1', [
      savedSearchId,
      now.toISOString(),
    ]);
    if (next.action !== 'disable') return null;
    const switched = await query(
      `update saved_searches set webhook_disabled_at = $2::timestamptz, webhook_disabled_reason = $3
       where id = $1 and webhook_disabled_at is null returning id`,
      [savedSearchId, now.toISOString(), next.reason],
    );
    return switched.rows.length > 0 ? next.reason : null;
  });
}

async function mailOwner(deps: HookDeps, input: { to: string; name: string; url: string; reason: string; savedSearchId: string }): Promise<void> {
  deps.log?.warn({ savedSearchId: input.savedSearchId, reason: input.reason }, 'webhook endpoint disabled');
  try {
    await deps.mailer.send(
      await webhookDisabledMail({
        to: input.to,
        appUrl: deps.config.appUrl,
        savedSearchName: input.name,
        webhookUrl: input.url,
        reason: input.reason,
        manageUrl: savedSearchesUrl(deps.config.appUrl),
      }),
    );
  } catch (error) {
    // The endpoint stays disabled and the page shows why; a lost mail is logged, not retried.
    deps.log?.error({ err: error, savedSearchId: input.savedSearchId }, 'could not mail the owner about the disabled webhook');
  }
}
