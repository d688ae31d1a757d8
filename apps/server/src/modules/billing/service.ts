// Billing: checkout (Stripe, or test mode's page in test-mode.ts), cancellation, reactivation, plan changes
// and the retention offer. The webhook is in webhook.ts; test mode emits the events Stripe would send.
import { randomBytes, randomUUID } from 'node:crypto';
import { addMonths } from 'date-fns';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { PLANS, RETENTION_OFFER, TRIAL_DAYS } from '@fundwire/shared';
import { cancellationFeedback, checkoutSessions, subscriptions } from '../../db/schema/index.js';
import { AppError, badRequest, conflict, forbidden } from '../../errors.js';
import { isActive, TEST_SUBSCRIPTION_PREFIX, toSubscriptionRecord, type AuthContext } from '../../plugins/access.js';
import { currentRecord, DAY, now, planFromPrice, seconds, RETENTION_COUPON_ID, type BillingDeps, type StoredSubscription } from './deps.js';
import { applyStripeEvent } from './events.js';
import { callStripe } from './stripe-client.js';
import { emitTestEvents, testEvent, testSubscriptionFrom, type TestSubscriptionFields } from './test-mode.js';

export type { BillingDeps } from './deps.js';
export { handleWebhook } from './webhook.js';
export { cancelTestCheckout, getTestCheckout, payTestCheckout } from './test-mode.js';

export async function startCheckout(deps: BillingDeps, user: AuthContext, priceId: string): Promise<{ id: string; url: string }> {
  const plan = planFromPrice(deps, priceId);
  if (isActive(user.subscription)) throw conflict('You already have an active subscription.');
  const existing = await currentRecord(deps, user.user.id);
  if (deps.billing.mode === 'test') {
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    await deps.database.db.insert(checkoutSessions).values({ id, userId: user.user.id, plan, priceId, mode: 'test' });
    return { id, url: `${deps.config.appUrl}/checkout/test/${id}` };
  }
  const customer =
    existing?.stripeCustomerId ??
    (await callStripe(() => deps.billing.stripe.customers.create({ email: user.user.email, metadata: { userId: user.user.id } }))).id;
  const session = await callStripe(() => deps.billing.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: user.user.id,
    line_items: [{ price: priceId, quantity: 1 }],
    // The free trial is for a first subscription only.
    subscription_data: { ...(existing ? {} : { trial_period_days: TRIAL_DAYS }), metadata: { userId: user.user.id } },
    allow_promotion_codes: true,
    metadata: { userId: user.user.id, plan },
    success_url: `${deps.config.appUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${deps.config.appUrl}/pricing?checkout=canceled`,
  }));
  if (!session.url) throw new AppError(502, 'stripe', 'Stripe did not return a checkout URL');
  await deps.database.db.insert(checkoutSessions).values({ id: session.id, userId: user.user.id, plan, priceId, mode: 'stripe' });
  return { id: session.id, url: session.url };
}

async function requireSubscription(deps: BillingDeps, user: AuthContext) {
  const record = await currentRecord(deps, user.user.id);
  if (!record || !record.stripeSubscriptionId || !['active', 'trialing', 'past_due'].includes(record.status)) {
    throw conflict('There is no subscription to change.');
  }
  return record as typeof record & { stripeSubscriptionId: string };
}

async function setCancelAtPeriodEnd(deps: BillingDeps, user: AuthContext, cancel: boolean) {
  const record = await requireSubscription(deps, user);
  if (deps.billing.mode === 'test') {
    await emitTestEvents(deps, [testEvent('customer.subscription.updated', testSubscriptionFrom(record, user.user.id, { cancelAtPeriodEnd: cancel }))]);
  } else {
    const updated = await callStripe(() => deps.billing.stripe.subscriptions.update(record.stripeSubscriptionId, { cancel_at_period_end: cancel }));
    // Apply Stripe's answer now; the webhook that follows carries the same state and changes nothing.
    await applyDirect(deps, 'customer.subscription.updated', updated);
  }
  return toSubscriptionRecord((await currentRecord(deps, user.user.id))!);
}

async function applyDirect(deps: BillingDeps, type: string, object: unknown) {
  const event = JSON.parse(testEvent(type, object)) as Stripe.Event;
  const { userId } = await deps.database.rawTransaction((query) => applyStripeEvent(query, deps.billing, event));
  if (userId) deps.onChange?.(userId);
}

