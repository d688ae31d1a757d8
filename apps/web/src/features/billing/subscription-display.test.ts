import { describe, expect, it } from 'vitest';
import {
  cancellationDate,
  discountText,
  formatBillingDate,
  grantsAccess,
  planLabel,
  subscriptionAction,
  subscriptionStatusLabel,
  subscriptionStatusTone,
  subscriptionSummary,
  willCancelText,
  type SubscriptionView,
} from './subscription-display';

// Noon UTC is the same calendar day in every time zone from UTC-11 to UTC+11.
const MARCH_15 = '2026-03-15T12:00:00.000Z';
const MARCH_8 = '2026-03-08T12:00:00.000Z';
const JUNE_1 = '2026-06-01T12:00:00.000Z';

function subscription(overrides: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    status: 'active',
    plan: 'monthly',
    priceId: 'price_fundwire_monthly',
    currentPeriodEnd: MARCH_15,
    trialEnd: null,
    cancelAtPeriodEnd: false,
    willCancelAt: null,
    discountPercent: null,
    discountEndsAt: null,
    ...overrides,
  };
}

describe('subscription status', () => {
  it('is green only for statuses that grant access (active and trialing)', () => {
    expect(subscriptionStatusTone('active')).toBe('success');
    expect(subscriptionStatusTone('trialing')).toBe('success');
    for (const status of ['past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused', 'weird']) {
      expect(subscriptionStatusTone(status)).toBe('destructive');
      expect(grantsAccess(status)).toBe(false);
    }
  });

  it('reads as words', () => {
    expect(subscriptionStatusLabel('active')).toBe('Active');
    expect(subscriptionStatusLabel('trialing')).toBe('Trial');
    expect(subscriptionStatusLabel('past_due')).toBe('Past due');
    expect(subscriptionStatusLabel('incomplete_expired')).toBe('Expired');
    expect(subscriptionStatusLabel('SOME_new-state')).toBe('Some new state');
    expect(subscriptionStatusLabel('')).toBe('Unknown');
  });
});

describe('planLabel', () => {
  it('names the plan and its price from the plan id', () => {
    expect(planLabel({ plan: 'monthly', priceId: 'price_x' })).toBe('Monthly ($79/month)');
    expect(planLabel({ plan: 'annual', priceId: null })).toBe('Annual ($790/year)');
  });

  it('maps a known price id to its plan, and falls back to the raw price id', () => {
    const priceIds = { monthly: 'price_live_m', annual: 'price_live_a' };
    expect(planLabel({ plan: null, priceId: 'price_live_a' }, priceIds)).toBe('Annual ($790/year)');
    expect(planLabel({ plan: null, priceId: 'price_other' }, priceIds)).toBe('price_other');
    expect(planLabel({ plan: null, priceId: 'price_other' })).toBe('price_other');
    expect(planLabel({ plan: null, priceId: null })).toBeNull();
  });
});

describe('formatBillingDate', () => {
  it('formats ISO timestamps and calendar dates as a long date', () => {
    expect(formatBillingDate(MARCH_15)).toBe('March 15, 2026');
    expect(formatBillingDate('2026-01-12')).toBe('January 12, 2026');
  });

  it('returns null for a missing or unreadable value', () => {
    expect(formatBillingDate(null)).toBeNull();
    expect(formatBillingDate(undefined)).toBeNull();
    expect(formatBillingDate('')).toBeNull();
    expect(formatBillingDate('not a date')).toBeNull();
  });
});

describe('willCancelText', () => {
  it('is null unless a cancellation is scheduled', () => {
    expect(willCancelText(subscription({ willCancelAt: MARCH_15 }))).toBeNull();
  });

  it('uses willCancelAt, then the period end, then a generic line', () => {
    const sub = subscription({ cancelAtPeriodEnd: true, willCancelAt: JUNE_1 });
    expect(willCancelText(sub)).toBe('Will cancel on June 1, 2026');
    expect(cancellationDate(sub)).toBe('June 1, 2026');
    expect(willCancelText(subscription({ cancelAtPeriodEnd: true }))).toBe('Will cancel on March 15, 2026');
    expect(willCancelText(subscription({ cancelAtPeriodEnd: true, currentPeriodEnd: null }))).toBe(
      'Will cancel at the end of the billing period',
    );
  });
});

describe('discountText', () => {
  it('shows the percentage and, when known, its end', () => {
    expect(discountText({ discountPercent: 50, discountEndsAt: JUNE_1 })).toBe('50% off until June 1, 2026');
    expect(discountText({ discountPercent: 50, discountEndsAt: null })).toBe('50% off');
    expect(discountText({ discountPercent: 12.5, discountEndsAt: null })).toBe('12.5% off');
  });

  it('is null without a real discount', () => {
    expect(discountText({ discountPercent: null, discountEndsAt: JUNE_1 })).toBeNull();
    expect(discountText({ discountPercent: 0, discountEndsAt: null })).toBeNull();
  });
});

describe('subscriptionAction', () => {
  it('offers cancel to an active or trialing subscription, reactivate once cancelling, nothing otherwise', () => {
    expect(subscriptionAction({ status: 'active', cancelAtPeriodEnd: false })).toBe('cancel');
    expect(subscriptionAction({ status: 'trialing', cancelAtPeriodEnd: false })).toBe('cancel');
    expect(subscriptionAction({ status: 'active', cancelAtPeriodEnd: true })).toBe('reactivate');
    expect(subscriptionAction({ status: 'trialing', cancelAtPeriodEnd: true })).toBe('reactivate');
    expect(subscriptionAction({ status: 'past_due', cancelAtPeriodEnd: false })).toBe('none');
    expect(subscriptionAction({ status: 'canceled', cancelAtPeriodEnd: true })).toBe('none');
  });
});

describe('subscriptionSummary', () => {
  it('says when an active plan renews or ends', () => {
    expect(subscriptionSummary(subscription())).toBe('Your Monthly plan renews on March 15, 2026.');
    expect(subscriptionSummary(subscription({ cancelAtPeriodEnd: true, willCancelAt: MARCH_15 }))).toBe(
      'Your Monthly plan ends on March 15, 2026. You keep full access until then.',
    );
    expect(subscriptionSummary(subscription({ plan: null, currentPeriodEnd: null }))).toBe('Your subscription is active.');
  });

  it('describes a trial with its end date and the price after it', () => {
    const trial = subscription({ status: 'trialing', trialEnd: MARCH_8, currentPeriodEnd: MARCH_8 });
    expect(subscriptionSummary(trial)).toBe('Your free trial runs until March 8, 2026, then $79/month.');
    expect(subscriptionSummary({ ...trial, discountPercent: 50, discountEndsAt: JUNE_1 })).toBe(
      'Your free trial runs until March 8, 2026, then $39.50/month with your discount.',
    );
    expect(subscriptionSummary({ ...trial, cancelAtPeriodEnd: true })).toBe(
      'Your free trial ends on March 8, 2026 and will not renew.',
    );
  });

  it('explains statuses without access', () => {
    expect(subscriptionSummary(subscription({ status: 'past_due' }))).toMatch(/payment did not go through/);
    expect(subscriptionSummary(subscription({ status: 'canceled' }))).toBe(
      'Your subscription has ended. Choose a plan to subscribe again.',
    );
    expect(subscriptionSummary(subscription({ status: 'paused' }))).toBe('Your subscription is paused.');
  });
});
