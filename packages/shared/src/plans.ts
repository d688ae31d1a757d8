// The plans, defined once: the pricing page, the FAQ, checkout and mails all read prices from here.
import { z } from 'zod';

export const PLAN_IDS = ['monthly', 'annual'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** Whole US dollars per period. */
  price: number;
  period: 'month' | 'year';
  description: string;
  features: string[];
  /** Our price id in test mode; STRIPE_PRICE_MONTHLY / STRIPE_PRICE_ANNUAL replace it with Stripe. */
  priceId: string;
  popular: boolean;
  badges: string[];
}

export const TRIAL_DAYS = 7;
export const RETENTION_OFFER = { discountPercent: 50, discountDuration: 3 } as const;

// "Real-time" only where delivery is real time: saved-search alerts (instant email, Slack, webhook), never the weekly
// newsletter or the digest (decision 039).
const FEATURES = [
  'Real-time alerts for your saved searches (email, Slack or webhook)',
  'Detailed company profiles',
  'Contact information for key decision-makers',
  'Email notifications, daily or weekly',
  'Searchable archive of every round',
  'CSV export',
];

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  monthly: {
    id: 'monthly',
    name: 'Monthly',
    price: 79,
    period: 'month',
    description: 'Full access, billed every month. Cancel any time.',
    features: FEATURES,
    priceId: 'price_fundwire_monthly',
    popular: false,
    badges: [],
  },
  annual: {
    id: 'annual',
    name: 'Annual',
    price: 790,
    period: 'year',
    description: 'Full access, billed once a year.',
    features: FEATURES,
    priceId: 'price_fundwire_annual',
    popular: true,
    badges: ['Save 16%', '2 months free'],
  },
};

export const INCLUDED_FEATURES = ['Real-time saved-search alerts', 'Detailed company profiles', 'Contact information', 'Daily or weekly email digest'];

export function formatPlanPrice(plan: Plan): string {
  return `$${plan.price.toLocaleString('en-US')}/${plan.period}`;
}

export const FEEDBACK_REASONS = [
  { value: 'too_expensive', label: 'Too expensive' },
  { value: 'not_enough_value', label: 'Not getting enough value' },
  { value: 'found_alternative', label: 'Found a better alternative' },
  { value: 'no_longer_needed', label: 'No longer need the service' },
  { value: 'technical_issues', label: 'Technical issues' },
  { value: 'other', label: 'Other' },
] as const;
export const feedbackReasonSchema = z.enum(FEEDBACK_REASONS.map((reason) => reason.value) as [string, ...string[]]);

export const checkoutRequestSchema = z.union([
  z.object({
    priceId: z.string().min(1).max(200),
    userId: z.string().optional(),
    email: z.string().optional(),
    promoCode: z.string().max(100).optional().nullable(),
    discountPercent: z.undefined().optional(),
  }),
  z.object({
    priceId: z.string().max(200).optional(),
    userId: z.string().optional(),
    discountPercent: z.literal(RETENTION_OFFER.discountPercent),
    discountDuration: z.literal(RETENTION_OFFER.discountDuration),
  }),
]);

/** POST /api/change-plan: move the caller's subscription to another plan's price (prorated). */
export const changePlanRequestSchema = z.object({
  priceId: z.string().min(1).max(200),
});

export const feedbackRequestSchema = z.object({
  userId: z.string().optional(),
  reason: feedbackReasonSchema,
  details: z.string().max(5000).optional().default(''),
  email: z.string().optional(),
  subscriptionStatus: z.string().optional().nullable(),
  priceId: z.string().optional().nullable(),
});
