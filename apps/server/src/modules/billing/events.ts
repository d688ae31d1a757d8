// The one place Stripe events change our state, for real webhooks and for test mode alike.
// Idempotent by event id; tolerant of out-of-order delivery (an event older than the state a
// subscription already shows is recorded but not applied).
import type Stripe from 'stripe';
import { z } from 'zod';
import type { RawQuery } from '../../db/client.js';
import { badRequest } from '../../errors.js';
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
  'checkout.session.completed': z.object({ id: stripeId, client_reference_id: z.string().max(255).nullish() }),
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

async function userExists(query: RawQuery, userId: string): Promise<boolean> {
  return (await query('select 1 from users where id = $1', [userId])).rows.length > 0;
}

async function userForSubscription(query: RawQuery, subscription: { id: string; customer: unknown; metadata?: Record<string, string> | null }): Promise<string | null> {
  const fromMetadata = subscription.metadata?.userId;
  // An account deleted since (or an id that never was one): nothing of ours to update.
  if (fromMetadata) return (await userExists(query, fromMetadata)) ? fromMetadata : null;
  const bySubscription = await query('select user_id from subscriptions where stripe_subscription_id = $1', [subscription.id]);
  if (bySubscription.rows[0]) return String(bySubscription.rows[0].user_id);
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

/**
 * An account shows one subscription: the one it is linked to. An event about another one (say, the
 * `deleted` of a subscription replaced by a newer checkout, arriving late) must not overwrite it. We
 * keep no per-subscription history, so such an event is recorded in stripe_events and changes nothing,
 * unless it is a live subscription taking the place of one that gives no access (a returning customer
 * whose `created` arrives before checkout.session.completed links it). Order is then judged within
 * the new subscription only: the old one's last event says nothing about it.
 */
function replacesCurrent(record: { status: string }, subscriptionStatus: string, deleted: boolean): boolean {
  return !deleted && !ENDED_STATUSES.includes(subscriptionStatus) && !ACCESS_STATUSES.includes(record.status);
}

async function applySubscription(query: RawQuery, billing: Billing, event: Stripe.Event, subscription: Stripe.Subscription, deleted: boolean): Promise<Applied> {
  const userId = await userForSubscription(query, subscription);
  if (!userId) return NO_ACCOUNT;
  const rank = RANK[event.type] ?? 0;
  const record = await lockedRecord(query, userId);
  const state = subscriptionState(subscription);
  if (record?.subscriptionId && record.subscriptionId !== subscription.id) {
    if (!replacesCurrent(record, state.status, deleted)) return NOT_CURRENT;
  } else if (record && !isCurrent(record, event.created, rank)) {
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

async function applyCheckoutCompleted(query: RawQuery, session: Stripe.Checkout.Session): Promise<Applied> {
  await query("update checkout_sessions set status = 'complete' where id = $1", [session.id]);
  const userId = session.client_reference_id ?? session.metadata?.userId;
  const subscriptionId = idOf(session.subscription as string | null);
  if (!subscriptionId) return { ignored: 'Not a subscription checkout' };
  if (!userId || !(await userExists(query, userId))) return NO_ACCOUNT;
  // Link the ids; the subscription events carry the state. Nothing to overwrite if they came first.
  // A new link starts the event order afresh: the previous subscription's last event does not date this one's.
  await query(
    `insert into subscriptions (user_id, status, stripe_customer_id, stripe_subscription_id, last_event_created, last_event_rank)
     values ($1, 'incomplete', $2, $3, 0, 0)
     on conflict (user_id) do update set stripe_customer_id = excluded.stripe_customer_id,
       stripe_subscription_id = excluded.stripe_subscription_id, last_event_created = 0, last_event_rank = 0, updated_at = now()
     where subscriptions.stripe_subscription_id is distinct from excluded.stripe_subscription_id
       and subscriptions.status not in ('active', 'trialing')`,
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
      applied = await applyCheckoutCompleted(query, event.data.object);
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
