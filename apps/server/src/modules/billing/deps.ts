// What every billing file shares: its dependencies, the clock in Stripe's seconds, and the stored subscription.
import { eq } from 'drizzle-orm';
import type { PlanId } from '@fundwire/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { subscriptions } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import { isLeftoverTestSubscription } from '../../plugins/access.js';
import type { Billing } from './stripe-client.js';

export interface BillingDeps {
  config: Config;
  database: Database;
  billing: Billing;
  /** Called after a user's subscription changed, once the change is committed (drops cached sessions). */
  onChange?: (userId: string) => void;
}

export const now = () => Math.floor(Date.now() / 1000);
export const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
export const DAY = 86_400;
export const RETENTION_COUPON_ID = 'fundwire-retention-50-off-3-months';

/** The account's stored subscription; with Stripe, one left by test mode counts as none (decision 034). */
export async function currentRecord(deps: BillingDeps, userId: string) {
  const [row] = await deps.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row && !isLeftoverTestSubscription(deps.billing.mode, row.stripeSubscriptionId) ? row : undefined;
}

export function planFromPrice(deps: BillingDeps, priceId: string): PlanId {
  const plan = deps.billing.planForPrice(priceId);
  if (!plan) throw badRequest(`priceId must be one of ${Object.values(deps.billing.priceIds).join(', ')}`);
  return plan;
}

/** The stored subscription row (with Stripe's ids), as opposed to the account's view of it. */
export type StoredSubscription = NonNullable<Awaited<ReturnType<typeof currentRecord>>>;
