// Test mode (no Stripe keys): the built-in checkout page, and the events Stripe would send, signed with our
// own secret and fed through handleWebhook, the same code real webhooks go through. With Stripe (always so in
// production) every test-mode route answers 404, and what test mode left in the database grants nothing.
import { randomBytes } from 'node:crypto';
import { addMonths, addYears } from 'date-fns';
import { eq } from 'drizzle-orm';
import { PLANS, TRIAL_DAYS, type PlanId } from '@fundwire/shared';
import { checkoutSessions } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';
import { TEST_SUBSCRIPTION_PREFIX, type AuthContext } from '../../plugins/access.js';
import { currentRecord, DAY, now, RETENTION_COUPON_ID, seconds, type BillingDeps, type StoredSubscription } from './deps.js';
import { handleWebhook } from './webhook.js';

export function testEvent(type: string, object: unknown): string {
  return JSON.stringify({ id: `evt_test_${randomBytes(12).toString('hex')}`, object: 'event', type, created: now(), livemode: false, api_version: null, data: { object } });
}

export async function emitTestEvents(deps: BillingDeps, payloads: string[]): Promise<void> {
  for (const payload of payloads) {
    const header = deps.billing.stripe.webhooks.generateTestHeaderString({ payload, secret: deps.billing.webhookSecret });
    await handleWebhook(deps, payload, header);
  }
}

export interface TestSubscriptionFields {
  id: string;
  customer: string;
  userId: string;
  priceId: string;
  status: string;
  trialEnd: number | null;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  discountPercent: number | null;
  discountEnd: number | null;
  /** When the subscription was made (Stripe's `created`); left out where test mode does not know it. */
  created?: number;
}

function testSubscription(fields: TestSubscriptionFields) {
  return {
    id: fields.id,
    object: 'subscription',
    ...(fields.created === undefined ? {} : { created: fields.created }),
    customer: fields.customer,
    status: fields.status,
    metadata: { userId: fields.userId },
    trial_end: fields.trialEnd,
    cancel_at_period_end: fields.cancelAtPeriodEnd,
    cancel_at: fields.cancelAtPeriodEnd ? fields.periodEnd : null,
    discounts: fields.discountPercent
      ? [{ id: `di_test_${fields.id}`, object: 'discount', coupon: { id: RETENTION_COUPON_ID, percent_off: fields.discountPercent }, end: fields.discountEnd }]
      : [],
    items: { object: 'list', data: [{ id: `si_${fields.id}`, object: 'subscription_item', price: { id: fields.priceId, object: 'price' }, current_period_end: fields.periodEnd }] },
  };
}

/** The form of the ids test mode makes; anything else cannot be one of its sessions. */
const TEST_SESSION_ID = /^cs_test_[0-9a-f]{32}$/;

async function ownTestSession(deps: BillingDeps, user: AuthContext, id: string) {
  // With Stripe, a test session left from development is no session at all: paying it would grant access for nothing.
  if (deps.billing.mode !== 'test' || !TEST_SESSION_ID.test(id)) throw notFound('No such checkout session');
  const [session] = await deps.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).limit(1);
  if (!session || session.mode !== 'test' || session.userId !== user.user.id) throw notFound('No such checkout session');
  return session;
}

export async function getTestCheckout(deps: BillingDeps, user: AuthContext, id: string) {
  const session = await ownTestSession(deps, user, id);
  const plan = PLANS[session.plan as PlanId];
  const returning = Boolean(await currentRecord(deps, user.user.id));
  return {
    id: session.id,
    status: session.status,
    email: user.user.email,
    plan: { id: plan.id, name: plan.name, price: plan.price, period: plan.period },
    trialDays: returning ? 0 : TRIAL_DAYS,
  };
}

/** Pays a test checkout: the events Stripe sends for a new subscription with a trial. */
export async function payTestCheckout(deps: BillingDeps, user: AuthContext, id: string): Promise<{ redirectUrl: string }> {
  const session = await ownTestSession(deps, user, id);
  if (session.status !== 'open') throw conflict(`This checkout is already ${session.status}.`);
  const subscriptionId = `${TEST_SUBSCRIPTION_PREFIX}${randomBytes(12).toString('hex')}`;
  const customer = `cus_test_${user.user.id}`;
  // The free trial is for a first subscription only; a returning customer pays from day one.
  const returning = Boolean(await currentRecord(deps, user.user.id));
  const trialEnd = returning ? null : now() + TRIAL_DAYS * DAY;
  // Calendar months and years, as Stripe bills and as the subscription clock renews (interval '1 month').
  const periodEnd = trialEnd ?? seconds(session.plan === 'annual' ? addYears(new Date(), 1) : addMonths(new Date(), 1));
  const subscription = testSubscription({
    id: subscriptionId,
    customer,
    userId: user.user.id,
    priceId: session.priceId,
    status: returning ? 'active' : 'trialing',
    trialEnd,
    periodEnd,
    cancelAtPeriodEnd: false,
    discountPercent: null,
    discountEnd: null,
    created: now(),
  });
  await emitTestEvents(deps, [
    testEvent('checkout.session.completed', {
      id: session.id,
      object: 'checkout.session',
      created: seconds(session.createdAt),
      mode: 'subscription',
      client_reference_id: user.user.id,
      customer,
      subscription: subscriptionId,
      metadata: { userId: user.user.id, plan: session.plan },
      status: 'complete',
    }),
    testEvent('customer.subscription.created', subscription),
    testEvent('invoice.paid', { id: `in_test_${randomBytes(8).toString('hex')}`, object: 'invoice', customer, subscription: subscriptionId, amount_paid: 0 }),
  ]);
  return { redirectUrl: `/checkout/success?session_id=${encodeURIComponent(session.id)}` };
}

export async function cancelTestCheckout(deps: BillingDeps, user: AuthContext, id: string): Promise<{ redirectUrl: string }> {
  const session = await ownTestSession(deps, user, id);
  if (session.status === 'open') await deps.database.db.update(checkoutSessions).set({ status: 'canceled' }).where(eq(checkoutSessions.id, id));
  return { redirectUrl: '/pricing?checkout=canceled' };
}

/** Test mode: the subscription as Stripe would now describe it, with some fields changed. */
export function testSubscriptionFrom(record: StoredSubscription, userId: string, changes: Partial<TestSubscriptionFields>) {
  const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);
  return testSubscription({
    id: record.stripeSubscriptionId!,
    customer: record.stripeCustomerId ?? `cus_test_${userId}`,
    userId,
    priceId: record.priceId ?? PLANS.monthly.priceId,
    status: record.status,
    trialEnd: seconds(record.trialEnd),
    periodEnd: seconds(record.currentPeriodEnd) ?? now(),
    cancelAtPeriodEnd: record.cancelAtPeriodEnd,
    discountPercent: record.discountPercent,
    discountEnd: seconds(record.discountEndsAt),
    ...changes,
  });
}
