// The mailed sign-in link (issue 29 item 7): ask for one, then finish with the password.
import { signInLinkSentSchema, signInLinkVerifiedSchema } from '@fundwire/shared';
import { apiFetch } from '@/lib/api-client';

export const SIGN_IN_LINK_URL = '/api/auth/sign-in/email-link';
export const SIGN_IN_LINK_VERIFY_URL = '/api/auth/sign-in/email-link/verify';

/** Mails a one-time sign-in link to the account's address; the answer is the same whether or not it exists. */
export async function requestSignInLink(email: string): Promise<string> {
  const { message } = await apiFetch(SIGN_IN_LINK_URL, {
    method: 'POST',
    body: { email },
    schema: signInLinkSentSchema,
    fallbackMessage: 'Could not send a sign-in link. Please try again.',
  });
  return message;
}

/** Signs in with the mailed token and the account's password (the session cookie comes with the answer). */
export async function verifySignInLink(token: string, password: string): Promise<void> {
  await apiFetch(SIGN_IN_LINK_VERIFY_URL, {
    method: 'POST',
    body: { token, password },
    schema: signInLinkVerifiedSchema,
    fallbackMessage: 'Could not sign you in. Please try again.',
  });
}
