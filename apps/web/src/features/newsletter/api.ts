// POST /api/subscribe-email: the landing page's newsletter signup (double opt-in: a confirmation mail
// goes out). Schemas use zod/mini: this runs on the landing page, whose first download is budgeted.
import * as z from 'zod/mini';
import { apiFetch } from '../../lib/api-client';
import { NEWSLETTER_MESSAGES } from './messages';

export const SUBSCRIBE_EMAIL_URL = '/api/subscribe-email';

export const subscribeResponseSchema = z.object({ alreadySubscribed: z.boolean(), confirmationResent: z.optional(z.boolean()) });
export type SubscribeResponse = z.infer<typeof subscribeResponseSchema>;

export const subscribeFormSchema = z.object({
  email: z.string().check(
    z.trim(),
    z.minLength(1, NEWSLETTER_MESSAGES.emailRequired),
    z.email(NEWSLETTER_MESSAGES.emailInvalid),
  ),
});
export type SubscribeFormValues = z.infer<typeof subscribeFormSchema>;

export function subscribeToNewsletter(email: string): Promise<SubscribeResponse> {
  return apiFetch(SUBSCRIBE_EMAIL_URL, {
    method: 'POST',
    body: { email },
    schema: subscribeResponseSchema,
    fallbackMessage: NEWSLETTER_MESSAGES.failed,
  });
}
