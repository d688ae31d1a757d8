// The one place Stripe events change our state, for real webhooks and for test mode alike.
// Idempotent by event id; tolerant of out-of-order delivery (an event older than the state a
// subscription already shows is recorded but not applied).
import type Stripe from 'stripe';
import type { RawQuery } from '../../db/client.js';
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

export const HANDLED_EVENTS = Object.keys(RANK);

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

async function userForSubscription(query: RawQuery, subscription: { id: string; customer: unknown; metadata?: Record<string, string> | null }): Promise<string | null> {
  const fromMetadata = subscription.metadata?.userId;
  if (fromMetadata) return fromMetadata;
  const bySubscription = await query('select user_id from subscriptions where stripe_subscription_id = $1', [subscription.id]);
  if (bySubscription.rows[0]) return String(bySubscription.rows[0].user_id);
  const byCustomer = await query('select user_id from subscriptions where stripe_customer_id = $1', [idOf(subscription.customer as string)]);
  return byCustomer.rows[0] ? String(byCustomer.rows[0].user_id) : null;
}

/** True when an event at (created, rank) is not older than what the row already shows. */
async function isCurrent(query: RawQuery, userId: string, created: number, rank: number): Promise<boolean> {
  const result = await query('select last_event_created, last_event_rank from subscriptions where user_id = $1 for update', [userId]);
  const row = result.rows[0];
  if (!row) return true;
  const lastCreated = Number(row.last_event_created);
  return created > lastCreated || (created === lastCreated && rank >= Number(row.last_event_rank));
}

async function applySubscription(query: RawQuery, billing: Billing, event: Stripe.Event, subscription: Stripe.Subscription, deleted: boolean) {
  const userId = await userForSubscription(query, subscription);
  if (!userId) return null;
  const rank = RANK[event.type] ?? 0;
  if (!(await isCurrent(query, userId, event.created, rank))) return null;
  const state = subscriptionState(subscription);
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
  return userId;
}

async function applyInvoice(query: RawQuery, event: Stripe.Event, invoice: Stripe.Invoice, paid: boolean) {
  const raw = invoice as unknown as { subscription?: string | { id: string } | null; parent?: { subscription_details?: { subscription?: string | { id: string } } } };
  const subscriptionId = idOf(raw.subscription ?? raw.parent?.subscription_details?.subscription ?? null);
  if (!subscriptionId) return null;
  const found = await query('select user_id, status from subscriptions where stripe_subscription_id = $1', [subscriptionId]);
  const row = found.rows[0];
  if (!row) return null;
  const userId = String(row.user_id);
  const rank = RANK[event.type] ?? 0;
  if (!(await isCurrent(query, userId, event.created, rank))) return null;
  const status = String(row.status);
  // A paid invoice ends a payment problem; a failed one suspends access (past_due) until it is paid.
  const next = paid ? (['past_due', 'unpaid', 'incomplete'].includes(status) ? 'active' : status) : status === 'canceled' ? status : 'past_due';
  await query('update subscriptions set status = $2, last_event_created = $3, last_event_rank = $4, updated_at = now() where user_id = $1', [userId, next, event.created, rank]);
  return userId;
}

async function applyCheckoutCompleted(query: RawQuery, session: Stripe.Checkout.Session) {
  await query("update checkout_sessions set status = 'complete' where id = $1", [session.id]);
  const userId = session.client_reference_id ?? session.metadata?.userId;
  const subscriptionId = idOf(session.subscription as string | null);
  if (!userId || !subscriptionId) return null;
  // Link the ids; the subscription events carry the state. Nothing to overwrite if they came first.
  await query(
    `insert into subscriptions (user_id, status, stripe_customer_id, stripe_subscription_id, last_event_created, last_event_rank)
     values ($1, 'incomplete', $2, $3, 0, 0)
     on conflict (user_id) do update set stripe_customer_id = excluded.stripe_customer_id,
       stripe_subscription_id = excluded.stripe_subscription_id, updated_at = now()
     where subscriptions.stripe_subscription_id is distinct from excluded.stripe_subscription_id
       and subscriptions.status not in ('active', 'trialing')`,
    [userId, idOf(session.customer as string | null), subscriptionId],
  );
  return userId;
}

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/** Records and applies one verified event inside the caller's transaction. */
export async function applyStripeEvent(query: RawQuery, billing: Billing, event: Stripe.Event): Promise<{ outcome: EventOutcome; userId: string | null }> {
  const recorded = await query('insert into stripe_events (id, type) values ($1, $2) on conflict (id) do nothing returning id', [event.id, event.type]);
  if (recorded.rows.length === 0) return { outcome: 'duplicate', userId: null };
  let userId: string | null = null;
  switch (event.type) {
    case 'checkout.session.completed':
      userId = await applyCheckoutCompleted(query, event.data.object);
      break;
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
      userId = await applySubscription(query, billing, event, event.data.object, false);
      break;
    case 'customer.subscription.deleted':
      userId = await applySubscription(query, billing, event, event.data.object, true);
      break;
    case 'invoice.paid':
      userId = await applyInvoice(query, event, event.data.object, true);
      break;
    case 'invoice.payment_failed':
      userId = await applyInvoice(query, event, event.data.object, false);
      break;
    default:
      return { outcome: 'ignored', userId: null };
  }
  if (userId) await query('select pg_notify($1, $2)', [SUBSCRIPTION_CHANNEL, userId]);
  return { outcome: userId ? 'applied' : 'ignored', userId };
}
