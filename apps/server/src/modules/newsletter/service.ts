// Newsletter subscribers: double opt-in sign-up, confirmation, preferences and unsubscribing, and the
// admin's list. Alert recipients (paying users) are managed through the same signed links.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  SUBSCRIBERS_PAGE_SIZE,
  type AlertFrequency,
  type EmailPreferencesResponse,
  type Subscriber,
  type SubscriberPreferences,
  type SubscribersQuery,
} from '@fundwire/shared';
import type { Database } from '../../db/client.js';
import { alertSettings, newsletterSubscribers, users } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../errors.js';
import { setAlertFrequency } from '../alerts/index.js';
import { countDigestLeads } from '../mail-queue/index.js';
import type { MailLinkSigner } from '../../mail/signed-links.js';
import { recipientLinks, unsubscribeHeaders, type VerifiedLink } from '../../mail/signed-links.js';
import { savedSearchEmailState, turnOffSavedSearchEmail } from '../saved-searches/index.js';
import type { Mailer } from '../../mail/transport.js';

export interface NewsletterDeps {
  database: Database;
  mailer: Mailer;
  signer: MailLinkSigner;
  appUrl: string;
}

/** A pending address gets at most one confirmation mail per this interval. */
export const CONFIRMATION_RESEND_MS = 60_000;

export const INVALID_LINK_MESSAGE = 'This link is not valid or has expired. Subscribe again from the home page.';

export async function sendConfirmation(deps: NewsletterDeps, subscriber: { id: string; email: string }): Promise<void> {
  const { renderConfirmSubscription } = await import('../../mail/templates/confirm-subscription.js');
  const links = recipientLinks(deps.appUrl, deps.signer, { kind: 'newsletter', subscriberId: subscriber.id });
  const confirmUrl = `${deps.appUrl}/newsletter/confirm?token=${encodeURIComponent(deps.signer.sign('confirm', { kind: 'newsletter', subscriberId: subscriber.id }))}`;
  const mail = await renderConfirmSubscription({
    appUrl: deps.appUrl,
    confirmUrl,
    footer: { preferences: links.preferences, unsubscribe: links.unsubscribePage },
  });
  await deps.mailer.send({ to: subscriber.email, ...mail, headers: unsubscribeHeaders(links) });
}

/**
 * Starts a double opt-in: a new, pending or unsubscribed address gets a confirmation mail; an active
 * one is reported as already subscribed. Nothing about the list is sent before the click.
 */
/**
 * alreadySubscribed: the address is confirmed already. confirmationResent: the address had signed up
 * before without confirming, and this sign-up (re)sent its confirmation or found one sent moments ago.
 */
