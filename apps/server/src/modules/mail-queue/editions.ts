// Editions: one per mailing (the weekly newsletter, weekly and daily alerts), identified by kind and the
// zone's calendar date it belongs to. Preparing an edition inserts it and all its deliveries in one
// transaction; the id's primary key lets only one instance prepare it, however many try at once.
import { nextSend, previousSend, zonedDate, type EditionCadence } from '@fundwire/shared';
import { sql } from 'drizzle-orm';
import type { Database, RawQuery } from '../../db/client.js';

export type EditionKind = 'newsletter-weekly' | 'alerts-weekly' | 'alerts-daily';

export function cadenceOf(kind: EditionKind): EditionCadence {
  return kind === 'alerts-daily' ? 'daily' : 'weekly';
}

/**
 * The scheduled send time of the period `now` is in (it may still be ahead, on the send day's morning).
 * A period runs from one send day's midnight to the next: Monday 08:00 already belongs to this Monday's
 * weekly edition, so an early manual send replaces the 09:00 one instead of doubling it.
 */
export function periodSendTime(kind: EditionKind, now: Date, timeZone: string): Date {
  const cadence = cadenceOf(kind);
  const upcoming = nextSend(cadence, now, timeZone);
  return zonedDate(now, timeZone) === zonedDate(upcoming, timeZone) ? upcoming : previousSend(cadence, now, timeZone);
}

const NEWSLETTER_RECIPIENTS_SQL = `
  insert into mail_deliveries (edition_id, recipient, subscriber_id)
  select $1, s.email, s.id from newsletter_subscribers s
  where s.status = 'active' and s.weekly_leads
  on conflict do nothing returning recipient`;

/**
 * Adds the active newsletter subscribers an existing edition does not have yet (they confirmed after
 * it was prepared). Nobody already in the edition is added again.
 */
export async function addNewNewsletterRecipients(database: Database, id: string): Promise<number> {
  return database.rawTransaction(async (query) => {
    const added = await query(NEWSLETTER_RECIPIENTS_SQL, [id]);
    if (added.rows.length > 0) await query(`update mail_editions set recipient_count = recipient_count + $2, completed_at = null where id = $1`, [id, added.rows.length]);
    return added.rows.length;
  });
}

/** kind:zone-date of the period's send day: Monday for weekly editions, the day itself for daily ones. */
export function editionId(kind: EditionKind, now: Date, timeZone: string): string {
  return `${kind}:${zonedDate(periodSendTime(kind, now, timeZone), timeZone)}`;
}

/** A timestamp as either driver returns it (Date, or text). */
export function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

export interface PreparedEdition {
  id: string;
  created: boolean;
  recipientCount: number;
}

const PERIOD_MS: Record<EditionCadence, number> = { weekly: 7 * 86_400_000, daily: 86_400_000 };

/**
 * Creates the edition of `now`'s period with its deliveries, unless it exists. Newsletter editions cover
 * the leads added since the previous newsletter edition; alert deliveries carry each user's own start
 * (the end of their last digest), so switching between daily and weekly neither repeats nor loses leads.
 */
