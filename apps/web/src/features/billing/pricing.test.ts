import { PLANS } from '@fundwire/shared';
import { describe, expect, it } from 'vitest';
import {
  discountedPrice,
  formatPrice,
  formatPricePerPeriod,
  planForPriceId,
  resolvePriceIds,
  subscribeButtonLabel,
  trialThenPriceText,
} from './pricing';

describe('formatPrice', () => {
  it('shows whole dollars without cents and other amounts to the cent', () => {
    expect(formatPrice(79)).toBe('$79');
    expect(formatPrice(790)).toBe('$790');
    expect(formatPrice(1500)).toBe('$1,500');
    expect(formatPrice(39.5)).toBe('$39.50');
    expect(formatPrice(0)).toBe('$0');
  });

  it('adds the period', () => {
    expect(formatPricePerPeriod(79, 'month')).toBe('$79/month');
    expect(formatPricePerPeriod(PLANS.annual.price, PLANS.annual.period)).toBe('$790/year');
  });
});

describe('trialThenPriceText', () => {
  it('names the trial and the price after it', () => {
    expect(trialThenPriceText(7, 79, 'month')).toBe('7-day free trial, then $79/month');
    expect(trialThenPriceText(0, 790, 'year')).toBe('$790/year, starting today');
  });
});

describe('discountedPrice', () => {
  it('takes the percentage off, to the cent', () => {
    expect(discountedPrice(79, 50)).toBe(39.5);
    expect(discountedPrice(790, 50)).toBe(395);
    expect(discountedPrice(79, 0)).toBe(79);
  });
});

describe('subscribeButtonLabel', () => {
  it('offers the trial to newcomers only', () => {
    expect(subscribeButtonLabel(7, false)).toBe('Start 7-day free trial');
    expect(subscribeButtonLabel(7, true)).toBe('Subscribe');
    expect(subscribeButtonLabel(0, false)).toBe('Subscribe');
  });
});

describe('price ids', () => {
  it('uses the server ids when given and the shared test-mode defaults otherwise', () => {
    expect(resolvePriceIds({ monthly: { priceId: 'price_m' }, annual: { priceId: 'price_a' } })).toEqual({
      monthly: 'price_m',
      annual: 'price_a',
    });
    expect(resolvePriceIds(undefined)).toEqual({ monthly: PLANS.monthly.priceId, annual: PLANS.annual.priceId });
  });

  it('finds the plan of a price id', () => {
    const ids = { monthly: 'price_m', annual: 'price_a' };
    expect(planForPriceId('price_a', ids)?.id).toBe('annual');
    expect(planForPriceId(PLANS.monthly.priceId, ids)?.id).toBe('monthly');
    expect(planForPriceId('price_unknown', ids)).toBeNull();
    expect(planForPriceId(null, ids)).toBeNull();
  });
});