export async function subscribeEmail(deps: NewsletterDeps, email: string): Promise<{ alreadySubscribed: boolean; confirmationResent?: boolean }> {
  const { db } = deps.database;
  const [row] = await db
    .insert(newsletterSubscribers)
    .values({ email })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      // An unsubscribed address starts over as pending; the others keep their state.
      set: {
        status: sql`case when ${newsletterSubscribers.status} = 'unsubscribed' then 'pending' else ${newsletterSubscribers.status} end`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('subscriber upsert returned nothing');
  if (row.status === 'active') return { alreadySubscribed: true };

  // Claim the right to mail this address now: one confirmation per interval, even with concurrent calls.
  const [claimed] = await db
    .update(newsletterSubscribers)
    .set({ confirmationSentAt: sql`now()` })
    .where(
      and(
        eq(newsletterSubscribers.id, row.id),
        sql`(${newsletterSubscribers.confirmationSentAt} is null or ${newsletterSubscribers.confirmationSentAt} < now() - make_interval(secs => ${CONFIRMATION_RESEND_MS / 1000}))`,
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  // A confirmation went out before (and the address is still pending): this is a repeat sign-up.
  const repeat = row.confirmationSentAt !== null;
  if (!claimed) return { alreadySubscribed: false, confirmationResent: repeat };
  try {
    await sendConfirmation(deps, row);
  } catch (error) {
    // Let the next attempt mail again at once.
    await db.update(newsletterSubscribers).set({ confirmationSentAt: row.confirmationSentAt }).where(eq(newsletterSubscribers.id, row.id));
    throw Object.assign(new AppError(503, 'mail_unavailable', 'We could not send the confirmation email right now. Please try again in a few minutes.'), {
      cause: error,
    });
  }
  return { alreadySubscribed: false, confirmationResent: repeat };
}

function verifyLink(signer: MailLinkSigner, token: string, purpose: VerifiedLink['purpose']): VerifiedLink {
  const link = signer.verify(token);
  if (!link || link.purpose !== purpose) throw badRequest(INVALID_LINK_MESSAGE);
  return link;
}

export async function confirmSubscription(deps: NewsletterDeps, token: string): Promise<{ email: string }> {
  const link = verifyLink(deps.signer, token, 'confirm');
  if (link.subject.kind !== 'newsletter') throw badRequest(INVALID_LINK_MESSAGE);
  const { db } = deps.database;
  const [row] = await db
    .update(newsletterSubscribers)
    .set({
      status: 'active',
      confirmedAt: sql`coalesce(${newsletterSubscribers.confirmedAt}, now())`,
      unsubscribedAt: null,
      updatedAt: sql`now()`,
    })
    // A confirmation link from before an unsubscribe does not silently resubscribe the address.
    .where(and(eq(newsletterSubscribers.id, link.subject.subscriberId), sql`${newsletterSubscribers.status} <> 'unsubscribed'`))
    .returning({ email: newsletterSubscribers.email });
  if (row) return row;
  const [existing] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, link.subject.subscriberId));
  if (!existing) throw badRequest(INVALID_LINK_MESSAGE);
  throw new AppError(409, 'unsubscribed', 'This address was unsubscribed after the link was sent. Subscribe again from the home page.');
}

async function readPreferences(deps: NewsletterDeps, link: VerifiedLink): Promise<EmailPreferencesResponse> {
  const { db } = deps.database;
  if (link.subject.kind === 'newsletter') {
    const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, link.subject.subscriberId));
    if (!row) throw badRequest(INVALID_LINK_MESSAGE);
    return {
      email: row.email,
      kind: 'newsletter',
      subscribed: row.status === 'active',
      preferences: { weeklyLeads: row.weeklyLeads, productUpdates: row.productUpdates, marketingEmails: row.marketingEmails },
      frequency: null,
    };
  }
  if (link.subject.kind === 'saved-search') {
    const search = await savedSearchEmailState(deps.database.db, link.subject.savedSearchId);
    if (!search) throw badRequest(INVALID_LINK_MESSAGE);
    return {
      email: search.email,
      kind: 'saved-search',
      subscribed: search.emailMode !== 'off',
      preferences: null,
      frequency: null,
      savedSearchName: search.name,
    };
  }
  const [row] = await db
    .select({ email: users.email, frequency: alertSettings.frequency })
    .from(users)
    .leftJoin(alertSettings, eq(alertSettings.userId, users.id))
    .where(eq(users.id, link.subject.userId));
  if (!row) throw badRequest(INVALID_LINK_MESSAGE);
  const frequency = row.frequency ?? 'weekly';
  return { email: row.email, kind: 'alerts', subscribed: frequency !== 'off', preferences: null, frequency };
}

export async function getEmailPreferences(deps: NewsletterDeps, token: string): Promise<EmailPreferencesResponse> {
  return readPreferences(deps, verifyLink(deps.signer, token, 'manage'));
}

