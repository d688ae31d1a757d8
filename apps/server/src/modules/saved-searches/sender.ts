// The alert delivery worker (docs/decisions/031-saved-search-alerts.md). alert_deliveries is a queue like
// mail_deliveries: a worker claims due rows and leases them (queue/lease.ts, on this table's own columns), sends
// each through its channel, and records the outcome. A lease left by a crashed worker runs out and another worker takes the row.
// Email is built in; Slack and webhook senders plug in through `channels` (the t16-hooks module).
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AlertChannel, AlertEvent, Lead, SavedSearchFilter } from '@fundwire/shared';
import type { Database } from '../../db/client.js';
import { recipientLinks, unsubscribeHeaders, type MailLinkSigner } from '../../mail/signed-links.js';
import type { Mailer } from '../../mail/transport.js';
import { hasPaidAccessNow, PAUSED_NO_SUBSCRIPTION } from '../billing/index.js';
import { getLeadsByIds, newestStoredLeadIds } from '../leads/index.js';
import { sql } from 'drizzle-orm';
import { afterFailure, claimDue, settleLease, type Clock, type LeasedTable } from '../../queue/lease.js';
import { DEFAULT_JOB_BACKOFF } from '../../queue/queue.js';
import { backoffMs } from '../../queue/retry.js';

/** The most leads one message carries; the rest of a batch is still marked delivered with it (the search link shows them all). */
export const ALERT_LEAD_LIMIT = 50;
export const ALERT_LEASE_MS = 120_000;
/** Email: attempts before a delivery fails for good (channels may decide sooner with `failed`). */
export const ALERT_MAX_ATTEMPTS = 6;

/** alert_deliveries' lease columns: a row keeps its status while leased; the lock columns show the lease. */
export const ALERT_DELIVERIES: LeasedTable = {
  table: 'alert_deliveries',
  key: ['id'],
  status: 'status',
  waiting: ['pending', 'retrying'],
  leased: null,
  dueAt: 'next_attempt_at',
  owner: 'locked_by',
  expiresAt: 'locked_until',
  attempts: 'attempts',
};

/** One claimed delivery with what a channel needs to send it. */
export interface AlertBatch {
  deliveryId: string;
  channel: AlertChannel;
  event: AlertEvent;
  /** 1 on the first try (the count includes this one). */
  attempt: number;
  /** When the delivery was queued. */
  createdAt: Date;
  savedSearch: {
    id: string;
    name: string;
    filter: SavedSearchFilter;
    userId: string;
    ownerEmail: string;
    emailMode: 'off' | 'instant' | 'daily' | 'weekly';
    slackWebhookUrl: string | null;
    webhookUrl: string | null;
    webhookSecret: string | null;
    webhookDisabledAt: Date | null;
  };
  /** The new leads (matches), or the test event's sample lead; at most ALERT_LEAD_LIMIT. */
  leads: Lead[];
  /** How many leads the delivery holds in all. */
  totalLeads: number;
}

/**
 * What a channel reports. delivered: done. retry: try again after retryInMs (the channel's own schedule or
 * Retry-After; the worker's backoff when absent). failed: never again (410, out of retries, endpoint disabled).
 */
export interface AlertOutcome {
  status: 'delivered' | 'retry' | 'failed';
  statusCode?: number | null;
  durationMs?: number | null;
  error?: string | null;
  retryInMs?: number;
}

export type AlertChannelSender = (batch: AlertBatch) => Promise<AlertOutcome>;

export interface AlertSenderDeps {
  database: Database;
  log: FastifyBaseLogger;
  appUrl: string;
  mailer: Mailer;
  signer: MailLinkSigner;
  /** ADMIN_EMAIL: the admin has paid access without a subscription (plugins/access.ts). */
  adminEmail: string;
  /** app.billing.mode: with Stripe, a leftover test-mode subscription grants nothing (billing/paid-access.ts). */
  billingMode: 'stripe' | 'test';
  /** Senders for the other channels; a delivery of a channel without one waits (it is not lost). */
  channels?: Partial<Record<'slack' | 'webhook', AlertChannelSender>>;
  /** The time leases and retries are reckoned in (tests move it on); the database's now() without one. */
  clock?: Clock | undefined;
}

export interface AlertDrainOptions {
  workerId: string;
  leaseMs?: number;
  batchSize?: number;
  concurrency?: number;
  signal?: AbortSignal;
}

export interface AlertDrainResult {
  delivered: number;
  failed: number;
  retried: number;
}

/** 30 s, 1 min, 2 min... at most an hour: the job queue's schedule (queue/queue.ts). */
export function alertBackoffMs(attempts: number): number {
  return backoffMs(attempts, DEFAULT_JOB_BACKOFF);
}

