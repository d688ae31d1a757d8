// The Stripe SDK, pointed at Stripe or (tests) at a local stand-in. Test mode has no API key: the SDK
// is then only used for its webhook signing and verification, which need no network.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { PLANS, type PlanId } from '@fundwire/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { appMeta } from '../../db/schema/index.js';

export interface Billing {
  mode: 'stripe' | 'test';
  stripe: Stripe;
  webhookSecret: string;
  priceIds: Record<PlanId, string>;
  planForPrice(priceId: string | null | undefined): PlanId | null;
}

const TEST_WEBHOOK_SECRET_KEY = 'test_webhook_secret';

export async function createBilling(config: Config, database: Database): Promise<Billing> {
  const live = Boolean(config.stripe.secretKey);
  // Test checkout grants a subscription without payment: never in production.
  if (!live && config.env === 'production') throw new Error('STRIPE_SECRET_KEY must be set in production: test checkout exists only outside production');
  const api = config.stripe.apiUrl ? new URL(config.stripe.apiUrl) : undefined;
  const stripe = new Stripe(config.stripe.secretKey ?? 'sk_test_offline_mode', {
    maxNetworkRetries: live ? 2 : 0,
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
