// Mail runs: the scheduled tick (prepare what is due, then send), the admin's manual weekly send, and the
// numbers the admin's subscribers screen shows.
import { nextSend } from '@fundwire/shared';
import type { Database } from '../../db/client.js';
import type { FastifyInstance } from 'fastify';
import { addNewNewsletterRecipients, editionId, isDue, periodSendTime, prepareDueEditions, prepareEdition, toDate } from './editions.js';
import { drainDeliveries, editionCounts, type DrainResult, type SenderDeps } from './sender.js';

export { newWorkerId } from '../../queue/retry.js';

export interface MailRunDeps extends SenderDeps {
  timeZone: string;
  workerId: string;
}

/** What a mail run needs from the app (the scheduler, the admin's send, and tests). */
export function mailRunDeps(app: FastifyInstance, workerId = app.mailWorkerId): MailRunDeps {
  return {
    database: app.database,
    mailer: app.mailer,
    signer: app.mailLinks,
    appUrl: app.config.appUrl,
    adminEmail: app.config.adminEmail,
    billingMode: app.billing.mode,
    log: app.log,
    clock: app.clock,
    timeZone: app.config.alertTimeZone,
    workerId,
  };
}

/** One scheduler tick: prepare the editions whose time has come, then send whatever is due. */
export async function runMailSchedule(deps: MailRunDeps, now = new Date(), drain: Partial<Parameters<typeof drainDeliveries>[1]> = {}): Promise<DrainResult> {
  const prepared = await prepareDueEditions(deps.database, now, deps.timeZone, deps.billingMode);
  for (const edition of prepared) deps.log.info({ edition: edition.id, recipients: edition.recipientCount }, 'mail edition prepared');
  return drainDeliveries(deps, { workerId: deps.workerId, ...drain });
}

export interface WeeklySendResult {
  edition: string;
  successCount: number;
  alreadySent: number;
  failedCount: number;
  pendingCount: number;
}

/**
 * The admin's Send Weekly Email: this week's newsletter edition, now, to every active subscriber who
 * has not had it yet (all of them on the first press; those who confirmed since on a later one).
 * Nobody gets an edition twice, so a second press in the same week sends nothing new.
 */
export async function sendWeeklyNewsletter(deps: MailRunDeps, options: { now?: Date; waitMs?: number } = {}): Promise<WeeklySendResult> {
  const now = options.now ?? new Date();
  const prepared = await prepareEdition(deps.database, { kind: 'newsletter-weekly', now, timeZone: deps.timeZone, trigger: 'admin', billingMode: deps.billingMode });
  const before = await editionCounts(deps.database, prepared.id);
  const added = prepared.created ? prepared.recipientCount : await addNewNewsletterRecipients(deps.database, prepared.id);
  deps.log.info({ edition: prepared.id, created: prepared.created, recipients: added }, 'weekly newsletter send requested by the admin');
  if (prepared.created || added > 0 || before.pending > 0) {
    await drainDeliveries(deps, { workerId: deps.workerId, editionId: prepared.id, deadline: Date.now() + (options.waitMs ?? 20_000) });
  }
  const after = await editionCounts(deps.database, prepared.id);
  return {
    edition: prepared.id,
    successCount: after.sent - before.sent,
    alreadySent: before.sent,
    failedCount: after.failed - before.failed,
    pendingCount: after.pending,
  };
}

export interface NewsletterSchedule {
  /** Now itself when this week's send is overdue and the next scheduler tick will make it. */
  nextSend: Date;
  /** Leads added since the last newsletter edition: what the next one will carry. */
  since: Date;
}

export async function newsletterSchedule(database: Database, timeZone: string, now = new Date()): Promise<NewsletterSchedule> {
  return database.rawTransaction(async (query) => {
    const currentId = editionId('newsletter-weekly', now, timeZone);
    const [current, last] = await Promise.all([
      query(`select 1 from mail_editions where id = $1`, [currentId]),
      query(`select max(covers_to) as covers_to from mail_editions where kind = 'newsletter-weekly'`),
    ]);
    const periodSend = periodSendTime('newsletter-weekly', now, timeZone);
    let next: Date;
    // Not sent yet this week: at 09:00 on Monday morning, or at the next tick while a late send is still due.
    if (current.rows.length === 0 && periodSend.getTime() > now.getTime()) next = periodSend;
    else if (current.rows.length === 0 && isDue('newsletter-weekly', now, timeZone)) next = now;
    else next = nextSend('weekly', periodSend, timeZone);
    const lastEnd = last.rows[0]?.covers_to;
    const since = lastEnd ? toDate(lastEnd) : new Date(now.getTime() - 7 * 86_400_000);
    return { nextSend: next, since };
  });
}
