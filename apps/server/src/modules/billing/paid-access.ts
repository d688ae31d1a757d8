// "Has paid access now": the one check every paid channel makes at the moment it delivers (saved-search mail,
// Slack, webhook, alert digests, and any channel added later, such as a CRM push). It is the API's own rule
// (plugins/access.ts): the admin, or an account whose subscription isActive, read from the database now; with
// Stripe (always in production), a subscription left by the test checkout grants nothing (decision 034).
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { subscriptions, users } from '../../db/schema/index.js';
import { isActive, isAdminAccount, isLeftoverTestSubscription, toSubscriptionRecord } from '../../plugins/access.js';

/** Said wherever a delivery is held back for this reason (the deliveries log, the digest's skip reason). */
export const PAUSED_NO_SUBSCRIPTION = 'Not sent: alerts are paused while the account has no active subscription.';

/** Who is paid for: ADMIN_EMAIL (paid access without a subscription), and the payment provider in use. */
export interface PaidAccessRule {
  adminEmail: string;
  /** app.billing.mode; with 'stripe', `sub_test_…` subscriptions count as none. */
  billingMode: 'stripe' | 'test';
}

/** Of these accounts (ids, or a subquery of ids), those with paid access at this moment. */
export async function withPaidAccessNow(db: Db, rule: PaidAccessRule, userIds: readonly string[] | SQL, now = Date.now()): Promise<Set<string>> {
  const ids = Array.isArray(userIds) ? [...new Set(userIds as readonly string[])] : (userIds as SQL);
  if (Array.isArray(ids) && ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified, subscription: subscriptions })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(inArray(users.id, ids));
  const paid = new Set<string>();
  for (const row of rows) {
    const subscription = row.subscription && !isLeftoverTestSubscription(rule.billingMode, row.subscription.stripeSubscriptionId) ? row.subscription : null;
    if (isAdminAccount(row, rule.adminEmail) || isActive(subscription ? toSubscriptionRecord(subscription) : null, now)) paid.add(row.id);
  }
  return paid;
}

/** True when the account may receive paid data right now. */
export async function hasPaidAccessNow(db: Db, rule: PaidAccessRule, userId: string, now = Date.now()): Promise<boolean> {
  return (await withPaidAccessNow(db, rule, [userId], now)).has(userId);
}