/** A 5xx SMTP reply (unknown mailbox, rejected content): no retry mends it. */
function isPermanentSmtpFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500;
}

interface Claimed {
  id: string;
  savedSearchId: string;
  channel: AlertChannel;
  event: AlertEvent;
  attempts: number;
  createdAt: Date;
  payload: unknown;
}

/** `tried`: deliveries this drain already attempted (a retry due at once waits for the next drain). */
async function claim(
  deps: AlertSenderDeps,
  channels: AlertChannel[],
  tried: string[],
  options: { workerId: string; leaseMs: number; batchSize: number },
): Promise<Claimed[]> {
  const list = (values: string[]) =>
    sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    );
  const rows = await claimDue(deps.database.db, ALERT_DELIVERIES, {
    owner: options.workerId,
    leaseMs: options.leaseMs,
    limit: options.batchSize,
    clock: deps.clock,
    where: sql`channel in (${list(channels)})${tried.length > 0 ? sql` and id::text not in (${list(tried)})` : sql``}`,
  });
  return rows.map((row) => ({
    id: String(row.id),
    savedSearchId: String(row.saved_search_id),
    channel: row.channel as AlertChannel,
    event: row.event as AlertEvent,
    attempts: Number(row.attempts),
    createdAt: new Date(String(row.created_at instanceof Date ? row.created_at.toISOString() : row.created_at)),
    payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
  }));
}

async function loadBatch(database: Database, claimed: Claimed): Promise<AlertBatch | null> {
  const { searchRow, leadIds, totalLeads } = await database.rawTransaction(async (query) => {
    const search = await query(
      `select s.id, s.name, s.filter, s.user_id, u.email, s.email_mode, s.slack_webhook_url, s.webhook_url, s.webhook_secret, s.webhook_disabled_at
       from saved_searches s join users u on u.id = s.user_id where s.id = $1`,
      [claimed.savedSearchId],
    );
    const ids = await newestStoredLeadIds(query, 'select lead_id from alert_delivery_leads where delivery_id = $1', [claimed.id], ALERT_LEAD_LIMIT);
    return { searchRow: search.rows[0], leadIds: ids.ids, totalLeads: ids.total };
  });
  if (!searchRow) return null;
  let batchLeads: Lead[] = [];
  if (leadIds.length > 0) {
    batchLeads = await getLeadsByIds(database.db, leadIds);
  } else if (claimed.event === 'test' && claimed.payload && typeof claimed.payload === 'object' && 'leads' in claimed.payload) {
    batchLeads = (claimed.payload as { leads: Lead[] }).leads;
  }
  const date = (value: unknown) => (value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value)));
  return {
    deliveryId: claimed.id,
    channel: claimed.channel,
    event: claimed.event,
    attempt: claimed.attempts,
    createdAt: claimed.createdAt,
    savedSearch: {
      id: String(searchRow.id),
      name: String(searchRow.name),
      filter: (typeof searchRow.filter === 'string' ? JSON.parse(searchRow.filter) : searchRow.filter) as SavedSearchFilter,
      userId: String(searchRow.user_id),
      ownerEmail: String(searchRow.email),
      emailMode: searchRow.email_mode as AlertBatch['savedSearch']['emailMode'],
      slackWebhookUrl: searchRow.slack_webhook_url === null ? null : String(searchRow.slack_webhook_url),
      webhookUrl: searchRow.webhook_url === null ? null : String(searchRow.webhook_url),
      webhookSecret: searchRow.webhook_secret === null ? null : String(searchRow.webhook_secret),
      webhookDisabledAt: date(searchRow.webhook_disabled_at),
    },
    leads: batchLeads,
    totalLeads: claimed.event === 'test' ? batchLeads.length : totalLeads,
  };
}

/** A stable Message-ID per delivery: a mail resent after a lost acknowledgement keeps its identity. */
function messageIdFor(deliveryId: string, appUrl: string): string {
  const digest = createHash('sha256').update(`alert\n${deliveryId}`).digest('hex').slice(0, 32);
  return `<${digest}@${new URL(appUrl).hostname || 'fundwire.local'}>`;
}