export async function prepareEdition(
  database: Database,
  options: { kind: EditionKind; now: Date; timeZone: string; trigger: 'schedule' | 'admin'; billingMode: 'stripe' | 'test' },
): Promise<PreparedEdition> {
  const { kind, now, timeZone, trigger } = options;
  // Alert digests carry contacts: their recipients are the accounts with paid access by the one rule
  // (billing/paid-access.ts: active or trialing, not ended, and with Stripe no leftover test subscription).
  // The sender checks it again when it sends.
  const paidUserIds = kind === 'newsletter-weekly' ? [] : await subscribersWithPaidAccess(database, now, options.billingMode);
  const id = editionId(kind, now, timeZone);
  const cadence = cadenceOf(kind);
  const scheduledFor = periodSendTime(kind, now, timeZone);
  const defaultStart = new Date(now.getTime() - PERIOD_MS[cadence]);

  return database.rawTransaction(async (query: RawQuery) => {
    const previous = await query(
      `select max(covers_to) as covers_to from mail_editions where kind = $1 and covers_to <= $2`,
      [kind, now.toISOString()],
    );
    const previousEnd = previous.rows[0]?.covers_to;
    const coversFrom = previousEnd ? toDate(previousEnd) : defaultStart;
    const inserted = await query(
      `insert into mail_editions (id, kind, scheduled_for, covers_from, covers_to, trigger)
       values ($1, $2, $3, $4, $5, $6) on conflict (id) do nothing returning id`,
      [id, kind, scheduledFor.toISOString(), coversFrom.toISOString(), now.toISOString(), trigger],
    );
    if (inserted.rows.length === 0) {
      const existing = await query(`select recipient_count from mail_editions where id = $1`, [id]);
      return { id, created: false, recipientCount: Number(existing.rows[0]?.recipient_count ?? 0) };
    }

    let deliveries;
    if (kind === 'newsletter-weekly') {
      deliveries = await query(NEWSLETTER_RECIPIENTS_SQL, [id]);
    } else {
      deliveries = await query(
        `insert into mail_deliveries (edition_id, recipient, user_id, window_start)
         select $1, lower(u.email), u.id,
                coalesce(
                  (select max(e.covers_to) from mail_deliveries d join mail_editions e on e.id = d.edition_id
                   where d.user_id = u.id and d.status in ('sent', 'skipped') and e.kind in ('alerts-weekly', 'alerts-daily')),
                  greatest($3::timestamptz, s.created_at))
         from users u
         join subscriptions s on s.user_id = u.id
         left join alert_settings a on a.user_id = u.id
         where u.id = any($4::text[])
           and coalesce(a.frequency, 'weekly') = $2
         on conflict do nothing returning recipient`,
        [id, cadence, defaultStart.toISOString(), paidUserIds],
      );
    }
    await query(`update mail_editions set recipient_count = $2 where id = $1`, [id, deliveries.rows.length]);
    return { id, created: true, recipientCount: deliveries.rows.length };
  });
}

/** Accounts whose subscription gives paid access at `now` (the admin's own access needs no digest). */
async function subscribersWithPaidAccess(database: Database, now: Date, billingMode: 'stripe' | 'test'): Promise<string[]> {
  // Loaded with the first alert edition, as the sender does: a newsletter-only run does without billing's imports.
  const { withPaidAccessNow } = await import('../billing/index.js');
  const paid = await withPaidAccessNow(database.db, { adminEmail: '', billingMode }, sql`(select user_id from subscriptions)`, now.getTime());
  return [...paid];
}

/**
 * How late a missed send may still go out (the server was down at 09:00). Later than that, the period
 * is skipped and its leads go into the next edition, which starts where the last one ended.
 */
export const CATCH_UP_GRACE_MS: Record<EditionCadence, number> = { weekly: 24 * 3_600_000, daily: 3 * 3_600_000 };

/** True from the period's send time until the end of its catch-up grace. */
export function isDue(kind: EditionKind, now: Date, timeZone: string): boolean {
  const sendAt = periodSendTime(kind, now, timeZone).getTime();
  return sendAt <= now.getTime() && now.getTime() <= sendAt + CATCH_UP_GRACE_MS[cadenceOf(kind)];
}

/** Prepares every edition whose send time has come in the current period and that does not exist yet. */
export async function prepareDueEditions(database: Database, now: Date, timeZone: string, billingMode: 'stripe' | 'test'): Promise<PreparedEdition[]> {
  const prepared: PreparedEdition[] = [];
  for (const kind of ['newsletter-weekly', 'alerts-weekly', 'alerts-daily'] as const) {
    // Only once the period's send time has passed (an early tick waits for 09:00), and not days late.
    if (!isDue(kind, now, timeZone)) continue;
    const result = await prepareEdition(database, { kind, now, timeZone, trigger: 'schedule', billingMode });
    if (result.created) prepared.push(result);
  }
  return prepared;
}