/**
 * Moves the caller's subscription to another plan's price, say Monthly to Annual. Stripe prorates: the
 * unused part of the old price is credited against the new one. A trial stays a trial until it ends.
 * Test mode makes the `customer.subscription.updated` Stripe would send: the new price, and for a paid
 * subscription a new period of the new plan's length starting now (a change of interval resets the cycle).
 */
export async function changePlan(deps: BillingDeps, user: AuthContext, priceId: string) {
  const plan = planFromPrice(deps, priceId);
  const record = await requireSubscription(deps, user);
  if (record.priceId === priceId) throw conflict(`You are already on the ${PLANS[plan].name} plan.`);
  if (deps.billing.mode === 'test') {
    const trialing = record.status === 'trialing' && record.trialEnd !== null;
    const changes: Partial<TestSubscriptionFields> = { priceId };
    if (!trialing) changes.periodEnd = now() + (plan === 'annual' ? 365 : 30) * DAY;
    await emitTestEvents(deps, [testEvent('customer.subscription.updated', testSubscriptionFrom(record, user.user.id, changes))]);
  } else {
    const current = await callStripe(() => deps.billing.stripe.subscriptions.retrieve(record.stripeSubscriptionId));
    const item = current.items.data[0];
    if (!item) throw new AppError(502, 'stripe', 'Stripe returned a subscription without items');
    const updated = await callStripe(() =>
      deps.billing.stripe.subscriptions.update(record.stripeSubscriptionId, {
        items: [{ id: item.id, price: priceId }],
        proration_behavior: 'create_prorations',
      }),
    );
    await applyDirect(deps, 'customer.subscription.updated', updated);
  }
  return toSubscriptionRecord((await currentRecord(deps, user.user.id))!);
}

export const cancelSubscription = (deps: BillingDeps, user: AuthContext) => setCancelAtPeriodEnd(deps, user, true);
export const reactivateSubscription = (deps: BillingDeps, user: AuthContext) => setCancelAtPeriodEnd(deps, user, false);

const RETENTION_OFFER_MESSAGES = {
  used: 'The retention offer has already been used',
  outsideFlow: 'The retention offer is only available while cancelling',
} as const;

/** How long after the cancellation feedback (the flow's first step) the offer stays open. */
const RETENTION_FLOW_WINDOW = sql`interval '1 hour'`;
const OFFER_STATUSES = ['active', 'trialing'];

async function gaveFeedbackRecently(deps: BillingDeps, userId: string): Promise<boolean> {
  const recent = await deps.database.db
    .select({ id: cancellationFeedback.id })
    .from(cancellationFeedback)
    .where(and(eq(cancellationFeedback.userId, userId), gt(cancellationFeedback.createdAt, sql`now() - ${RETENTION_FLOW_WINDOW}`)))
    .limit(1);
  return recent.length > 0;
}

/**
 * Marks the offer used, if it is not yet: one conditional UPDATE, so of two concurrent requests only
 * one gets it. The mark lives on the account's subscriptions row, which events never reset.
 */
async function claimRetentionOffer(deps: BillingDeps, userId: string, subscriptionId: string): Promise<boolean> {
  const claimed = await deps.database.db
    .update(subscriptions)
    .set({ retentionOfferUsedAt: sql`now()` })
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.stripeSubscriptionId, subscriptionId),
        inArray(subscriptions.status, OFFER_STATUSES),
        isNull(subscriptions.retentionOfferUsedAt),
      ),
    )
    .returning({ userId: subscriptions.userId });
  return claimed.length > 0;
}

/**
 * The retention offer: 50% off for 3 months on the existing subscription, once per account, ever,
 * and only in the cancellation flow (an active or trialing subscription, feedback in the last hour).
 */
export async function applyRetentionOffer(deps: BillingDeps, user: AuthContext): Promise<{ url: string }> {
  const userId = user.user.id;
  const record = await currentRecord(deps, userId);
  if (record?.retentionOfferUsedAt) throw conflict(RETENTION_OFFER_MESSAGES.used);
  if (!record?.stripeSubscriptionId || !OFFER_STATUSES.includes(record.status) || !(await gaveFeedbackRecently(deps, userId))) {
    throw conflict(RETENTION_OFFER_MESSAGES.outsideFlow);
  }
  if (!(await claimRetentionOffer(deps, userId, record.stripeSubscriptionId))) {
    const latest = await currentRecord(deps, userId);
    throw conflict(latest?.retentionOfferUsedAt ? RETENTION_OFFER_MESSAGES.used : RETENTION_OFFER_MESSAGES.outsideFlow);
  }
  try {
    await attachRetentionDiscount(deps, record as StoredSubscription & { stripeSubscriptionId: string }, userId);
  } catch (error) {
    // Not applied, so not used: the customer may try again.
    await deps.database.db.update(subscriptions).set({ retentionOfferUsedAt: null }).where(eq(subscriptions.userId, userId));
    throw error;
  }
  return { url: `${deps.config.appUrl}/profile?offer=applied` };
}

