// What a failed checkout start means for the visitor (docs/product/SPEC.md section 8, "Checkout").
import { ApiError } from '../../lib/api-client';

export const CHECKOUT_MESSAGES = {
  signInRequired: 'Please sign in to subscribe',
  /** A signed-out visitor chose a plan: they go to sign-up with it (decision 039). */
  accountRequired: 'Create your account (or sign in) to start your free trial. Your plan is kept.',
  failed: 'Failed to start checkout process. Please try again.',
} as const;

export type CheckoutFailure =
  /** Signed out (or the session ran out): sign in first. */
  | { kind: 'sign-in' }
  /** 409: a subscription already exists; the message is the server's. */
  | { kind: 'already-subscribed'; message: string }
  /** Anything else, including a success answer without a url. */
  | { kind: 'failed' };

export function classifyCheckoutError(error: unknown): CheckoutFailure {
  if (error instanceof ApiError) {
    if (error.status === 401) return { kind: 'sign-in' };
    if (error.status === 409) {
      const message = error.message.trim() || 'You already have an active subscription.';
      return { kind: 'already-subscribed', message };
    }
  }
  return { kind: 'failed' };
}

/**
 * The in-app path of a redirect the API hands back ("/checkout/success?session_id=..." or the same
 * address on this origin), so the router can follow it without a reload; null for another host, such
 * as Stripe's hosted pages, which the page must load itself.
 */
export function inAppPath(url: string, origin: string): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    return parsed.origin === origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : null;
  } catch {
    return null;
  }
}
