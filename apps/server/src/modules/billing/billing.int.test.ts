import { rmSync } from 'node:fs';
import net from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../../app.js';
import { cancellationFeedback, checkoutSessions, stripeEvents, subscriptions } from '../../db/schema/index.js';
import { buildTestApp, createTestDatabase, signUp, testConfig, type TestApp } from '../../../test/helpers.js';
import { startSmtpReceiver } from '../../../test/smtp.js';
import { startStripeStandIn, type StripeStandIn } from '../../../test/stripe-stand-in.js';
import { invalidateAuthCache } from '../../plugins/access.js';
import { runSubscriptionClock } from './service.js';
import { PAYMENT_PROVIDER_FAILED, PAYMENT_PROVIDER_UNREACHABLE } from './stripe-client.js';

// Each test signs up its own accounts: more than the default per-IP sign-up limit in one app.
const authRateLimits = { signUpPerIp: 1000 };

type Me = { subscription: Record<string, unknown> | null; hasActiveSubscription: boolean };

async function account(t: TestApp, prefix: string) {
  const signed = await signUp(t.app, `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`);
  return { ...signed, headers: { cookie: signed.cookie, origin: t.config.appUrl } };
}

describe('billing in test mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { authRateLimits });
  });
  afterAll(async () => t.close());

  const me = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/me', headers })).json() as Me;

  it('checks out through the test page, grants the 7-day trial, and lets the subscriber read leads', async () => {
    const user = await account(t, 'buyer');
    expect((await t.app.inject({ method: 'GET', url: '/api/leads', headers: user.headers })).statusCode).toBe(403);
    const config = (await t.app.inject({ method: 'GET', url: '/api/public-config' })).json() as { billing: { mode: string; plans: { monthly: { priceId: string } } } };
    expect(config.billing.mode).toBe('test');

    const checkout = await t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: user.headers, payload: { priceId: config.billing.plans.monthly.priceId, userId: 'someone-else', email: 'x@y.z' } });
    expect(checkout.statusCode).toBe(200);
    const { id, url } = checkout.json() as { id: string; url: string };
    expect(url).toBe(`${t.config.appUrl}/checkout/test/${id}`);

    const page = (await t.app.inject({ method: 'GET', url: `/api/checkout/test/${id}`, headers: user.headers })).json();
    expect(page).toMatchObject({ status: 'open', email: user.email, plan: { id: 'monthly', price: 79, period: 'month' }, trialDays: 7 });
    const stranger = await account(t, 'stranger');
    expect((await t.app.inject({ method: 'GET', url: `/api/checkout/test/${id}`, headers: stranger.headers })).statusCode).toBe(404);

    const paid = await t.app.inject({ method: 'POST', url: `/api/checkout/test/${id}/pay`, headers: user.headers });
    expect(paid.json()).toEqual({ redirectUrl: `/checkout/success?session_id=${id}` });
    const after = await me(user.headers);
    expect(after.hasActiveSubscription).toBe(true);
    expect(after.subscription).toMatchObject({ status: 'trialing', plan: 'monthly', cancelAtPeriodEnd: false });
    const trialDays = (Date.parse(String(after.subscription!.trialEnd)) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(6.9);
    expect(trialDays).toBeLessThanOrEqual(7);
    expect((await t.app.inject({ method: 'GET', url: '/api/leads', headers: user.headers })).statusCode).toBe(200);

    expect((await t.app.inject({ method: 'POST', url: `/api/checkout/test/${id}/pay`, headers: user.headers })).statusCode).toBe(409);
    const again = await t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: user.headers, payload: { priceId: config.billing.plans.monthly.priceId } });
    expect(again.statusCode).toBe(409);
    const badPrice = await t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: stranger.headers, payload: { priceId: 'price_unknown' } });
    expect(badPrice.statusCode).toBe(400);
  });

  async function subscribed(prefix: string) {
    const user = await account(t, prefix);
    const { id } = (await t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: user.headers, payload: { priceId: 'price_fundwire_annual' } })).json() as { id: string };
    await t.app.inject({ method: 'POST', url: `/api/checkout/test/${id}/pay`, headers: user.headers });
    return user;
  }

  it('stores feedback, cancels at period end, reactivates, and applies the retention offer', async () => {
    const user = await subscribed('canceller');
    const feedback = await t.app.inject({ method: 'POST', url: '/api/submit-feedback', headers: user.headers, payload: { userId: 'ignored', reason: 'too_expensive', details: 'Budget cuts', email: 'x', subscriptionStatus: 'x', priceId: 'x' } });
    expect(feedback.statusCode).toBe(201);
    const [stored] = await t.database.db.select().from(cancellationFeedback).where(eq(cancellationFeedback.userId, user.userId));
    expect(stored).toMatchObject({ reason: 'too_expensive', details: 'Budget cuts', email: user.email, subscriptionStatus: 'trialing', priceId: 'price_fundwire_annual' });
    expect((await t.app.inject({ method: 'POST', url: '/api/submit-feedback', headers: user.headers, payload: { reason: 'because' } })).statusCode).toBe(400);

    const cancelled = await t.app.inject({ method: 'POST', url: '/api/cancel-subscription', headers: user.headers, payload: { userId: user.userId } });
    expect(cancelled.statusCode).toBe(200);
    let state = await me(user.headers);
    expect(state.subscription).toMatchObject({ cancelAtPeriodEnd: true, willCancelAt: state.subscription!.currentPeriodEnd });
    expect(state.hasActiveSubscription).toBe(true);

    await t.app.inject({ method: 'POST', url: '/api/reactivate-subscription', headers: user.headers, payload: {} });
    state = await me(user.headers);
    expect(state.subscription).toMatchObject({ cancelAtPeriodEnd: false, willCancelAt: null, status: 'trialing' });

    const offer = await t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: user.headers, payload: { priceId: 'price_fundwire_annual', userId: user.userId, discountPercent: 50, discountDuration: 3 } });
    expect(offer.json()).toEqual({ url: `${t.config.appUrl}/profile?offer=applied` });
    state = await me(user.headers);
    expect(state.subscription).toMatchObject({ discountPercent: 50 });
    expect(Date.parse(String(state.subscription!.discountEndsAt))).toBeGreaterThan(Date.now() + 80 * 86_400_000);
  });

  const changePlan = (headers: Record<string, string>, priceId: unknown) => t.app.inject({ method: 'POST', url: '/api/change-plan', headers, payload: { priceId } });

  it('switches a trialing subscriber from Monthly to Annual, keeping the trial', async () => {
    const user = await account(t, 'switch-trial');
    const { id } = (await t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: user.headers, payload: { priceId: 'price_fundwire_monthly' } })).json() as { id: string };
    await t.app.inject({ method: 'POST', url: `/api/checkout/test/${id}/pay`, headers: user.headers });
    const before = await me(user.headers);
    expect(before.subscription).toMatchObject({ plan: 'monthly', status: 'trialing' });

    const switched = await changePlan(user.headers, 'price_fundwire_annual');
    expect(switched.statusCode).toBe(200);
    const after = await me(user.headers);
    expect(after.subscription).toMatchObject({ plan: 'annual', priceId: 'price_fundwire_annual', status: 'trialing', trialEnd: before.subscription!.trialEnd, currentPeriodEnd: before.subscription!.currentPeriodEnd });
    expect(after.hasActiveSubscription).toBe(true);

    const again = await changePlan(user.headers, 'price_fundwire_annual');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'You are already on the Annual plan.' });
  });

  it('starts a year-long period when a paying subscriber switches to Annual', async () => {
    const user = await account(t, 'switch-paid');
    const { id } = (await t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: user.headers, payload: { priceId: 'price_fundwire_monthly' } })).json() as { id: string };
    await t.app.inject({ method: 'POST', url: `/api/checkout/test/${id}/pay`, headers: user.headers });
    // The trial is over: the subscription is a paying monthly one.
    await t.database.db.update(subscriptions).set({ status: 'active', trialEnd: null }).where(eq(subscriptions.userId, user.userId));
    invalidateAuthCache(t.app, user.userId);
    expect((await changePlan(user.headers, 'price_fundwire_annual')).statusCode).toBe(200);
    const after = await me(user.headers);
    expect(after.subscription).toMatchObject({ plan: 'annual', status: 'active' });
    const days = (Date.parse(String(after.subscription!.currentPeriodEnd)) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);
  });

  it('refuses a plan change without a subscription, or to an unknown price, with 4xx and a message', async () => {
    const free = await account(t, 'switch-free');
    const none = await changePlan(free.headers, 'price_fundwire_annual');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ error: 'There is no subscription to change.' });
    const user = await subscribed('switch-bad');
    for (const priceId of ['price_unknown', '', 42, null]) {
      const response = await changePlan(user.headers, priceId);
      expect(response.statusCode, String(priceId)).toBe(400);
      expect(typeof response.json().error).toBe('string');
    }
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId));
    expect(row?.plan).toBe('annual');
  });

  const offer = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers, payload: { discountPercent: 50, discountDuration: 3 } });
  const feedback = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/submit-feedback', headers, payload: { reason: 'too_expensive', details: '' } });

  it('grants the retention offer once per account, and only in the cancellation flow', async () => {
    const user = await subscribed('offer-once');
    const outside = await offer(user.headers);
    expect(outside.statusCode).toBe(409);
    expect(outside.json()).toEqual({ error: 'The retention offer is only available while cancelling' });

    expect((await feedback(user.headers)).statusCode).toBe(201);
    expect((await offer(user.headers)).statusCode).toBe(200);
    const [granted] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId));
    expect(granted?.discountPercent).toBe(50);
    expect(granted?.retentionOfferUsedAt).toBeInstanceOf(Date);

    // A repeat, even after a fresh feedback, neither succeeds nor renews the 90 days.
    await feedback(user.headers);
    const repeat = await offer(user.headers);
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toEqual({ error: 'The retention offer has already been used' });
    const [after] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId));
    expect(after?.discountEndsAt).toEqual(granted?.discountEndsAt);
    expect(after?.retentionOfferUsedAt).toEqual(granted?.retentionOfferUsedAt);
  });

  it('refuses the retention offer after stale feedback, without a subscription, and when no longer active', async () => {
    const stale = await subscribed('offer-stale');
    await t.database.db.insert(cancellationFeedback).values({ id: `fb-${stale.userId}`, userId: stale.userId, reason: 'too_expensive', email: stale.email, createdAt: new Date(Date.now() - 61 * 60_000) });
    const late = await offer(stale.headers);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'The retention offer is only available while cancelling' });

    const free = await account(t, 'offer-free');
    await feedback(free.headers);
    const none = await offer(free.headers);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ error: 'The retention offer is only available while cancelling' });

    const lapsed = await subscribed('offer-lapsed');
    await feedback(lapsed.headers);
    await t.database.db.update(subscriptions).set({ status: 'past_due' }).where(eq(subscriptions.userId, lapsed.userId));
    expect((await offer(lapsed.headers)).statusCode).toBe(409);
    for (const user of [stale, free, lapsed]) {
      const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId));
      expect(row?.retentionOfferUsedAt ?? null).toBeNull();
      expect(row?.discountPercent ?? null).toBeNull();
    }
  });

  it('gives the retention offer to only one of two concurrent requests', async () => {
    const user = await subscribed('offer-race');
    await feedback(user.headers);
    const responses = await Promise.all([offer(user.headers), offer(user.headers), offer(user.headers)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId));
    expect(row).toMatchObject({ discountPercent: 50 });
  });

  it('ignores a signed late event for an earlier subscription: the current one stays as it is', async () => {
    const user = await subscribed('late-test');
    const [first] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId));
    const oldId = first!.stripeSubscriptionId!;
    // The first subscription ends; the customer subscribes again (a new subscription id).
    await t.app.inject({ method: 'POST', url: '/api/cancel-subscription', headers: user.headers, payload: {} });
    await t.database.db.update(subscriptions).set({ currentPeriodEnd: new Date(Date.now() - 60_000) }).where(eq(subscriptions.userId, user.userId));
    await runSubscriptionClock({ config: t.config, database: t.database, billing: t.app.billing });
    invalidateAuthCache(t.app, user.userId); // the clock's notification does this too, a moment later
    await new Promise((resolve) => setImmediate(resolve));
    const checkout = await t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: user.headers, payload: { priceId: 'price_fundwire_monthly' } });
    const { id } = checkout.json() as { id: string };
    await t.app.inject({ method: 'POST', url: `/api/checkout/test/${id}/pay`, headers: user.headers });
    const [current] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId));
    expect(current).toMatchObject({ status: 'active' });
    expect(current!.stripeSubscriptionId).not.toBe(oldId);

    const created = Math.floor(Date.now() / 1000) + 5;
    const late = JSON.stringify({
      id: `evt_late_${user.userId}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      created,
      livemode: false,
      data: { object: { id: oldId, object: 'subscription', customer: `cus_test_${user.userId}`, status: 'canceled', metadata: { userId: user.userId }, cancel_at_period_end: false, items: { object: 'list', data: [] } } },
    });
    const signature = t.app.billing.stripe.webhooks.generateTestHeaderString({ payload: late, secret: t.app.billing.webhookSecret });
    const response = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload: late });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ received: true, outcome: 'ignored' });
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId));
    expect(row).toMatchObject({ status: 'active', stripeSubscriptionId: current!.stripeSubscriptionId, lastEventCreated: current!.lastEventCreated });
    expect(await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, `evt_late_${user.userId}`))).toHaveLength(1);
    expect((await me(user.headers)).hasActiveSubscription).toBe(true);
  });

  it('answers garbage test checkout ids with 4xx, never 5xx', async () => {
    const user = await account(t, 'garbage-ids');
    const ids = ['%00', 'cs_test_%00', `cs_test_${'0'.repeat(31)}%00`, '%E2%80%AE', '%ff', 'x'.repeat(5000), "'%3B%20drop%20table%20users", '..%2F..%2Fapi'];
    for (const id of ids) {
      for (const [method, suffix] of [['GET', ''], ['POST', '/pay'], ['POST', '/cancel']] as const) {
        const response = await t.app.inject({ method, url: `/api/checkout/test/${id}${suffix}`, headers: user.headers });
        expect(response.statusCode, `${method} ${id}${suffix}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${method} ${id}${suffix}`).toBeLessThan(500);
        expect(typeof response.json().error).toBe('string');
      }
    }
  });

  it('ends access when a cancelled period ends, and the clock job marks it canceled', async () => {
    const user = await subscribed('expiring');
    await t.app.inject({ method: 'POST', url: '/api/cancel-subscription', headers: user.headers, payload: {} });
    // Advance the clock past the period end (the subscription's end is moved into the past).
    await t.database.db.update(subscriptions).set({ currentPeriodEnd: new Date(Date.now() - 60_000) }).where(eq(subscriptions.userId, user.userId));
    // Sessions are cached for up to 5 s; once the cache is refreshed the end of the period counts.
    invalidateAuthCache(t.app, user.userId);
    expect((await t.app.inject({ method: 'GET', url: '/api/leads', headers: user.headers })).statusCode).toBe(403);
    const result = await runSubscriptionClock({ config: t.config, database: t.database, billing: t.app.billing });
    expect(result.expired).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId));
    expect(row?.status).toBe('canceled');
    expect((await me(user.headers)).hasActiveSubscription).toBe(false);

    // Coming back, the customer pays from day one: the free trial is for a first subscription.
    const { id } = (await t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: user.headers, payload: { priceId: 'price_fundwire_monthly' } })).json() as { id: string };
    expect((await t.app.inject({ method: 'GET', url: `/api/checkout/test/${id}`, headers: user.headers })).json().trialDays).toBe(0);
    await t.app.inject({ method: 'POST', url: `/api/checkout/test/${id}/pay`, headers: user.headers });
    const back = await me(user.headers);
    expect(back.hasActiveSubscription).toBe(true);
    expect(back.subscription).toMatchObject({ status: 'active', plan: 'monthly', trialEnd: null });
  });

  it('tells an open page about a status change within 2 s (server-sent events)', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await account(t, 'live');
    const abort = new AbortController();
    const stream = await fetch(`${base}/api/me/events`, { headers: { cookie: user.cookie }, signal: abort.signal });
    const reader = stream.body!.getReader();
    let text = '';
    const read = async (until: (text: string) => boolean) => {
      const deadline = Date.now() + 2_000;
      while (!until(text) && Date.now() < deadline) {
        const chunk = await Promise.race([reader.read(), new Promise<{ value?: undefined }>((resolve) => setTimeout(() => resolve({}), 250))]);
        if (chunk.value) text += new TextDecoder().decode(chunk.value);
      }
      return until(text);
    };
    expect(await read((seen) => seen.includes('"subscription":null'))).toBe(true);
    const { id } = (await t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: user.headers, payload: { priceId: 'price_fundwire_monthly' } })).json() as { id: string };
    const started = Date.now();
    await t.app.inject({ method: 'POST', url: `/api/checkout/test/${id}/pay`, headers: user.headers });
    expect(await read((seen) => seen.includes('"status":"trialing"'))).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
    abort.abort();
  });
});

describe('billing with Stripe (SDK against a local stand-in)', () => {
  let t: TestApp;
  let standIn: StripeStandIn;
  const webhookSecret = 'whsec_test_fundwire';
  const signer = new Stripe('sk_test_signer');
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await buildTestApp({
      STRIPE_SECRET_KEY: 'sk_test_fundwire',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_MONTHLY: 'price_live_monthly',
      STRIPE_PRICE_ANNUAL: 'price_live_annual',
      STRIPE_API_URL: standIn.url,
    }, { authRateLimits });
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  let eventCounter = 0;
  function event(type: string, object: Record<string, unknown>, created: number) {
    return JSON.stringify({ id: `evt_${type}_${++eventCounter}_${Date.now()}`, object: 'event', type, created, livemode: false, data: { object } });
  }
  function subscriptionObject(id: string, userId: string, status: string, periodEnd: number, extra: Record<string, unknown> = {}) {
    return {
      id,
      object: 'subscription',
      customer: 'cus_live_1',
      status,
      metadata: { userId },
      trial_end: null,
      cancel_at_period_end: false,
      cancel_at: null,
      discounts: [],
      items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', price: { id: 'price_live_monthly', object: 'price' }, current_period_end: periodEnd }] },
      ...extra,
    };
  }
  const deliver = (payload: string, signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret })) =>
    t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });

  it('creates a subscription-mode Checkout Session with the 7-day trial for the session user', async () => {
    const user = await account(t, 'stripe-buyer');
    const response = await t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: user.headers, payload: { priceId: 'price_live_monthly', userId: 'not-me', email: 'not-me@example.com' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const customer = standIn.requests.find((request) => request.path === '/v1/customers')!;
    expect(customer.params.get('email')).toBe(user.email);
    const session = standIn.requests.find((request) => request.path === '/v1/checkout/sessions')!;
    expect(session.params.get('mode')).toBe('subscription');
    expect(session.params.get('client_reference_id')).toBe(user.userId);
    expect(session.params.get('subscription_data[trial_period_days]')).toBe('7');
    expect(session.params.get('allow_promotion_codes')).toBe('true');
    expect(session.params.get('line_items[0][price]')).toBe('price_live_monthly');
    expect(session.params.get('customer')).toMatch(/^cus_standin_/);
  });

  it('applies a valid event once, however often it is delivered', async () => {
    const user = await account(t, 'stripe-repeat');
    const now = Math.floor(Date.now() / 1000);
    const payload = event('customer.subscription.created', subscriptionObject('sub_repeat', user.userId, 'active', now + 30 * 86400), now);
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push((await deliver(payload)).json().outcome);
    expect(outcomes).toEqual(['applied', 'duplicate', 'duplicate']);
    const eventId = (JSON.parse(payload) as { id: string }).id;
    expect(await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId))).toHaveLength(1);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId));
    expect(row).toMatchObject({ status: 'active', plan: 'monthly', stripeSubscriptionId: 'sub_repeat' });
  });

  it('rejects a bad signature with 400 and changes nothing', async () => {
    const user = await account(t, 'stripe-forged');
    const now = Math.floor(Date.now() / 1000);
    const payload = event('customer.subscription.created', subscriptionObject('sub_forged', user.userId, 'active', now + 86400), now);
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    const response = await deliver(payload, forged);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Invalid Stripe signature' });
    expect((await deliver(payload.replace('"active"', '"trialing"'), signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }))).statusCode).toBe(400);
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId))).toHaveLength(0);
  });

  it('ends in the right state when updated arrives before created', async () => {
    const user = await account(t, 'stripe-order');
    const now = Math.floor(Date.now() / 1000);
    const created = event('customer.subscription.created', subscriptionObject('sub_order', user.userId, 'trialing', now + 7 * 86400), now - 60);
    const updated = event('customer.subscription.updated', subscriptionObject('sub_order', user.userId, 'active', now + 37 * 86400, { cancel_at_period_end: true, cancel_at: now + 37 * 86400 }), now);
    expect((await deliver(updated)).json().outcome).toBe('applied');
    expect((await deliver(created)).json().outcome).toBe('ignored');
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId));
    expect(row).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(row!.currentPeriodEnd!.getTime()).toBe((now + 37 * 86400) * 1000);
  });

  it('suspends access when a payment fails (past_due) and restores it when the invoice is paid', async () => {
    const user = await account(t, 'stripe-dunning');
    const now = Math.floor(Date.now() / 1000);
    await deliver(event('customer.subscription.created', subscriptionObject('sub_dunning', user.userId, 'active', now + 86400), now - 10));
    await deliver(event('invoice.payment_failed', { id: 'in_1', object: 'invoice', customer: 'cus_live_1', subscription: 'sub_dunning' }, now - 5));
    const [failed] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId));
    expect(failed?.status).toBe('past_due');
    // The webhook handler dropped the cached session with the change, so the next request sees past_due.
    expect((await t.app.inject({ method: 'GET', url: '/api/leads', headers: user.headers })).statusCode).toBe(403);
    await deliver(event('invoice.paid', { id: 'in_2', object: 'invoice', customer: 'cus_live_1', subscription: 'sub_dunning' }, now));
    const [paid] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId));
    expect(paid?.status).toBe('active');
  });

  it('cancels, reactivates and applies the retention coupon through the Stripe API', async () => {
    const user = await account(t, 'stripe-cancel');
    const now = Math.floor(Date.now() / 1000);
    const subscription = subscriptionObject('sub_cancel', user.userId, 'active', now + 20 * 86400);
    standIn.subscriptions.set('sub_cancel', subscription);
    await deliver(event('customer.subscription.created', subscription, now - 5));
    const cancel = await t.app.inject({ method: 'POST', url: '/api/cancel-subscription', headers: user.headers, payload: {} });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().subscription).toMatchObject({ cancelAtPeriodEnd: true });
    expect(standIn.requests.some((request) => request.path === '/v1/subscriptions/sub_cancel' && request.params.get('cancel_at_period_end') === 'true')).toBe(true);
    const reactivate = await t.app.inject({ method: 'POST', url: '/api/reactivate-subscription', headers: user.headers, payload: {} });
    expect(reactivate.json().subscription).toMatchObject({ cancelAtPeriodEnd: false });
    await t.app.inject({ method: 'POST', url: '/api/submit-feedback', headers: user.headers, payload: { reason: 'too_expensive' } });
    const offer = await t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: user.headers, payload: { discountPercent: 50, discountDuration: 3 } });
    expect(offer.statusCode).toBe(200);
    const coupon = standIn.requests.find((request) => request.path === '/v1/coupons')!;
    expect(coupon.params.get('percent_off')).toBe('50');
    expect(coupon.params.get('duration_in_months')).toBe('3');
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId));
    expect(row?.discountPercent).toBe(50);
    const portal = await t.app.inject({ method: 'POST', url: '/api/billing-portal', headers: user.headers });
    expect(portal.json()).toEqual({ url: 'https://billing.stripe.test/session' });
  });

  it('switches a Stripe subscription from Monthly to Annual with proration', async () => {
    const user = await account(t, 'stripe-switch');
    const now = Math.floor(Date.now() / 1000);
    const subscription = subscriptionObject('sub_switch', user.userId, 'active', now + 20 * 86400);
    standIn.subscriptions.set('sub_switch', subscription);
    await deliver(event('customer.subscription.created', subscription, now - 5));
    const response = await t.app.inject({ method: 'POST', url: '/api/change-plan', headers: user.headers, payload: { priceId: 'price_live_annual' } });
    expect(response.statusCode).toBe(200);
    const update = standIn.requests.find((request) => request.method === 'POST' && request.path === '/v1/subscriptions/sub_switch')!;
    expect(update.params.get('items[0][id]')).toBe('si_1');
    expect(update.params.get('items[0][price]')).toBe('price_live_annual');
    expect(update.params.get('proration_behavior')).toBe('create_prorations');
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId));
    expect(row).toMatchObject({ plan: 'annual', priceId: 'price_live_annual', status: 'active' });
    expect(row!.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 364 * 86_400_000);
    const again = await t.app.inject({ method: 'POST', url: '/api/change-plan', headers: user.headers, payload: { priceId: 'price_live_annual' } });
    expect(again.statusCode).toBe(409);
  });

  it('attaches the retention coupon to the Stripe subscription once, however often it is asked for', async () => {
    const user = await account(t, 'stripe-offer-once');
    const now = Math.floor(Date.now() / 1000);
    const subscription = subscriptionObject('sub_offer_once', user.userId, 'active', now + 20 * 86400);
    standIn.subscriptions.set('sub_offer_once', subscription);
    await deliver(event('customer.subscription.created', subscription, now - 5));
    await t.app.inject({ method: 'POST', url: '/api/submit-feedback', headers: user.headers, payload: { reason: 'too_expensive' } });
    const offer = () => t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: user.headers, payload: { discountPercent: 50, discountDuration: 3 } });
    const concurrent = await Promise.all([offer(), offer()]);
    const later = await offer();
    expect([...concurrent, later].map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    expect(later.json()).toEqual({ error: 'The retention offer has already been used' });
    const couponUpdates = standIn.requests.filter((request) => request.path === '/v1/subscriptions/sub_offer_once' && request.params.has('discounts[0][coupon]'));
    expect(couponUpdates).toHaveLength(1);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId));
    expect(row?.discountPercent).toBe(50);
  });

  it('keeps the retention offer when Stripe fails to apply it', async () => {
    const user = await account(t, 'stripe-offer-fail');
    const now = Math.floor(Date.now() / 1000);
    // The stand-in does not know this subscription, so Stripe answers the update with an error.
    await deliver(event('customer.subscription.created', subscriptionObject('sub_offer_unknown', user.userId, 'active', now + 20 * 86400), now - 5));
    await t.app.inject({ method: 'POST', url: '/api/submit-feedback', headers: user.headers, payload: { reason: 'too_expensive' } });
    const failed = await t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: user.headers, payload: { discountPercent: 50, discountDuration: 3 } });
    // Stripe's refusal is the payment provider's failure: 502, in our words, not Stripe's (which name our ids).
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ error: PAYMENT_PROVIDER_FAILED });
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId));
    expect(row?.retentionOfferUsedAt).toBeNull();
  });

  it('applies a late event for an earlier subscription to nothing: the newer subscription stays active', async () => {
    const user = await account(t, 'stripe-late');
    const now = Math.floor(Date.now() / 1000);
    // The first subscription's payment fails; the customer checks out again with a new subscription.
    await deliver(event('customer.subscription.created', subscriptionObject('sub_late_old', user.userId, 'active', now + 86400), now - 300));
    await deliver(event('invoice.payment_failed', { id: 'in_late_1', object: 'invoice', customer: 'cus_live_1', subscription: 'sub_late_old' }, now - 200));
    expect((await deliver(event('customer.subscription.created', subscriptionObject('sub_late_new', user.userId, 'active', now + 30 * 86400), now - 100))).json().outcome).toBe('applied');
    // Stripe then gives up on the old one; its events come later than the new subscription's.
    const stale = subscriptionObject('sub_late_old', user.userId, 'canceled', now + 86400);
    expect((await deliver(event('customer.subscription.updated', stale, now - 10))).json()).toMatchObject({ received: true, outcome: 'ignored' });
    expect((await deliver(event('customer.subscription.deleted', stale, now))).json()).toMatchObject({ received: true, outcome: 'ignored' });
    expect((await deliver(event('invoice.payment_failed', { id: 'in_late_2', object: 'invoice', customer: 'cus_live_1', subscription: 'sub_late_old' }, now))).json().outcome).toBe('ignored');
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId));
    expect(row).toMatchObject({ status: 'active', stripeSubscriptionId: 'sub_late_new', lastEventCreated: now - 100 });
    expect(row!.currentPeriodEnd!.getTime()).toBe((now + 30 * 86400) * 1000);
  });

  it('never lets a late event revive a deleted subscription, even over a past_due one, and keeps applying the current one', async () => {
    const user = await account(t, 'stripe-revive');
    const now = Math.floor(Date.now() / 1000);
    const leads = async () => (await t.app.inject({ method: 'GET', url: '/api/leads', headers: user.headers })).statusCode;
    const row = async () => (await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId)))[0];
    const a = (status: string) => subscriptionObject('sub_revive_a', user.userId, status, now + 86400, { created: now - 1000 });
    const b = (status: string, extra: Record<string, unknown> = {}) => subscriptionObject('sub_revive_b', user.userId, status, now + 30 * 86400, { created: now - 500, ...extra });
    const outcome = async (payload: string) => {
      const response = await deliver(payload);
      expect(response.statusCode).toBe(200);
      return (response.json() as { outcome: string }).outcome;
    };
    // Subscription A ends (deleted); the customer comes back with B, whose payment then fails.
    expect(await outcome(event('customer.subscription.created', a('active'), now - 1000))).toBe('applied');
    expect(await outcome(event('customer.subscription.deleted', a('canceled'), now - 900))).toBe('applied');
    const checkoutB = { id: 'cs_revive_b', object: 'checkout.session', created: now - 510, client_reference_id: user.userId, customer: 'cus_live_1', subscription: 'sub_revive_b' };
    expect(await outcome(event('checkout.session.completed', checkoutB, now - 505))).toBe('applied');
    expect(await outcome(event('customer.subscription.created', b('active'), now - 500))).toBe('applied');
    expect(await leads()).toBe(200);
    expect(await outcome(event('invoice.payment_failed', { id: 'in_revive_b1', object: 'invoice', customer: 'cus_live_1', subscription: 'sub_revive_b' }, now - 400))).toBe('applied');
    expect(await row()).toMatchObject({ status: 'past_due', stripeSubscriptionId: 'sub_revive_b' });

    // Late events for A, whenever they are dated: none changes the account.
    const late = [
      event('customer.subscription.updated', a('active'), now - 950),
      event('customer.subscription.updated', a('active'), now - 300),
      event('checkout.session.completed', { ...checkoutB, id: 'cs_revive_a', created: now - 1010, subscription: 'sub_revive_a' }, now - 1005),
      event('invoice.paid', { id: 'in_revive_a', object: 'invoice', customer: 'cus_live_1', subscription: 'sub_revive_a' }, now - 250),
    ];
    for (const payload of late) expect(await outcome(payload), payload).toBe('ignored');
    expect(await row()).toMatchObject({ status: 'past_due', stripeSubscriptionId: 'sub_revive_b', lastEventCreated: now - 400 });
    expect(await leads()).toBe(403);
    expect(((await t.app.inject({ method: 'GET', url: '/api/me', headers: user.headers })).json() as Me).hasActiveSubscription).toBe(false);

    // B's later events are still applied.
    expect(await outcome(event('invoice.paid', { id: 'in_revive_b2', object: 'invoice', customer: 'cus_live_1', subscription: 'sub_revive_b' }, now - 200))).toBe('applied');
    expect(await row()).toMatchObject({ status: 'active', stripeSubscriptionId: 'sub_revive_b' });
    expect(await leads()).toBe(200);
    expect(await outcome(event('customer.subscription.updated', b('active', { cancel_at_period_end: true, cancel_at: now + 30 * 86400 }), now - 100))).toBe('applied');
    expect(await row()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, stripeSubscriptionId: 'sub_revive_b' });
  });

  it('never lets an older subscription take the place of a newer past_due one', async () => {
    const user = await account(t, 'stripe-older');
    const now = Math.floor(Date.now() / 1000);
    const row = async () => (await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId)))[0];
    // A's payment fails; the customer subscribes again (B), and B's payment fails too. A was never deleted.
    await deliver(event('customer.subscription.created', subscriptionObject('sub_older_a', user.userId, 'active', now + 86400, { created: now - 1000 }), now - 1000));
    await deliver(event('invoice.payment_failed', { id: 'in_older_a', object: 'invoice', customer: 'cus_live_1', subscription: 'sub_older_a' }, now - 900));
    const b = subscriptionObject('sub_older_b', user.userId, 'active', now + 30 * 86400, { created: now - 500 });
    expect((await deliver(event('customer.subscription.created', b, now - 500))).json().outcome).toBe('applied');
    await deliver(event('invoice.payment_failed', { id: 'in_older_b', object: 'invoice', customer: 'cus_live_1', subscription: 'sub_older_b' }, now - 400));
    expect(await row()).toMatchObject({ status: 'past_due', stripeSubscriptionId: 'sub_older_b' });
    // A recovers later on Stripe's side; its event must not take the account back from B.
    const revived = await deliver(event('customer.subscription.updated', subscriptionObject('sub_older_a', user.userId, 'active', now + 30 * 86400, { created: now - 1000 }), now - 100));
    expect(revived.json()).toEqual({ received: true, outcome: 'ignored', ignored: "Not the account's current subscription" });
    expect(await row()).toMatchObject({ status: 'past_due', stripeSubscriptionId: 'sub_older_b' });
    expect((await t.app.inject({ method: 'GET', url: '/api/leads', headers: user.headers })).statusCode).toBe(403);
  });

  it('acknowledges an event for an account that does not exist with 200, and writes no subscription', async () => {
    const now = Math.floor(Date.now() / 1000);
    const created = event('customer.subscription.created', subscriptionObject('sub_nobody', 'no-such-user', 'active', now + 86400), now);
    const response = await deliver(created);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'ignored', ignored: 'No account for this event' });
    expect((await deliver(created)).json()).toMatchObject({ outcome: 'duplicate' });
    const checkout = event('checkout.session.completed', { id: 'cs_nobody', object: 'checkout.session', client_reference_id: 'no-such-user', customer: 'cus_nobody', subscription: 'sub_nobody' }, now);
    expect((await deliver(checkout)).json()).toEqual({ received: true, outcome: 'ignored', ignored: 'No account for this event' });
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, 'sub_nobody'))).toHaveLength(0);
  });

  it('rejects malformed signed events with 400 and writes nothing', async () => {
    const user = await account(t, 'stripe-malformed');
    const now = Math.floor(Date.now() / 1000);
    const sub = (extra: Record<string, unknown>) => subscriptionObject('sub_malformed', user.userId, 'active', now + 86400, extra);
    const item = (periodEnd: number) => ({ items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', price: { id: 'price_live_monthly', object: 'price' }, current_period_end: periodEnd }] } });
    const cases: [string, string, RegExp][] = [
      ['period end 1e12', event('customer.subscription.created', sub(item(1e12)), now), /current_period_end/],
      ['period end 9e15', event('customer.subscription.updated', sub(item(9e15)), now), /current_period_end/],
      ['trial end 9e15', event('customer.subscription.created', sub({ trial_end: 9e15 }), now), /trial_end/],
      ['null event id', JSON.stringify({ id: null, object: 'event', type: 'customer.subscription.created', created: now, data: { object: sub({}) } }), /id/],
      ['null subscription id', event('customer.subscription.created', { ...sub({}), id: null }, now), /id/],
      ['huge created', event('customer.subscription.created', sub({}), 9e15), /created/],
      ['no object', JSON.stringify({ id: 'evt_no_object', object: 'event', type: 'invoice.paid', created: now, data: null }), /data/],
      ['null invoice id', event('invoice.paid', { id: null, object: 'invoice', subscription: 'sub_malformed' }, now), /id/],
      ['null session id', event('checkout.session.completed', { id: null, object: 'checkout.session', client_reference_id: user.userId, subscription: 'sub_malformed' }, now), /id/],
    ];
    for (const [name, payload, message] of cases) {
      const response = await deliver(payload);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().error, name).toMatch(/^Invalid Stripe event: /);
      expect(response.json().error, name).toMatch(message);
    }
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId))).toHaveLength(0);
    const ids = cases.map(([, payload]) => (JSON.parse(payload) as { id: unknown }).id).filter((id): id is string => typeof id === 'string');
    for (const id of ids) expect(await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, id))).toHaveLength(0);
  });

  it('rejects a signature dated more than 5 minutes ahead', async () => {
    const user = await account(t, 'stripe-future');
    const now = Math.floor(Date.now() / 1000);
    const payload = event('customer.subscription.created', subscriptionObject('sub_future', user.userId, 'active', now + 86400), now);
    const future = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp: now + 600 });
    const response = await deliver(payload, future);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Stripe signature timestamp is in the future' });
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId))).toHaveLength(0);
    // A little clock skew is fine.
    const skewed = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp: now + 60 });
    expect((await deliver(payload, skewed)).json()).toMatchObject({ outcome: 'applied' });
  });
});

const liveStripeEnv = {
  STRIPE_SECRET_KEY: 'sk_test_fundwire',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_fundwire',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fundwire',
  STRIPE_PRICE_MONTHLY: 'price_live_monthly',
  STRIPE_PRICE_ANNUAL: 'price_live_annual',
};
const liveSigner = new Stripe('sk_test_signer');

function signedDelivery(app: TestApp['app'], payload: string) {
  const signature = liveSigner.webhooks.generateTestHeaderString({ payload, secret: liveStripeEnv.STRIPE_WEBHOOK_SECRET });
  return app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
}

function liveEvent(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
  return JSON.stringify({ id: `evt_${type}_${Math.random().toString(36).slice(2)}`, object: 'event', type, created, livemode: false, data: { object } });
}

function liveSubscription(id: string, userId: string, status: string) {
  const now = Math.floor(Date.now() / 1000);
  return {
    id,
    object: 'subscription',
    created: now,
    customer: 'cus_live_1',
    status,
    metadata: { userId },
    trial_end: null,
    cancel_at_period_end: false,
    cancel_at: null,
    discounts: [],
    items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', price: { id: 'price_live_monthly', object: 'price' }, current_period_end: now + 30 * 86400 }] },
  };
}

describe('billing in production: what test checkout left in the database', () => {
  it('answers every test-mode route with 404, lets test subscriptions grant nothing, and counts them at start-up', { timeout: 60_000 }, async () => {
    const testDatabase = await createTestDatabase();
    const smtp = await startSmtpReceiver();
    const standIn = await startStripeStandIn();
    const devConfig = testConfig();
    const prodConfig = testConfig({ ...liveStripeEnv, NODE_ENV: 'production', SMTP_URL: smtp.url, STRIPE_API_URL: standIn.url, ENCRYPTION_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef' });
    const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
    try {
      // Development, no Stripe keys: one account pays a test checkout, another leaves one open.
      const dev = await buildApp(devConfig, { database: testDatabase.database, logger: false, authRateLimits });
      await dev.ready();
      expect(dev.billing.mode).toBe('test');
      const paid = await signUp(dev, `paid-${unique}@example.com`);
      const paidHeaders = { cookie: paid.cookie, origin: devConfig.appUrl };
      const paidCheckout = (await dev.inject({ method: 'POST', url: '/api/create-checkout-session', headers: paidHeaders, payload: { priceId: 'price_fundwire_monthly' } })).json() as { id: string };
      expect((await dev.inject({ method: 'POST', url: `/api/checkout/test/${paidCheckout.id}/pay`, headers: paidHeaders })).statusCode).toBe(200);
      const waiting = await signUp(dev, `waiting-${unique}@example.com`);
      const waitingHeaders = { cookie: waiting.cookie, origin: devConfig.appUrl };
      const open = (await dev.inject({ method: 'POST', url: '/api/create-checkout-session', headers: waitingHeaders, payload: { priceId: 'price_fundwire_annual' } })).json() as { id: string };
      expect((await dev.inject({ method: 'GET', url: '/api/leads', headers: paidHeaders })).statusCode).toBe(200);
      await dev.close();

      // The same database in production.
      const logs: Record<string, unknown>[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
          callback();
        },
      });
      const base = loggerOptions({ ...prodConfig, logLevel: 'info' });
      const prod = await buildApp(prodConfig, { database: testDatabase.database, logger: typeof base === 'object' && base ? { ...base, stream } : base, authRateLimits });
      try {
        await prod.ready();
        expect(prod.billing.mode).toBe('stripe');
        const startUp = logs.find((line) => 'ignoredTestSubscriptions' in line);
        expect(startUp).toMatchObject({ ignoredTestSubscriptions: 1, ignoredTestCheckoutSessions: 1 });
        expect(String(startUp?.msg)).toContain('ignoring 1 test-mode subscription');

        const eventsBefore = (await testDatabase.database.db.select().from(stripeEvents)).length;
        const asWaiting = { cookie: waiting.cookie, origin: prodConfig.appUrl };
        const asPaid = { cookie: paid.cookie, origin: prodConfig.appUrl };
        for (const [headers, id] of [[asWaiting, open.id], [asPaid, paidCheckout.id]] as const) {
          for (const [method, suffix] of [['GET', ''], ['POST', '/pay'], ['POST', '/cancel']] as const) {
            const response = await prod.inject({ method, url: `/api/checkout/test/${id}${suffix}`, headers });
            expect(response.statusCode, `${method} ${suffix}`).toBe(404);
            expect(response.json()).toEqual({ error: 'No such checkout session' });
          }
        }
        expect((await testDatabase.database.db.select().from(stripeEvents)).length).toBe(eventsBefore);
        expect(await testDatabase.database.db.select().from(subscriptions).where(eq(subscriptions.userId, waiting.userId))).toHaveLength(0);
        const [session] = await testDatabase.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, open.id));
        expect(session?.status).toBe('open');

        // The paid test subscription grants nothing: no leads, no subscription shown, nothing to cancel.
        expect((await prod.inject({ method: 'GET', url: '/api/leads', headers: asPaid })).statusCode).toBe(403);
        expect((await prod.inject({ method: 'GET', url: '/api/me', headers: asPaid })).json()).toMatchObject({ subscription: null, hasActiveSubscription: false });
        const cancel = await prod.inject({ method: 'POST', url: '/api/cancel-subscription', headers: asPaid, payload: {} });
        expect(cancel.statusCode).toBe(409);
        expect(standIn.requests).toHaveLength(0);

        // A real checkout is open to them, as a new Stripe customer, and its subscription replaces the test one.
        const checkout = await prod.inject({ method: 'POST', url: '/api/create-checkout-session', headers: asPaid, payload: { priceId: 'price_live_monthly' } });
        expect(checkout.statusCode).toBe(200);
        const created = standIn.requests.find((request) => request.path === '/v1/checkout/sessions')!;
        expect(created.params.get('customer')).toMatch(/^cus_standin_/);
        const now = Math.floor(Date.now() / 1000);
        const completed = liveEvent('checkout.session.completed', { id: 'cs_real', object: 'checkout.session', created: now, client_reference_id: paid.userId, customer: 'cus_live_1', subscription: 'sub_real' });
        expect((await signedDelivery(prod, completed)).json()).toMatchObject({ outcome: 'applied' });
        expect((await signedDelivery(prod, liveEvent('customer.subscription.created', liveSubscription('sub_real', paid.userId, 'active')))).json()).toMatchObject({ outcome: 'applied' });
        const [row] = await testDatabase.database.db.select().from(subscriptions).where(eq(subscriptions.userId, paid.userId));
        expect(row).toMatchObject({ status: 'active', stripeSubscriptionId: 'sub_real' });
        expect((await prod.inject({ method: 'GET', url: '/api/leads', headers: asPaid })).statusCode).toBe(200);
      } finally {
        await prod.close();
      }
    } finally {
      await testDatabase.dispose();
      await smtp.close();
      await standIn.close();
      for (const config of [devConfig, prodConfig]) {
        rmSync(config.dataDir, { recursive: true, force: true });
        rmSync(config.webDistDir, { recursive: true, force: true });
      }
    }
  });
});

/** A local port nothing listens on: connecting is refused at once. */
async function refusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 9;
}

describe('billing when Stripe cannot be reached', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ...liveStripeEnv, STRIPE_API_URL: `http://127.0.0.1:${await refusedPort()}` }, { authRateLimits });
  });
  afterAll(async () => t.close());

  it('answers checkout, cancel, reactivate, plan change and the billing portal with 502 and a clear message', { timeout: 60_000 }, async () => {
    const user = await account(t, 'unreachable');
    const subscriber = await account(t, 'unreachable-sub');
    expect((await signedDelivery(t.app, liveEvent('customer.subscription.created', liveSubscription('sub_unreachable', subscriber.userId, 'active')))).json()).toMatchObject({ outcome: 'applied' });
    const calls: [typeof user, string, unknown][] = [
      [user, '/api/create-checkout-session', { priceId: 'price_live_monthly' }],
      [subscriber, '/api/cancel-subscription', {}],
      [subscriber, '/api/reactivate-subscription', {}],
      [subscriber, '/api/change-plan', { priceId: 'price_live_annual' }],
      [subscriber, '/api/billing-portal', {}],
    ];
    for (const [caller, url, payload] of calls) {
      const response = await t.app.inject({ method: 'POST', url, headers: caller.headers, payload: payload as Record<string, unknown> });
      expect(response.statusCode, url).toBe(502);
      expect(response.json(), url).toEqual({ error: PAYMENT_PROVIDER_UNREACHABLE });
    }
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, subscriber.userId));
    expect(row).toMatchObject({ status: 'active', plan: 'monthly', cancelAtPeriodEnd: false });
  });

  it('answers 502 when Stripe takes the connection but never answers (a timeout)', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address() as net.AddressInfo;
    const configured = t.app.billing.stripe;
    // The same SDK, with a timeout short enough for a test (the app's own is 10 s per attempt).
    t.app.billing.stripe = new Stripe(liveStripeEnv.STRIPE_SECRET_KEY, { host: '127.0.0.1', port: address.port, protocol: 'http', timeout: 300, maxNetworkRetries: 0 });
    try {
      const user = await account(t, 'timeout');
      const response = await t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: user.headers, payload: { priceId: 'price_live_monthly' } });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ error: PAYMENT_PROVIDER_UNREACHABLE });
      expect(sockets.size).toBeGreaterThan(0);
    } finally {
      t.app.billing.stripe = configured;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
