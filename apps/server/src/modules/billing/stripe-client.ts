// The Stripe SDK, pointed at Stripe or (tests) at a local stand-in. Test mode has no API key: the SDK
// is then only used for its webhook signing and verification, which need no network.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { PLANS, type PlanId } from '@fundwire/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { appMeta } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

export interface Billing {
  mode: 'stripe' | 'test';
  stripe: Stripe;
  webhookSecret: string;
  priceIds: Record<PlanId, string>;
  planForPrice(priceId: string | null | undefined): PlanId | null;
}

const TEST_WEBHOOK_SECRET_KEY = 'test_webhook_secret';

export const PAYMENT_PROVIDER_UNREACHABLE = 'Stripe, our payment provider, could not be reached. Please try again in a few minutes.';
export const PAYMENT_PROVIDER_FAILED = 'Stripe, our payment provider, could not complete this request. Please try again later, or contact support if it keeps happening.';

/**
 * A call to Stripe's API. Stripe out of reach (connection refused, timed out) or refusing is the payment
 * provider's failure, not the caller's: 502 with a message a customer can act on, never a 500 and never
 * Stripe's own wording (it names our ids); Stripe's error is kept as the cause for the log.
 */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    const unreachable = error instanceof Stripe.errors.StripeConnectionError;
    const failure = new AppError(502, unreachable ? 'payment_provider_unreachable' : 'payment_provider_failed', unreachable ? PAYMENT_PROVIDER_UNREACHABLE : PAYMENT_PROVIDER_FAILED);
    failure.cause = error;
    throw failure;
  }
}

/** Per attempt; the SDK retries a failed connection twice, so a Stripe that does not answer costs about 30 s, not minutes. */
const STRIPE_TIMEOUT_MS = 10_000;

export async function createBilling(config: Config, database: Database): Promise<Billing> {
  const live = Boolean(config.stripe.secretKey);
  // Test checkout grants a subscription without payment: never in production.
  if (!live && config.env === 'production') throw new Error('STRIPE_SECRET_KEY must be set in production: test checkout exists only outside production');
  const api = config.stripe.apiUrl ? new URL(config.stripe.apiUrl) : undefined;
  const stripe = new Stripe(config.stripe.secretKey ?? 'sk_test_offline_mode', {
    maxNetworkRetries: live ? 2 : 0,
    timeout: STRIPE_TIMEOUT_MS,
    ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'https:' ? 'https' : 'http' } : {}),
  });
  let webhookSecret = config.stripe.webhookSecret;
  if (!live) {
    // Test mode signs its own events with a secret kept in the database (shared by every instance).
    await database.db.insert(appMeta).values({ key: TEST_WEBHOOK_SECRET_KEY, value: `whsec_${randomBytes(24).toString('hex')}` }).onConflictDoNothing();
    const [row] = await database.db.select().from(appMeta).where(eq(appMeta.key, TEST_WEBHOOK_SECRET_KEY));
    webhookSecret = row?.value;
  }
  const priceIds: Record<PlanId, string> = {
    monthly: config.stripe.priceMonthly ?? PLANS.monthly.priceId,
    annual: config.stripe.priceAnnual ?? PLANS.annual.priceId,
  };
  return {
    mode: live ? 'stripe' : 'test',
    stripe,
    webhookSecret: webhookSecret ?? '',
    priceIds,
    planForPrice: (priceId) => (priceId === priceIds.monthly ? 'monthly' : priceId === priceIds.annual ? 'annual' : null),
  };
}
