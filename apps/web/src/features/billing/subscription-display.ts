// How a subscription reads on the profile: status colour and label, plan name, dates, discount, and
// which action (cancel or reactivate) it offers. Pure, so the wording is tested without a browser.
import { PLANS, type MeSubscription } from '@fundwire/shared';
import { format, isValid, parseISO } from 'date-fns';
import { parseCalendarDate } from '../../lib/format';
import { discountedPrice, formatPricePerPeriod, planForPriceId, type PlanPriceIds } from './pricing';

/** The subscription as GET /api/me reports it (one shape, from @fundwire/shared). */
export type SubscriptionView = MeSubscription;

/** Stripe statuses that grant access (docs/product/DECISIONS.md: the advertised trial grants access). */
const ACCESS_STATUSES = new Set(['active', 'trialing']);

export function grantsAccess(status: string): boolean {
  return ACCESS_STATUSES.has(status);
}

export type StatusTone = 'success' | 'destructive';

/** Green for a subscription that grants access, red for anything else (docs/product/SPEC.md "Profile"). */
export function subscriptionStatusTone(status: string): StatusTone {
  return grantsAccess(status) ? 'success' : 'destructive';
}

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Past due',
  unpaid: 'Unpaid',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  paused: 'Paused',
};

/** "Active", "Trial", "Past due"; an unknown status is shown as words ("some_state" -> "Some state"). */
export function subscriptionStatusLabel(status: string): string {
  const known = STATUS_LABELS[status];
  if (known) return known;
  const words = status.replace(/[_-]+/g, ' ').trim();
  if (words === '') return 'Unknown';
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

/**
 * "Monthly ($79/month)" from the plan id (or, failing that, from a known price id); the raw price id
 * when the plan is not known; null with neither.
 */
export function planLabel(subscription: Pick<SubscriptionView, 'plan' | 'priceId'>, priceIds?: PlanPriceIds): string | null {
  const plan = subscription.plan ? PLANS[subscription.plan] : priceIds ? planForPriceId(subscription.priceId, priceIds) : null;
  if (plan) return `${plan.name} (${formatPricePerPeriod(plan.price, plan.period)})`;
  return subscription.priceId;
}

/**
 * "March 15, 2026" in the viewer's time zone, from an ISO timestamp or a calendar date (YYYY-MM-DD,
 * taken as that day wherever the viewer is). Null for a missing or unreadable value.
 */
export function formatBillingDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = parseCalendarDate(value) ?? parseISO(value);
  return isValid(date) ? format(date, 'MMMM d, yyyy') : null;
}

/** The day a scheduled cancellation takes effect: willCancelAt, else the end of the current period. */
export function cancellationDate(subscription: SubscriptionView): string | null {
  if (!subscription.cancelAtPeriodEnd) return null;
  return formatBillingDate(subscription.willCancelAt) ?? formatBillingDate(subscription.currentPeriodEnd);
}

/** "Will cancel on March 15, 2026" when a cancellation is scheduled; null otherwise. */
export function willCancelText(subscription: SubscriptionView): string | null {
  if (!subscription.cancelAtPeriodEnd) return null;
  const date = cancellationDate(subscription);
  return date ? `Will cancel on ${date}` : 'Will cancel at the end of the billing period';
}

/** "50% off until June 1, 2026", or "50% off" without an end date; null without a discount. */
export function discountText(subscription: Pick<SubscriptionView, 'discountPercent' | 'discountEndsAt'>): string | null {
  const percent = subscription.discountPercent;
  if (percent === null || !Number.isFinite(percent) || percent <= 0) return null;
  const until = formatBillingDate(subscription.discountEndsAt);
  const rounded = Number.isInteger(percent) ? String(percent) : percent.toFixed(1);
  return until ? `${rounded}% off until ${until}` : `${rounded}% off`;
}

/** What the profile offers: cancel an active subscription, undo a scheduled cancellation, or nothing. */
export type SubscriptionAction = 'cancel' | 'reactivate' | 'none';

export function subscriptionAction(subscription: Pick<SubscriptionView, 'status' | 'cancelAtPeriodEnd'>): SubscriptionAction {
  if (!grantsAccess(subscription.status)) return 'none';
  return subscription.cancelAtPeriodEnd ? 'reactivate' : 'cancel';
}

/** One sentence on where the subscription stands, shown under the profile's Subscription heading. */
export function subscriptionSummary(subscription: SubscriptionView): string {
  const plan = subscription.plan ? PLANS[subscription.plan] : null;
  const planName = plan ? `${plan.name} plan` : 'subscription';
  const periodEnd = formatBillingDate(subscription.currentPeriodEnd);

  switch (subscription.status) {
    case 'trialing': {
      const trialEnd = formatBillingDate(subscription.trialEnd) ?? periodEnd;
      if (subscription.cancelAtPeriodEnd) {
        const endsOn = cancellationDate(subscription) ?? trialEnd;
        return endsOn
          ? `Your free trial ends on ${endsOn} and will not renew.`
          : 'Your free trial will end without renewing.';
      }
      // A retention discount lowers what the first bills after the trial cost.
      const percent = discountText(subscription) ? subscription.discountPercent : null;
      const then = plan
        ? `, then ${formatPricePerPeriod(percent ? discountedPrice(plan.price, percent) : plan.price, plan.period)}${percent ? ' with your discount' : ''}`
        : '';
      return trialEnd ? `Your free trial runs until ${trialEnd}${then}.` : `You are on a free trial${then}.`;
    }
    case 'active': {
      if (subscription.cancelAtPeriodEnd) {
        const endsOn = cancellationDate(subscription);
        return endsOn
          ? `Your ${planName} ends on ${endsOn}. You keep full access until then.`
          : `Your ${planName} ends at the end of the billing period.`;
      }
      return periodEnd ? `Your ${planName} renews on ${periodEnd}.` : `Your ${planName} is active.`;
    }
    case 'past_due':
    case 'unpaid':
      return 'Your last payment did not go through, so access is paused. Update your payment details to continue.';
    case 'incomplete':
      return 'Your checkout was not completed. Choose a plan to subscribe.';
    case 'canceled':
    case 'incomplete_expired':
      return 'Your subscription has ended. Choose a plan to subscribe again.';
    default:
      return `Your subscription is ${subscriptionStatusLabel(subscription.status).toLowerCase()}.`;
  }
}