async function attachRetentionDiscount(deps: BillingDeps, record: StoredSubscription & { stripeSubscriptionId: string }, userId: string) {
  if (deps.billing.mode === 'test') {
    const discountEnd = seconds(addMonths(new Date(), RETENTION_OFFER.discountDuration));
    await emitTestEvents(deps, [
      testEvent('customer.subscription.updated', testSubscriptionFrom(record, userId, { discountPercent: RETENTION_OFFER.discountPercent, discountEnd })),
    ]);
    return;
  }
  await callStripe(async () => {
    try {
      await deps.billing.stripe.coupons.create({
        id: RETENTION_COUPON_ID,
        percent_off: RETENTION_OFFER.discountPercent,
        duration: 'repeating',
        duration_in_months: RETENTION_OFFER.discountDuration,
        name: '50% off for 3 months',
      });
    } catch (error) {
      if ((error as { code?: string }).code !== 'resource_already_exists') throw error;
    }
  });
  const updated = await callStripe(() =>
    deps.billing.stripe.subscriptions.update(record.stripeSubscriptionId, {
      discounts: [{ coupon: RETENTION_COUPON_ID }],
      expand: ['discounts'],
    }),
  );
  await applyDirect(deps, 'customer.subscription.updated', updated);
}

export async function billingPortal(deps: BillingDeps, user: AuthContext): Promise<{ url: string }> {
  if (deps.billing.mode !== 'stripe') throw badRequest('Billing management needs Stripe; this server runs in test mode.');
  const record = await currentRecord(deps, user.user.id);
  if (!record?.stripeCustomerId) throw forbidden('There is no billing account yet.');
  const customer = record.stripeCustomerId;
  const portal = await callStripe(() => deps.billing.stripe.billingPortal.sessions.create({ customer, return_url: `${deps.config.appUrl}/profile` }));
  return { url: portal.url };
}

/**
 * With Stripe (always in production): how many subscriptions and open checkout sessions test mode left in the
 * database. They grant nothing and cannot be paid; start-up says so, so an operator knows why they do not count.
 */
export async function countTestModeLeftovers(deps: BillingDeps): Promise<{ subscriptions: number; openSessions: number } | null> {
  if (deps.billing.mode !== 'stripe') return null;
  const [left] = await deps.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(sql`starts_with(${subscriptions.stripeSubscriptionId}, ${TEST_SUBSCRIPTION_PREFIX})`);
  const [open] = await deps.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.mode, 'test'), eq(checkoutSessions.status, 'open')));
  return { subscriptions: Number(left?.count ?? 0), openSessions: Number(open?.count ?? 0) };
}

export async function submitFeedback(deps: BillingDeps, user: AuthContext, input: { reason: string; details: string }) {
  const record = await currentRecord(deps, user.user.id);
  await deps.database.db.insert(cancellationFeedback).values({
    id: randomUUID(),
    userId: user.user.id,
    reason: input.reason,
    details: input.details,
    email: user.user.email,
    subscriptionStatus: record?.status ?? null,
    priceId: record?.priceId ?? null,
  });
}

/**
 * The scheduled job: subscriptions cancelled at period end lose access when the period ends, and in
 * test mode a trial or period that ends without cancellation renews, as Stripe would.
 */
export async function runSubscriptionClock(deps: BillingDeps): Promise<{ expired: number; renewed: number }> {
  return deps.database.rawTransaction(async (query) => {
    const expired = await query(
      `update subscriptions set status = 'canceled', cancel_at_period_end = false, updated_at = now()
       where cancel_at_period_end and current_period_end <= now() and status in ('active', 'trialing', 'past_due')
       returning user_id`,
    );
    let renewed = { rows: [] as Record<string, unknown>[] };
    if (deps.billing.mode === 'test') {
      renewed = await query(
        `update subscriptions set status = 'active',
           current_period_end = current_period_end + case when plan = 'annual' then interval '1 year' else interval '1 month' end, updated_at = now()
         where not cancel_at_period_end and current_period_end <= now() and status in ('active', 'trialing')
         returning user_id`,
      );
    }
    for (const row of [...expired.rows, ...renewed.rows]) await query("select pg_notify('subscription_changed', $1)", [String(row.user_id)]);
    return { expired: expired.rows.length, renewed: renewed.rows.length };
  });
}