/** The email channel: one mail per delivery to the search's owner, with that search's one-click unsubscribe. */
export function emailChannel(deps: Pick<AlertSenderDeps, 'appUrl' | 'mailer' | 'signer'>): AlertChannelSender {
  return async (batch) => {
    if (batch.savedSearch.emailMode === 'off') return { status: 'failed', error: 'Email alerts were turned off for this saved search' };
    if (batch.leads.length === 0) return { status: 'failed', error: 'Nothing to send: the leads were deleted' };
    const { renderSavedSearchAlert } = await import('../../mail/templates/saved-search-alert.js');
    const links = recipientLinks(deps.appUrl, deps.signer, { kind: 'saved-search', savedSearchId: batch.savedSearch.id });
    const mail = await renderSavedSearchAlert({
      appUrl: deps.appUrl,
      savedSearch: batch.savedSearch,
      cadence: batch.savedSearch.emailMode,
      leads: batch.leads,
      footer: { unsubscribe: links.unsubscribePage, preferences: `${deps.appUrl}/searches` },
    });
    const started = Date.now();
    await deps.mailer.send({
      to: batch.savedSearch.ownerEmail,
      ...mail,
      headers: unsubscribeHeaders(links),
      messageId: messageIdFor(batch.deliveryId, deps.appUrl),
    });
    return { status: 'delivered', durationMs: Date.now() - started };
  };
}

async function eachWithLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++] as T);
    }),
  );
}

/** Sends every due delivery; returns when none is left to claim (or on abort). */
export async function drainAlertDeliveries(deps: AlertSenderDeps, options: AlertDrainOptions): Promise<AlertDrainResult> {
  const { database, log } = deps;
  const leaseMs = options.leaseMs ?? ALERT_LEASE_MS;
  const senders: Partial<Record<AlertChannel, AlertChannelSender>> = { email: emailChannel(deps), ...deps.channels };
  const channels = Object.keys(senders) as AlertChannel[];
  const result: AlertDrainResult = { delivered: 0, failed: 0, retried: 0 };
  const tried = new Set<string>();

  // Only the lease holder records an outcome: a worker whose lease ran out and was taken over records nothing.
  const finish = (claimed: Claimed, outcome: AlertOutcome) => {
    const status = outcome.status === 'retry' ? 'retrying' : outcome.status;
    const retryInMs = outcome.status === 'retry' ? (outcome.retryInMs ?? alertBackoffMs(claimed.attempts)) : 0;
    return settleLease(
      database.db,
      ALERT_DELIVERIES,
      { id: claimed.id },
      options.workerId,
      {
        status,
        retryInMs,
        set: (now) => ({
          status_code: outcome.statusCode ?? null,
          duration_ms: outcome.durationMs === undefined || outcome.durationMs === null ? null : Math.round(outcome.durationMs),
          last_error: outcome.error ?? null,
          last_attempt_at: now,
          ...(outcome.status === 'delivered' ? { delivered_at: now } : {}),
        }),
      },
      deps.clock,
    );
  };

  const deliver = async (claimed: Claimed) => {
    let outcome: AlertOutcome;
    try {
      const batch = await loadBatch(database, claimed);
      if (!batch) outcome = { status: 'failed', error: 'The saved search was deleted' };
      // Checked at the moment of sending, whatever the channel: a lapsed owner gets nothing (the search is paused).
      else if (!(await hasPaidAccessNow(database.db, { adminEmail: deps.adminEmail, billingMode: deps.billingMode }, batch.savedSearch.userId))) outcome = { status: 'failed', error: PAUSED_NO_SUBSCRIPTION };
      else outcome = await senders[claimed.channel]!(batch);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const next = afterFailure(error, claimed.attempts, { maxAttempts: ALERT_MAX_ATTEMPTS, backoff: DEFAULT_JOB_BACKOFF, isPermanent: isPermanentSmtpFailure });
      outcome = next.outcome === 'failed' ? { status: 'failed', error: message } : { status: 'retry', error: message, retryInMs: next.delayMs };
    }
    if (outcome.status === 'retry' && claimed.channel === 'email' && claimed.attempts >= ALERT_MAX_ATTEMPTS) outcome = { ...outcome, status: 'failed' };
    // Sent but not recorded: the lease runs out and it is sent once more (the only way to get it twice), so try hard.
    for (let attempt = 1; ; attempt++) {
      try {
        await finish(claimed, outcome);
        break;
      } catch (error) {
        if (attempt >= 5) {
          log.error({ delivery: claimed.id, err: error }, 'alert delivery outcome not recorded');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
    if (outcome.status === 'delivered') result.delivered++;
    else if (outcome.status === 'failed') {
      result.failed++;
      log.warn({ delivery: claimed.id, channel: claimed.channel, err: outcome.error }, 'alert delivery failed for good');
    } else result.retried++;
  };

  for (;;) {
    if (options.signal?.aborted) break;
    const claimed = await claim(deps, channels, [...tried], { workerId: options.workerId, leaseMs, batchSize: options.batchSize ?? 20 });
    if (claimed.length === 0) break;
    for (const row of claimed) tried.add(row.id);
    await eachWithLimit(claimed, options.concurrency ?? 4, deliver);
  }
  return result;
}
