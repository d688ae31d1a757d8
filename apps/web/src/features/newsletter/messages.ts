// The newsletter signup's messages (docs/product/SPEC.md section 8, "Newsletter"), and which one a failure shows.
import { ApiError } from '../../lib/api-client';

export const NEWSLETTER_MESSAGES = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  failed: 'Failed to subscribe. Please try again.',
  network: 'Something went wrong. Please try again.',
  alreadySubscribed: "You're already subscribed to our newsletter!",
  /** Double opt-in (docs/product/DECISIONS.md): nothing is active until the mailed link is followed (decision 039). */
  success: 'Almost there: we sent you an email. Click its link to confirm your newsletter subscription.',
  /** A repeat sign-up of an address not yet confirmed (decision 027): what actually happened. */
  confirmationResent: "You've signed up before: we sent the confirmation link again. Check your email to confirm your subscription.",
} as const;

/**
 * The server's error text when it sent one, otherwise the generic failure; a request that got no
 * answer at all is a network failure. A 404 means the endpoint is missing (an older server): its text
 * is for developers, so the visitor sees the generic failure.
 */
export function subscribeFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return NEWSLETTER_MESSAGES.network;
  if (error.status === 0) return NEWSLETTER_MESSAGES.network;
  if (error.status === 404) return NEWSLETTER_MESSAGES.failed;
  return error.message || NEWSLETTER_MESSAGES.failed;
}
