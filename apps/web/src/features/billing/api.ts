// Billing calls: start a checkout (plan purchase or the retention offer), the built-in test checkout,
// cancellation feedback, cancel, reactivate and the Stripe billing portal. Hooks here know nothing of
// the session; routes pass the user and refresh GET /api/me themselves (features do not import each other).
import { RETENTION_OFFER, type PlanId } from '@fundwire/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';
import { CHECKOUT_MESSAGES } from './checkout';

export const CHECKOUT_SESSION_URL = '/api/create-checkout-session';
export const SUBMIT_FEEDBACK_URL = '/api/submit-feedback';
export const CANCEL_SUBSCRIPTION_URL = '/api/cancel-subscription';
export const REACTIVATE_SUBSCRIPTION_URL = '/api/reactivate-subscription';
export const BILLING_PORTAL_URL = '/api/billing-portal';
export const CHANGE_PLAN_URL = '/api/change-plan';
/** Server-Sent Events: `event: subscription` whenever the signed-in user's subscription changes. */
export const ME_EVENTS_URL = '/api/me/events';

export function testCheckoutUrl(id: string): string {
  return `/api/checkout/test/${encodeURIComponent(id)}`;
}

/** docs/product/SPEC.md section 8 (Cancellation): both failures are browser alerts. */
export const CANCELLATION_MESSAGES = {
  feedbackFailed: 'There was an error submitting your feedback. Please try again.',
  cancelFailed: 'There was an error canceling your subscription. Please contact support.',
  reactivated: 'Subscription reactivated',
  reactivateFailed: 'Could not reactivate your subscription. Please try again.',
  portalFailed: 'Could not open the billing portal. Please try again.',
  planChanged: (planName: string) => `You are now on the ${planName} plan.`,
  changePlanFailed: 'Could not change your plan. Please try again.',
} as const;

export const billingKeys = {
  all: ['billing'] as const,
  testCheckout: (id: string) => [...billingKeys.all, 'test-checkout', id] as const,
};

// ---- Checkout -------------------------------------------------------------------------------------

export const checkoutSessionResponseSchema = z.object({
  id: z.string().optional(),
  url: z.string().nullish(),
});

export interface StartCheckoutInput {
  planId: PlanId;
  priceId: string;
  userId: string;
  email: string;
  promoCode?: string | null;
}

/** POST /api/create-checkout-session; resolves to the address to send the browser to. */
export async function startCheckout(input: StartCheckoutInput): Promise<string> {
  const session = await apiFetch(CHECKOUT_SESSION_URL, {
    method: 'POST',
    body: { priceId: input.priceId, userId: input.userId, email: input.email, promoCode: input.promoCode ?? null },
    schema: checkoutSessionResponseSchema,
    fallbackMessage: CHECKOUT_MESSAGES.failed,
  });
  if (!session.url) throw new Error(CHECKOUT_MESSAGES.failed);
  return session.url;
}

/** The retention offer (50% off for 3 months) on the same plan; resolves to the address to open. */
export async function startRetentionCheckout(input: { priceId: string | null; userId: string }): Promise<string> {
  const session = await apiFetch(CHECKOUT_SESSION_URL, {
    method: 'POST',
    body: {
      ...(input.priceId ? { priceId: input.priceId } : {}),
      userId: input.userId,
      discountPercent: RETENTION_OFFER.discountPercent,
      discountDuration: RETENTION_OFFER.discountDuration,
    },
    schema: checkoutSessionResponseSchema,
  });
  if (!session.url) throw new Error('The retention checkout returned no url');
  return session.url;
}

// ---- Test-mode checkout (no Stripe keys) -----------------------------------------------------------

export const testCheckoutSessionSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'canceled']),
  email: z.string().nullish(),
  plan: z.object({
    id: z.string(),
    name: z.string(),
    price: z.number(),
    period: z.string(),
  }),
  trialDays: z.number().int().nonnegative().default(0),
});
export type TestCheckoutSession = z.infer<typeof testCheckoutSessionSchema>;

const redirectResponseSchema = z.object({ redirectUrl: z.string().min(1) });

export function testCheckoutQueryOptions(id: string) {
  return queryOptions({
    queryKey: billingKeys.testCheckout(id),
    queryFn: ({ signal }) =>
      apiFetch(testCheckoutUrl(id), {
        schema: testCheckoutSessionSchema,
        signal,
        fallbackMessage: 'Could not load this checkout.',
      }),
    // A session's state only changes through this page's own buttons.
    staleTime: Infinity,
  });
}

export function useTestCheckoutSession(id: string) {
  return useQuery(testCheckoutQueryOptions(id));
}

/** Pay or cancel a test checkout; resolves to where the browser goes next. */
export function useTestCheckoutAction(id: string) {
  return useMutation({
    mutationFn: async (action: 'pay' | 'cancel') => {
      const result = await apiFetch(`${testCheckoutUrl(id)}/${action}`, {
        method: 'POST',
        schema: redirectResponseSchema,
        fallbackMessage: action === 'pay' ? 'The payment could not be completed. Please try again.' : 'Could not cancel this checkout. Please try again.',
      });
      return result.redirectUrl;
    },
  });
}

// ---- Managing a subscription ----------------------------------------------------------------------

export interface FeedbackInput {
  userId: string;
  reason: string;
  details: string;
  email: string;
  subscriptionStatus: string | null;
  priceId: string | null;
}

export function useSubmitFeedback() {
  return useMutation({
    mutationFn: (input: FeedbackInput) => apiFetch(SUBMIT_FEEDBACK_URL, { method: 'POST', body: input }),
  });
}

export function useCancelSubscription() {
  return useMutation({
    mutationFn: (input: { userId: string }) => apiFetch(CANCEL_SUBSCRIPTION_URL, { method: 'POST', body: input }),
  });
}

export function useReactivateSubscription(options: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: () =>
      apiFetch(REACTIVATE_SUBSCRIPTION_URL, {
        method: 'POST',
        body: {},
        fallbackMessage: CANCELLATION_MESSAGES.reactivateFailed,
      }),
    onSuccess: options.onSuccess,
  });
}

/** POST /api/change-plan: the subscription moves to the plan's price (Stripe prorates the difference). */
export function useChangePlan(options: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: (input: { priceId: string; planId: PlanId }) =>
      apiFetch(CHANGE_PLAN_URL, { method: 'POST', body: { priceId: input.priceId }, fallbackMessage: CANCELLATION_MESSAGES.changePlanFailed }),
    onSuccess: options.onSuccess,
  });
}

const portalResponseSchema = z.object({ url: z.string().min(1) });

/** POST /api/billing-portal (Stripe mode only); resolves to the portal address. */
export function useBillingPortal() {
  return useMutation({
    mutationFn: async () => {
      const result = await apiFetch(BILLING_PORTAL_URL, {
        method: 'POST',
        schema: portalResponseSchema,
        fallbackMessage: CANCELLATION_MESSAGES.portalFailed,
      });
      return result.url;
    },
  });
}