export async function updateEmailPreferences(
  deps: NewsletterDeps,
  input: { token: string; preferences?: SubscriberPreferences | undefined; frequency?: AlertFrequency | undefined },
): Promise<EmailPreferencesResponse> {
  const link = verifyLink(deps.signer, input.token, 'manage');
  if (link.subject.kind === 'newsletter') {
    if (!input.preferences) throw badRequest('Choose which newsletter emails you want');
    // Turning every kind of mail off is an unsubscribe; turning one on again resubscribes a confirmed address.
    const anyOn = input.preferences.weeklyLeads || input.preferences.productUpdates || input.preferences.marketingEmails;
    await deps.database.db
      .update(newsletterSubscribers)
      .set({
        ...input.preferences,
        status: sql`case
          when ${!anyOn} then 'unsubscribed'
          when ${newsletterSubscribers.confirmedAt} is not null then 'active'
          else ${newsletterSubscribers.status} end`,
        unsubscribedAt: anyOn ? null : sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(newsletterSubscribers.id, link.subject.subscriberId));
  } else if (link.subject.kind === 'saved-search') {
    throw badRequest('Change this saved search’s alerts on your Saved searches page');
  } else {
    if (!input.frequency) throw badRequest('Choose how often you want alerts');
    await setAlertFrequency(deps.database, link.subject.userId, input.frequency);
  }
  return readPreferences(deps, link);
}

/** Stops every newsletter mail (or a paying user's alerts) for the link's recipient. Idempotent. */
export async function unsubscribe(deps: NewsletterDeps, token: string): Promise<EmailPreferencesResponse> {
  const link = verifyLink(deps.signer, token, 'manage');
  if (link.subject.kind === 'newsletter') {
    await deps.database.db
      .update(newsletterSubscribers)
      .set({ status: 'unsubscribed', unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(newsletterSubscribers.id, link.subject.subscriberId));
  } else if (link.subject.kind === 'saved-search') {
    await turnOffSavedSearchEmail(deps.database.db, link.subject.savedSearchId);
  } else {
    await setAlertFrequency(deps.database, link.subject.userId, 'off');
  }
  return readPreferences(deps, link);
}

/** A page of active subscribers, newest confirmation first, optionally narrowed to addresses containing `q`. */
export async function listActiveSubscribers(
  database: Database,
  { page, q }: SubscribersQuery,
): Promise<{ subscribers: Subscriber[]; total: number; matchCount: number }> {
  const { db } = database;
  const active = eq(newsletterSubscribers.status, 'active');
  // q is matched literally: % and _ in it are not wildcards.
  const matching = q ? and(active, sql`strpos(lower(${newsletterSubscribers.email}), lower(${q})) > 0`) : active;
  const [rows, [totals], [matches]] = await Promise.all([
    db
      .select()
      .from(newsletterSubscribers)
      .where(matching)
      .orderBy(desc(newsletterSubscribers.confirmedAt), desc(newsletterSubscribers.id))
      .limit(SUBSCRIBERS_PAGE_SIZE)
      .offset((page - 1) * SUBSCRIBERS_PAGE_SIZE),
    db.select({ total: count() }).from(newsletterSubscribers).where(active),
    q ? db.select({ total: count() }).from(newsletterSubscribers).where(matching) : Promise.resolve([undefined]),
  ]);
  const total = Number(totals?.total ?? 0);
  return {
    total,
    matchCount: q ? Number(matches?.total ?? 0) : total,
    subscribers: rows.map((row) => ({
      id: row.id,
      email: row.email,
      subscribed: true,
      subscribedAt: (row.confirmedAt ?? row.createdAt).toISOString(),
      preferences: { weeklyLeads: row.weeklyLeads, productUpdates: row.productUpdates, marketingEmails: row.marketingEmails },
    })),
  };
}

/** The number of leads the next newsletter will carry: added since the last edition and still news at its send time. */
export async function countNextNewsletterLeads(database: Database, schedule: { since: Date; nextSend: Date }): Promise<number> {
  return database.rawTransaction((query) => countDigestLeads(query, { from: schedule.since, to: new Date(Math.max(schedule.nextSend.getTime(), Date.now())) }));
}
