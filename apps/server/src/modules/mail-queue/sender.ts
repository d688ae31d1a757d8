// The delivery worker. Deliveries are a queue: a worker claims due rows and leases them (queue/lease.ts, the
// job queue's leases on this table's own columns), sends each mail, and records the outcome on the row. Any
// number of workers, in any number of instances, can drain together: a row is claimed by one worker at a time,
// a sent row is never sent again, and a lease left by a crashed worker runs out so another worker picks it up.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, RawQuery } from '../../db/client.js';
import { afterFailure, claimDue, settleLease, type Clock, type LeasedTable, type Settlement } from '../../queue/lease.js';
import { DEFAULT_JOB_BACKOFF } from '../../queue/queue.js';
import { backoffMs as doublingBackoff } from '../../queue/retry.js';
import type { MailLinkSigner} from '../../mail/signed-links.js';
import { recipientLinks, unsubscribeHeaders, type LinkSubject } from '../../mail/signed-links.js';
import { MAX_SMTP_CONNECTIONS, type Mailer } from '../../mail/transport.js';
import type * as Billing from '../billing/index.js';
import { DIGEST_LEAD_LIMIT, loadDigestContent } from './content.js';
import { cadenceOf, toDate, type EditionKind } from './editions.js';

export interface SenderDeps {
  database: Database;
  mailer: Mailer;
  signer: MailLinkSigner;
  appUrl: string;
  /** ADMIN_EMAIL: the admin has paid access without a subscription (plugins/access.ts). */
  adminEmail: string;
  /** app.billing.mode: with Stripe, a leftover test-mode subscription grants nothing (billing/paid-access.ts). */
  billingMode: 'stripe' | 'test';
  log: FastifyBaseLogger;
  /** The time leases and retries are reckoned in (tests move it on); the database's now() without one. */
  clock?: Clock | undefined;
}

export interface DrainOptions {
  /** Names this worker's leases (host and pid, or a test's label). */
  workerId: string;
  /** Mails in flight at once. */
  concurrency?: number;
  /** How long a claimed row stays with this worker before others may take it over. */
  leaseMs?: number;
  batchSize?: number;
  /** Only this edition's deliveries. */
  editionId?: string;
  /** Stop claiming new rows after this time (epoch ms); claimed rows are still finished. */
  deadline?: number;
  /** Stop claiming new rows once aborted (shutdown); claimed rows are still finished. */
  signal?: AbortSignal;
}

export interface DrainResult {
  sent: number;
  skipped: number;
  failed: number;
  retried: number;
}

export const DEFAULT_LEASE_MS = 120_000;

/** mail_deliveries' lease columns: a row waits as 'pending' and is 'sending' while leased. */
export const MAIL_DELIVERIES: LeasedTable = {
  table: 'mail_deliveries',
  key: ['edition_id', 'recipient'],
  status: 'status',
  waiting: ['pending'],
  leased: 'sending',
  dueAt: 'next_attempt_at',
  owner: 'locked_by',
  expiresAt: 'locked_until',
  attempts: 'attempts',
};
export const MAX_ATTEMPTS = 6;
/** Transient failures wait 30 s, 1 min, 2 min... (at most an hour): the job queue's schedule (queue/queue.ts). */
export function backoffMs(attempts: number): number {
  return doublingBackoff(attempts, DEFAULT_JOB_BACKOFF);
}

/** A 5xx SMTP reply is final (unknown mailbox, rejected content); anything else may pass next time. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

interface ClaimedDelivery {
  editionId: string;
  recipient: string;
  subscriberId: string | null;
  userId: string | null;
  windowStart: Date | null;
  attempts: number;
}

interface Edition {
  id: string;
  kind: EditionKind;
  coversFrom: Date;
  coversTo: Date;
}

interface RenderedTemplate {
  subject: string;
  html: string;
  text: string;
}

const PREFERENCES_PLACEHOLDER = 'https://placeholder.fundwire.invalid/preferences';
const UNSUBSCRIBE_PLACEHOLDER = 'https://placeholder.fundwire.invalid/unsubscribe';

async function claim(deps: SenderDeps, options: Required<Pick<DrainOptions, 'workerId' | 'leaseMs' | 'batchSize'>> & { editionId?: string | undefined }): Promise<ClaimedDelivery[]> {
  const rows = await claimDue(deps.database.db, MAIL_DELIVERIES, {
    owner: options.workerId,
    leaseMs: options.leaseMs,
    limit: options.batchSize,
    clock: deps.clock,
    where: options.editionId === undefined ? undefined : sql`edition_id = ${options.editionId}`,
  });
  return rows.map((row) => ({
    editionId: String(row.edition_id),
    recipient: String(row.recipient),
    subscriberId: row.subscriber_id === null ? null : String(row.subscriber_id),
    userId: row.user_id === null ? null : String(row.user_id),
    windowStart: row.window_start === null ? null : toDate(row.window_start),
    attempts: Number(row.attempts),
  }));
}

/** Runs fn over items with at most `limit` at once. */
async function eachWithLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  });
  await Promise.all(lanes);
}

