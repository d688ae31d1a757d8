// Prices as they read in billing screens: "$79", "$39.50", "$79/month", "7-day free trial, then $79/month".
import { PLANS, PLAN_IDS, type Plan, type PlanId } from '@fundwire/shared';

/** Whole dollars without cents ("$790"), otherwise two decimals ("$39.50"). */
export function formatPrice(amount: number): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}

/** "$79/month". */
export function formatPricePerPeriod(price: number, period: string): string {
  return `${formatPrice(price)}/${period}`;
}

/** "7-day free trial, then $79/month"; without a trial, "$79/month, starting today". */
export function trialThenPriceText(trialDays: number, price: number, period: string): string {
  const perPeriod = formatPricePerPeriod(price, period);
  return trialDays > 0 ? `${trialDays}-day free trial, then ${perPeriod}` : `${perPeriod}, starting today`;
}

/** The price after a percentage discount, to the cent: 79 at 50% -> 39.5. */
export function discountedPrice(price: number, percent: number): number {
  return Math.round(price * (100 - percent)) / 100;
}

/** The label of a plan's subscribe button: the trial for newcomers, plain Subscribe for returning subscribers. */
export function subscribeButtonLabel(trialDays: number, hadSubscription: boolean): string {
  return trialDays > 0 && !hadSubscription ? `Start ${trialDays}-day free trial` : 'Subscribe';
}

/** Price ids per plan, as GET /api/public-config reports them. */
export type PlanPriceIds = Record<PlanId, string>;

/** The server's price ids when it sent them; otherwise the test-mode defaults from the shared plans. */
export function resolvePriceIds(configured: { monthly: { priceId: string }; annual: { priceId: string } } | undefined): PlanPriceIds {
  return {
    monthly: configured?.monthly.priceId || PLANS.monthly.priceId,
    annual: configured?.annual.priceId || PLANS.annual.priceId,
  };
}

/** Which plan a price id belongs to, or null. */
export function planForPriceId(priceId: string | null | undefined, priceIds: PlanPriceIds): Plan | null {
  if (!priceId) return null;
  const id = PLAN_IDS.find((planId) => priceIds[planId] === priceId || PLANS[planId].priceId === priceId);
  return id ? PLANS[id] : null;
}
