// The one place Stripe events change our state, for real webhooks and for test mode alike.
// Idempotent by event id; tolerant of out-of-order delivery (an event older than the state a
// subscription already shows is recorded but not applied), and an old or deleted subscription never
// takes the account back (decision 034).
import type Stripe from 'stripe';
import { z } from 'zod';
import type { RawQuery } from '../../db/client.js';
import { badRequest } from '../../errors.js';
import { isLeftoverTestSubscription } from '../../plugins/access.js';
import type { Billing } from './stripe-client.js';

export const SUBSCRIPTION_CHANNEL = 'subscription_changed';

/** Same-second events: a later kind of event wins over an earlier kind. */
const RANK: Record<string, number> = {
  'checkout.session.completed': 1,
  'customer.subscription.created': 2,
  'invoice.paid': 3,
  'invoice.payment_failed': 3,
  'customer.subscription.updated': 4,
  'customer.subscription.deleted': 5,
};

// What an event must look like before anything is written: Stripe never sends otherwise, so a signed
// event that does not fit is a bug or a forgery, answered with 400 (no retry will make it fit).
// 9999-12-31T23:59:59Z: a later "time" is garbage, and past 8.64e12 s it is not even a valid Date.
const timestamp = z.number().int().min(0).max(253_402_300_799);
const stripeId = z.string().min(1).max(255);
const envelopeSchema = z.object({
  id: stripeId,
  type: z.string().min(1).max(255),
  created: timestamp,
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
const OBJECT_SCHEMAS: Record<string, z.ZodType> = {
  'checkout.session.completed': z.object({ id: stripeId, client_reference_id: z.string().max(255).nullish(), created: timestamp.nullish() }),
  'customer.subscription.created': subscriptionSchema(),
  'customer.subscription.updated': subscriptionSchema(),
  'customer.subscription.deleted': subscriptionSchema(),
  'invoice.paid': z.object({ id: stripeId }),
  'invoice.payment_failed': z.object({ id: stripeId }),
};

function subscriptionSchema() {
  return z.object({
    id: stripeId,
    status: z.string().min(1).max(64),
    created: timestamp.nullish(),
    metadata: z.record(z.string(), z.string()).nullish(),
    trial_end: timestamp.nullish(),
    cancel_at: timestamp.nullish(),
    current_period_end: timestamp.nullish(),
    items: z.object({ data: z.array(z.object({ current_period_end: timestamp.nullish() })) }).nullish(),
    discounts: z.array(z.union([z.string(), z.object({ end: timestamp.nullish() })])).nullish(),
    discount: z.object({ end: timestamp.nullish() }).nullish(),
  });
}

function describeIssues(prefix: string[], error: z.ZodError): string {
  return error.issues.map((issue) => `${[...prefix, ...issue.path.map(String)].join('.') || 'event'}: ${issue.message}`).join('; ');
}

/** Throws a 400 naming the first fields that make this event unusable. */
function checkEvent(event: unknown): asserts event is Stripe.Event {
  const envelope = envelopeSchema.safeParse(event);
  if (!envelope.success) throw badRequest(`Invalid Stripe event: ${describeIssues([], envelope.error)}`);
  const schema = OBJECT_SCHEMAS[envelope.data.type];
  const object = schema?.safeParse(envelope.data.data.object);
  if (object && !object.success) throw badRequest(`Invalid Stripe event: ${describeIssues(['data', 'object'], object.error)}`);
}

function toDate(seconds: number | null | undefined): Date | null {
  return typeof seconds === 'number' && seconds > 0 ? new Date(seconds * 1000) : null;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

interface SubscriptionState {
  status: string;
  priceId: string | null;
  currentPeriodEnd: Date | null;
  trialEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  willCancelAt: Date | null;
  discountPercent: number | null;
  discountEndsAt: Date | null;
}

export function subscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  const item = subscription.items?.data?.[0] as (Stripe.SubscriptionItem & { current_period_end?: number }) | undefined;
  const legacy = subscription as unknown as { current_period_end?: number; discount?: Stripe.Discount | null };
  const discount =
    (subscription.discounts ?? []).find((entry): entry is Stripe.Discount => typeof entry === 'object' && entry !== null) ?? legacy.discount ?? null;
  const coupon = discount ? ((discount as unknown as { coupon?: Stripe.Coupon; source?: { coupon?: Stripe.Coupon } }).coupon ?? (discount as unknown as { source?: { coupon?: Stripe.Coupon } }).source?.coupon) : undefined;
  return {
    status: subscription.status,
    priceId: item?.price?.id ?? null,
    currentPeriodEnd: toDate(item?.current_period_end ?? legacy.current_period_end),
    trialEnd: toDate(subscription.trial_end),
    cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end),
    willCancelAt: subscription.cancel_at_period_end ? toDate(subscription.cancel_at ?? item?.current_period_end ?? legacy.current_period_end) : toDate(subscription.cancel_at),
    discountPercent: coupon?.percent_off ? Math.round(coupon.percent_off) : null,
    discountEndsAt: toDate(discount?.end ?? null),
  };
}

/** What applying an event did: changed this user's record, or nothing, and why. */
type Applied = { userId: string } | { ignored: string };

const NO_ACCOUNT: Applied = { ignored: 'No account for this event' };
const OUT_OF_ORDER: Applied = { ignored: 'Older than the state the subscription already shows' };
const NOT_CURRENT: Applied = { ignored: "Not the account's current subscription" };
const DELETED: Applied = { ignored: 'The subscription was deleted before' };

async function userExists(query: RawQuery, userId: string): Promise<boolean> {
  return (await query('select 1 from users where id = $1', [userId])).rows.length > 0;
}

async function userForSubscription(query: RawQuery, subscription: { id: string; customer: unknown; metadata?: Record<string, string> | null }): Promise<string | null> {
  const fromMetadata = subscription.metadata?.userId;
  // An account deleted since (or an id that never was one): nothing of ours to update.
  if (fromMetadata) return (await userExists(query, fromMetadata)) ? fromMetadata : null;
  const bySubscription = await query('select user_id from subscriptions where stripe_subscription_id = $1', [subscription.id]);
  if (bySubscription.rows[0]) return String(bySubscription.rows[0].user_id);
  const known = await query('select user_id from stripe_subscriptions where id = $1', [subscription.id]);
  if (known.rows[0]) return String(known.rows[0].user_id);
  const customer = idOf(subscription.customer as string);
  if (!customer) return null;
  const byCustomer = await query('select user_id from subscriptions where stripe_customer_id = $1', [customer]);
  return byCustomer.rows[0] ? String(byCustomer.rows[0].user_id) : null;
}

/** The user's record, locked until the transaction ends, so concurrent events apply one at a time. */
async function lockedRecord(query: RawQuery, userId: string) {
  const result = await query('select status, stripe_subscription_id, last_event_created, last_event_rank from subscriptions where user_id = $1 for update', [userId]);
  const row = result.rows[0];
  if (!row) return null;
  return {
    status: String(row.status),
    subscriptionId: row.stripe_subscription_id === null ? null : String(row.stripe_subscription_id),
    lastEventCreated: Number(row.last_event_created),
    lastEventRank: Number(row.last_event_rank),
  };
}

/** True when an event at (created, rank) is not older than what the row already shows. */
function isCurrent(record: { lastEventCreated: number; lastEventRank: number }, created: number, rank: number): boolean {
  return created > record.lastEventCreated || (created === record.lastEventCreated && rank >= record.lastEventRank);
}

const ENDED_STATUSES = ['canceled', 'incomplete_expired'];
const ACCESS_STATUSES = ['active', 'trialing'];

/** A subscription as the history (stripe_subscriptions) knows it. */
interface KnownSubscription {
  started: number;
  seq: number;
  deleted: boolean;
  lastEventCreated: number;
  lastEventRank: number;
}

const KNOWN_COLUMNS = 'started, seq, deleted, last_event_created, last_event_rank';

function toKnown(row: Record<string, unknown> | undefined): KnownSubscription {
  if (!row) throw new Error('stripe_subscriptions row missing');
  return {
    started: Number(row.started),
    seq: Number(row.seq),
    deleted: Boolean(row.deleted),
    lastEventCreated: Number(row.last_event_created),
    lastEventRank: Number(row.last_event_rank),
  };
}

/** The history row of a subscription, made when it is first named; `started` is the earliest start seen. */
async function knowSubscription(query: RawQuery, subscriptionId: string, userId: string, started: number): Promise<KnownSubscription> {
  const result = await query(
    `insert into stripe_subscriptions (id, user_id, started) values ($1, $2, $3)
     on conflict (id) do update set started = least(stripe_subscriptions.started, excluded.started)
     returning ${KNOWN_COLUMNS}`,
    [subscriptionId, userId, started],
  );
  return toKnown(result.rows[0]);
}

/**
 * The account's current subscription in the history. One linked before the history existed is dated as
 * late as its row shows (its last event, or the row's last change), so no older subscription passes it.
 */
async function knowCurrent(query: RawQuery, userId: string, subscriptionId: string): Promise<KnownSubscription> {
  await query(
    `insert into stripe_subscriptions (id, user_id, started, last_event_created, last_event_rank)
     select stripe_subscription_id, user_id, greatest(last_event_created, floor(extract(epoch from updated_at))::bigint), last_event_created, last_event_rank
     from subscriptions where user_id = $1 and stripe_subscription_id = $2
     on conflict (id) do nothing`,
    [userId, subscriptionId],
  );
  return toKnown((await query(`select ${KNOWN_COLUMNS} from stripe_subscriptions where id = $1`, [subscriptionId])).rows[0]);
}

/** Started later (or, within the same second, first heard of later). */
function isNewer(candidate: KnownSubscription, current: KnownSubscription): boolean {
  return candidate.started > current.started || (candidate.started === current.started && candidate.seq > current.seq);
}

/**
 * The subscription the account's row is linked to, as the history knows it; null when there is none to
 * defend: no link, or (with Stripe) a test-mode subscription left from development, which grants nothing.
 */
async function currentOf(query: RawQuery, billing: Billing, userId: string, record: { subscriptionId: string | null } | null) {
  if (!record?.subscriptionId || isLeftoverTestSubscription(billing.mode, record.subscriptionId)) return null;
  return knowCurrent(query, userId, record.subscriptionId);
}

/**
 * An account shows one subscription: its current one. Every subscription named by an event is kept in
 * stripe_subscriptions, so its events apply in order, a deleted one stays deleted, and of two the newer is
 * known. An event about a subscription that is not the current one changes nothing, with one exception: a
 * newer, live subscription takes the place of a current one that gives no access (a returning customer
 * whose `created` arrives before checkout.session.completed links it). An older or deleted subscription
 * never does, whatever the current one's status (past_due included). Order on the account row is then
 * judged within the new subscription only: the old one's last event says nothing about it.
 */
async function applySubscription(query: RawQuery, billing: Billing, event: Stripe.Event, subscription: Stripe.Subscription, deleted: boolean): Promise<Applied> {
  const userId = await userForSubscription(query, subscription);
  if (!userId) return NO_ACCOUNT;
  const rank = RANK[event.type] ?? 0;
  const record = await lockedRecord(query, userId);
  const state = subscriptionState(subscription);
  const current = await currentOf(query, billing, userId, record);
  const known = await knowSubscription(query, subscription.id, userId, subscription.created ?? event.created);
  if (known.deleted) return DELETED;
  // A deletion is final whenever it is sent; anything else must not be older than what this subscription showed.
  if (!deleted && !isCurrent(known, event.created, rank)) return OUT_OF_ORDER;
  await query('update stripe_subscriptions set deleted = $2, last_event_created = $3, last_event_rank = $4 where id = $1', [subscription.id, deleted, event.created, rank]);
  const linked = record?.subscriptionId === subscription.id;
  if (record?.subscriptionId && !linked) {
    const takesOver = !deleted && !ENDED_STATUSES.includes(state.status) && (current === null || (!ACCESS_STATUSES.includes(record.status) && isNewer(known, current)));
    if (!takesOver) return NOT_CURRENT;
  } else if (record && !deleted && !isCurrent(record, event.created, rank)) {
    return OUT_OF_ORDER;
  }
  const status = deleted ? 'canceled' : state.status;
  await query(
    `insert into subscriptions (user_id, status, plan, price_id, current_period_end, trial_end, cancel_at_period_end, will_cancel_at,
       discount_percent, discount_ends_at, stripe_customer_id, stripe_subscription_id, last_event_created, last_event_rank)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     on conflict (user_id) do update set status = excluded.status, plan = excluded.plan, price_id = excluded.price_id,
       current_period_end = excluded.current_period_end, trial_end = excluded.trial_end, cancel_at_period_end = excluded.cancel_at_period_end,
       will_cancel_at = excluded.will_cancel_at,
       discount_percent = coalesce(excluded.discount_percent, case when excluded.stripe_subscription_id = subscriptions.stripe_subscription_id then subscriptions.discount_percent end),
       discount_ends_at = coalesce(excluded.discount_ends_at, case when excluded.stripe_subscription_id = subscriptions.stripe_subscription_id then subscriptions.discount_ends_at end),
       stripe_customer_id = excluded.stripe_customer_id, stripe_subscription_id = excluded.stripe_subscription_id,
       last_event_created = excluded.last_event_created, last_event_rank = excluded.last_event_rank, updated_at = now()`,
    [
      userId,
      status,
      billing.planForPrice(state.priceId),
      state.priceId,
      state.currentPeriodEnd,
      state.trialEnd,
      deleted ? false : state.cancelAtPeriodEnd,
      deleted ? null : state.willCancelAt,
      state.discountPercent,
      state.discountEndsAt,
      idOf(subscription.customer as string),
      subscription.id,
      event.created,
      rank,
    ],
  );
  return { userId };
}

async function applyInvoice(query: RawQuery, event: Stripe.Event, invoice: Stripe.Invoice, paid: boolean): Promise<Applied> {
  const raw = invoice as unknown as { subscription?: string | { id: string } | null; parent?: { subscription_details?: { subscription?: string | { id: string } } } };
  const subscriptionId = idOf(raw.subscription ?? raw.parent?.subscription_details?.subscription ?? null);
  if (!subscriptionId) return { ignored: 'Not an invoice for a subscription' };
  // Only an account's current subscription is linked, so an earlier one's invoice finds no record.
  const found = await query('select user_id from subscriptions where stripe_subscription_id = $1', [subscriptionId]);
  if (!found.rows[0]) return NO_ACCOUNT;
  const userId = String(found.rows[0].user_id);
  const record = await lockedRecord(query, userId);
  const rank = RANK[event.type] ?? 0;
  if (!record || !isCurrent(record, event.created, rank)) return OUT_OF_ORDER;
  const status = record.status;
  // A paid invoice ends a payment problem; a failed one suspends access (past_due) until it is paid.
  const next = paid ? (['past_due', 'unpaid', 'incomplete'].includes(status) ? 'active' : status) : status === 'canceled' ? status : 'past_due';
  await query('update subscriptions set status = $2, last_event_created = $3, last_event_rank = $4, updated_at = now() where user_id = $1', [userId, next, event.created, rank]);
  return { userId };
}

async function applyCheckoutCompleted(query: RawQuery, billing: Billing, event: Stripe.Event, session: Stripe.Checkout.Session): Promise<Applied> {
  await query("update checkout_sessions set status = 'complete' where id = $1", [session.id]);
  const userId = session.client_reference_id ?? session.metadata?.userId;
  const subscriptionId = idOf(session.subscription as string | null);
  if (!subscriptionId) return { ignored: 'Not a subscription checkout' };
  if (!userId || !(await userExists(query, userId))) return NO_ACCOUNT;
  const record = await lockedRecord(query, userId);
  // Already linked (its subscription events came first): nothing to overwrite.
  if (record?.subscriptionId === subscriptionId) return { userId };
  const current = await currentOf(query, billing, userId, record);
  // The session was made before its subscription: its time dates the subscription until Stripe's `created` does.
  const known = await knowSubscription(query, subscriptionId, userId, session.created ?? event.created);
  if (known.deleted) return DELETED;
  // Not over a subscription that gives access, nor over a newer one (a late checkout of an old subscription).
  if (record && current !== null && (ACCESS_STATUSES.includes(record.status) || !isNewer(known, current))) return NOT_CURRENT;
  if (record && !record.subscriptionId && ACCESS_STATUSES.includes(record.status)) return NOT_CURRENT;
  // Link the ids; the subscription events carry the state.
  // A new link starts the event order afresh: the previous subscription's last event does not date this one's.
  await query(
    `insert into subscriptions (user_id, status, stripe_customer_id, stripe_subscription_id, last_event_created, last_event_rank)
     values ($1, 'incomplete', $2, $3, 0, 0)
     on conflict (user_id) do update set stripe_customer_id = excluded.stripe_customer_id,
       stripe_subscription_id = excluded.stripe_subscription_id, last_event_created = 0, last_event_rank = 0, updated_at = now()`,
    [userId, idOf(session.customer as string | null), subscriptionId],
  );
  return { userId };
}

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

export interface EventResult {
  outcome: EventOutcome;
  userId: string | null;
  /** Why an event changed nothing (it is still recorded, so a redelivery is a duplicate). */
  ignored?: string;
}

/** Checks, records and applies one verified event inside the caller's transaction. */
export async function applyStripeEvent(query: RawQuery, billing: Billing, event: Stripe.Event): Promise<EventResult> {
  checkEvent(event);
  const recorded = await query('insert into stripe_events (id, type) values ($1, $2) on conflict (id) do nothing returning id', [event.id, event.type]);
  if (recorded.rows.length === 0) return { outcome: 'duplicate', userId: null };
  let applied: Applied;
  switch (event.type) {
    case 'checkout.session.completed':
      applied = await applyCheckoutCompleted(query, billing, event, event.data.object);
      break;
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
      applied = await applySubscription(query, billing, event, event.data.object, false);
      break;
    case 'customer.subscription.deleted':
      applied = await applySubscription(query, billing, event, event.data.object, true);
      break;
    case 'invoice.paid':
      applied = await applyInvoice(query, event, event.data.object, true);
      break;
    case 'invoice.payment_failed':
      applied = await applyInvoice(query, event, event.data.object, false);
      break;
    default:
      return { outcome: 'ignored', userId: null, ignored: 'Event type not handled' };
  }
  if ('ignored' in applied) return { outcome: 'ignored', userId: null, ignored: applied.ignored };
  await query('select pg_notify($1, $2)', [SUBSCRIPTION_CHANNEL, applied.userId]);
  return { outcome: 'applied', userId: applied.userId };
}