// Loaded with the first alert digest: a newsletter-only run (and its worker process) does without the access rule's imports.
let billingModule: Promise<typeof Billing> | undefined;
const loadBilling = () => (billingModule ??= import('../billing/index.js'));

export function messageIdFor(editionId: string, recipient: string, appUrl: string): string {
  const digest = createHash('sha256').update(`${editionId}\n${recipient}`).digest('hex').slice(0, 32);
  return `<${digest}@${new URL(appUrl).hostname || 'fundwire.local'}>`;
}

export async function drainDeliveries(deps: SenderDeps, options: DrainOptions): Promise<DrainResult> {
  const { database, mailer, signer, appUrl, log } = deps;
  const concurrency = options.concurrency ?? MAX_SMTP_CONNECTIONS * 2;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const batchSize = options.batchSize ?? Math.max(concurrency * 5, 50);
  const result: DrainResult = { sent: 0, skipped: 0, failed: 0, retried: 0 };
  const { renderDigest } = await import('../../mail/templates/digest.js');

  const editions = new Map<string, Promise<Edition | null>>();
  const templates = new Map<string, Promise<RenderedTemplate | null>>();
  const read = <T>(fn: (query: RawQuery) => Promise<T>) => database.rawTransaction(fn);

  const loadEdition = (id: string) => {
    let edition = editions.get(id);
    if (!edition) {
      edition = read(async (query) => {
        // An edition's content is fixed when its first mail goes out, not when it was prepared: an edition
        // prepared at start-up and sent in the afternoon carries the leads uploaded in between.
        await query(`update mail_editions set covers_to = greatest(covers_to, now()), content_fixed_at = now() where id = $1 and content_fixed_at is null`, [id]);
        const found = await query(`select id, kind, covers_from, covers_to from mail_editions where id = $1`, [id]);
        const row = found.rows[0];
        return row ? { id, kind: row.kind as EditionKind, coversFrom: toDate(row.covers_from), coversTo: toDate(row.covers_to) } : null;
      });
      editions.set(id, edition);
    }
    return edition;
  };

  // One rendering per edition (newsletter) or per edition and window start (alerts); links are filled in per recipient.
  const loadTemplate = (edition: Edition, windowStart: Date | null) => {
    const isNewsletter = edition.kind === 'newsletter-weekly';
    const from = isNewsletter ? edition.coversFrom : (windowStart ?? edition.coversFrom);
    const key = `${edition.id}|${from.toISOString()}`;
    let template = templates.get(key);
    if (!template) {
      template = (async () => {
        const content = await read((query) =>
          loadDigestContent(query, { from, to: edition.coversTo, withContacts: !isNewsletter, limit: DIGEST_LEAD_LIMIT[isNewsletter ? 'newsletter' : 'alerts'] }),
        );
        // A digest with nothing new is not sent.
        if (content.totalCount === 0) return null;
        return renderDigest({
          kind: isNewsletter ? 'newsletter' : 'alerts',
          cadence: cadenceOf(edition.kind),
          appUrl,
          leads: content.leads,
          totalCount: content.totalCount,
          footer: { preferences: PREFERENCES_PLACEHOLDER, unsubscribe: UNSUBSCRIBE_PLACEHOLDER },
        });
      })();
      templates.set(key, template);
    }
    return template;
  };

  // One autocommit statement per outcome: the row is final as soon as the statement returns.
  const finish = (delivery: ClaimedDelivery, status: 'sent' | 'skipped' | 'failed' | 'pending', error?: string, retryInMs?: number) => {
    const settlement: Settlement = {
      status,
      retryInMs: retryInMs ?? 0,
      set: (now) => ({ last_error: error ?? null, ...(status === 'sent' ? { sent_at: now } : {}) }),
    };
    return settleLease(database.db, MAIL_DELIVERIES, { edition_id: delivery.editionId, recipient: delivery.recipient }, options.workerId, settlement, deps.clock);
  };

  /** The mail server has the mail: record it, retrying a failed write rather than sending again. */
  const recordSent = async (delivery: ClaimedDelivery) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await finish(delivery, 'sent');
        return;
      } catch (error) {
        if (attempt >= 5) {
          // The lease runs out and the mail is sent once more: the only way a recipient can get it twice.
          log.error({ edition: delivery.editionId, to: delivery.recipient, err: error }, 'mail sent but not recorded');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  };

  const deliver = async (delivery: ClaimedDelivery) => {
    let accepted = false;
    try {
      const edition = await loadEdition(delivery.editionId);
      const subject: LinkSubject | null = delivery.subscriberId
        ? { kind: 'newsletter', subscriberId: delivery.subscriberId }
        : delivery.userId
          ? { kind: 'alerts', userId: delivery.userId }
          : null;
      if (!edition || !subject) {
        // The subscriber or user was deleted after the edition was prepared.
        await finish(delivery, 'skipped', 'recipient no longer exists');
        result.skipped++;
        return;
      }
      // Alert digests carry contacts: paid data, so the account must have paid access now, not only when the edition was prepared.
      if (delivery.userId) {
        const { hasPaidAccessNow, PAUSED_NO_SUBSCRIPTION } = await loadBilling();
        if (!(await hasPaidAccessNow(database.db, { adminEmail: deps.adminEmail, billingMode: deps.billingMode }, delivery.userId))) {
          await finish(delivery, 'skipped', PAUSED_NO_SUBSCRIPTION);
          result.skipped++;
          return;
        }
      }
      const template = await loadTemplate(edition, delivery.windowStart);
      if (!template) {
        await finish(delivery, 'skipped', 'no new leads');
        result.skipped++;
        return;
      }
      const links = recipientLinks(appUrl, signer, subject);
      const personalise = (body: string) => body.replaceAll(PREFERENCES_PLACEHOLDER, links.preferences).replaceAll(UNSUBSCRIBE_PLACEHOLDER, links.unsubscribePage);
      await mailer.send({
        to: delivery.recipient,
        subject: template.subject,
        html: personalise(template.html),
        text: personalise(template.text),
        headers: unsubscribeHeaders(links),
        messageId: messageIdFor(delivery.editionId, delivery.recipient, appUrl),
      });
      accepted = true;
      await recordSent(delivery);
      result.sent++;
    } catch (error) {
      if (accepted) return;
      const message = error instanceof Error ? error.message : String(error);
      const next = afterFailure(error, delivery.attempts, { maxAttempts: MAX_ATTEMPTS, backoff: DEFAULT_JOB_BACKOFF, isPermanent: isPermanentFailure });
      if (next.outcome === 'failed') {
        log.warn({ edition: delivery.editionId, to: delivery.recipient, attempts: delivery.attempts, err: message }, 'mail delivery failed for good');
        await finish(delivery, 'failed', message);
        result.failed++;
      } else {
        const wait = next.delayMs;
        log.warn({ edition: delivery.editionId, to: delivery.recipient, attempts: delivery.attempts, retryInMs: wait, err: message }, 'mail delivery failed; will retry');
        await finish(delivery, 'pending', message, wait);
        result.retried++;
      }
    }
  };

  for (;;) {
    if (options.deadline !== undefined && Date.now() >= options.deadline) break;
    if (options.signal?.aborted) break;
    const claimed = await claim(deps, { workerId: options.workerId, leaseMs, batchSize, editionId: options.editionId });
    if (claimed.length === 0) break;
    await eachWithLimit(claimed, concurrency, deliver);
  }
  await completeEditions(database);
  return result;
}

/** Marks editions with nothing left to send as complete. */
export async function completeEditions(database: Database): Promise<void> {
  await database.rawTransaction((query) =>
    query(
      `update mail_editions e set completed_at = now()
       where completed_at is null and not exists (
         select 1 from mail_deliveries d where d.edition_id = e.id and d.status in ('pending', 'sending'))`,
    ),
  );
}

export interface EditionCounts {
  sent: number;
  failed: number;
  pending: number;
  skipped: number;
}

export async function editionCounts(database: Database, editionId: string): Promise<EditionCounts> {
  return database.rawTransaction(async (query) => {
    const result = await query(
      `select
         count(*) filter (where status = 'sent')::int as sent,
         count(*) filter (where status = 'failed')::int as failed,
         count(*) filter (where status in ('pending', 'sending'))::int as pending,
         count(*) filter (where status = 'skipped')::int as skipped
       from mail_deliveries where edition_id = $1`,
      [editionId],
    );
    const row = result.rows[0] ?? {};
    return { sent: Number(row.sent ?? 0), failed: Number(row.failed ?? 0), pending: Number(row.pending ?? 0), skipped: Number(row.skipped ?? 0) };
  });
}
