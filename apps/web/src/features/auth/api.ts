// Who is signed in (GET /api/me), which social providers are configured (GET /api/public-config),
// and signing out. /api/me is the app's one source of truth for the session, role and subscription.
import { meResponseSchema, publicConfigSchema, type Me } from '@fundwire/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { toast } from '@/components/ui/toaster';
import { ApiError, apiFetch } from '@/lib/api-client';
import type { AuthClient } from './auth-client';
import { AUTH_MESSAGES, signOutFailureMessage, toAuthFailure } from './errors';

export const ME_URL = '/api/me';
export const PUBLIC_CONFIG_URL = '/api/public-config';
const SEND_VERIFICATION_URL = '/api/auth/send-verification-email';
/** Where the mailed verification link lands once followed. */
export const VERIFY_EMAIL_CALLBACK = '/profile';
/** better-auth's session endpoint: 200 `null` when nobody is signed in. */
const SESSION_URL = '/api/auth/get-session';

// The shapes of GET /api/me and GET /api/public-config, defined once with the server's route schemas.
export { billingConfigSchema, meResponseSchema, meSubscriptionSchema, publicConfigSchema } from '@fundwire/shared';
export type { BillingConfig, Me, MeSubscription, PublicConfig } from '@fundwire/shared';

export const authKeys = {
  me: ['me'] as const,
  publicConfig: ['public-config'] as const,
};

/** A subscription bought or cancelled elsewhere (another tab, a webhook) shows up within this time. */
const ME_REFRESH_MS = 60_000;

/**
 * True only when better-auth says plainly that there is no session. Its GET /api/auth/get-session
 * answers 200 `null` then, where /api/me answers 401, which the browser logs as a console error on
 * every public page a visitor opens. Any doubt (an error, an odd answer) returns false, so /api/me decides.
 */
async function hasNoSession(signal: AbortSignal): Promise<boolean> {
  // A plain fetch rather than better-auth's client, which stays out of the public pages' bundle.
  try {
    const response = await fetch(SESSION_URL, { credentials: 'include', headers: { Accept: 'application/json' }, signal });
    return response.ok && (await response.json()) === null;
  } catch {
    return false;
  }
}

/** The signed-in user, or null when signed out (a 401 is an answer, not a failure). */
async function fetchMe(signal: AbortSignal, knownSignedIn: boolean): Promise<Me | null> {
  // Someone already signed in goes straight to /api/me; a visitor is checked cheaply first.
  if (!knownSignedIn && (await hasNoSession(signal))) return null;
  try {
    return await apiFetch(ME_URL, { schema: meResponseSchema, signal, fallbackMessage: 'Could not check your sign-in status' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: authKeys.me,
    queryFn: ({ signal, client }) => fetchMe(signal, Boolean(client.getQueryData<Me | null>(authKeys.me))),
    refetchInterval: ME_REFRESH_MS,
    // Coming back to the tab (e.g. from checkout) should pick up a changed subscription at once.
    refetchOnWindowFocus: 'always',
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}

export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: authKeys.publicConfig,
    queryFn: ({ signal }) => apiFetch(PUBLIC_CONFIG_URL, { schema: publicConfigSchema, signal }),
    // Set by the server's configuration: it does not change while the page is open.
    staleTime: Infinity,
  });
}

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}

/**
 * Signs out, forgets every cached answer that belonged to the user, and goes home. `mutate()` toasts a
 * failure; `mutateAsync()` also rethrows it (docs/product/SPEC.md section 8).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      let result: Awaited<ReturnType<AuthClient['signOut']>>;
      try {
        // Loaded on demand: better-auth's client is only needed by the sign-in screens and here.
        const { authClient } = await import('./auth-client');
        result = await authClient.signOut();
      } catch (error) {
        throw new ApiError(0, signOutFailureMessage(toAuthFailure(error)));
      }
      if (result.error) {
        const failure = toAuthFailure(result.error);
        throw new ApiError(failure.status, signOutFailureMessage(failure));
      }
    },
    onSuccess: async () => {
      // Leave the protected screen first, so its guard does not bounce to /signin on the way. flushSync
      // commits the new location before the session is cleared (a transition would land after it).
      await navigate(paths.home, { flushSync: true });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.me[0] });
      queryClient.setQueryData(authKeys.me, null);
      toast.success(AUTH_MESSAGES.signOutSuccess);
    },
    onError: (error) => {
      toast.error(error.message || AUTH_MESSAGES.signOutFailed);
    },
  });
}

export const VERIFICATION_MESSAGES = {
  sent: 'Verification email sent. Follow its link to confirm your address.',
  failed: 'Could not send the verification email. Please try again.',
  linkFailed: 'That verification link is invalid or has expired. Send a new one below.',
} as const;

/** Mails the signed-in account a fresh verification link (rate limited by the server). */
export function useSendVerificationEmail() {
  return useMutation({
    mutationFn: (email: string) =>
      apiFetch(SEND_VERIFICATION_URL, {
        method: 'POST',
        body: { email, callbackURL: VERIFY_EMAIL_CALLBACK },
        fallbackMessage: VERIFICATION_MESSAGES.failed,
      }),
  });
}
