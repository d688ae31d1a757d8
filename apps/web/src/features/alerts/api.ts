// Mail calls: the admin's subscriber list and weekly send, a user's alert frequency, and the signed
// links in mails (confirm, preferences, unsubscribe).
import {
  alertSettingsResponseSchema,
  emailPreferencesResponseSchema,
  sendWeeklyEmailResponseSchema,
  subscribersResponseSchema,
  type AlertFrequency,
  type SubscriberPreferences,
} from '@fundwire/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';
import { pluralize } from '@/lib/format';

/** Every endpoint these calls use, in one place. */
const MAIL_API = {
  subscribers: '/api/subscribers',
  sendWeekly: '/api/send-weekly-email',
  alerts: '/api/me/alerts',
  emailPreferences: '/api/email-preferences',
  unsubscribe: '/api/unsubscribe',
  confirmSubscription: '/api/newsletter/confirm',
} as const;

/** docs/product/SPEC.md section 8, "Subscribers". */
export const SUBSCRIBER_MESSAGES = {
  fetchFailed: 'Failed to fetch subscribers',
  sendFailed: 'Failed to send weekly email',
  sent: (count: number) => `Weekly email sent successfully to ${pluralize(count, 'subscriber')}`,
} as const;

export const mailKeys = {
  subscribers: ['subscribers'] as const,
  subscriberPage: (page: number, q: string) => ['subscribers', page, q] as const,
  alerts: ['me', 'alerts'] as const,
  preferences: (token: string) => ['email-preferences', token] as const,
};

/** One page of the admin's subscriber list, narrowed to addresses containing `q` ('' for all). */
export function subscribersQueryOptions({ page = 1, q = '' }: { page?: number; q?: string } = {}) {
  const params = new URLSearchParams();
  if (page > 1) params.set('page', String(page));
  if (q) params.set('q', q);
  const query = params.toString();
  return queryOptions({
    queryKey: mailKeys.subscriberPage(page, q),
    queryFn: ({ signal }) =>
      apiFetch(query ? `${MAIL_API.subscribers}?${query}` : MAIL_API.subscribers, {
        schema: subscribersResponseSchema,
        fallbackMessage: SUBSCRIBER_MESSAGES.fetchFailed,
        signal,
      }),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    // docs/product/SPEC.md section 8: the failure is a toast as well as the error state on screen.
    meta: { errorToast: SUBSCRIBER_MESSAGES.fetchFailed },
  });
}

export function useSubscribers(page: { page: number; q: string }) {
  return useQuery(subscribersQueryOptions(page));
}

export function useSendWeeklyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    // The spec's call: JSON content type, empty body.
    mutationFn: () =>
      apiFetch(MAIL_API.sendWeekly, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        schema: sendWeeklyEmailResponseSchema,
        fallbackMessage: SUBSCRIBER_MESSAGES.sendFailed,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailKeys.subscribers }),
  });
}

export function useAlertSettings() {
  return useQuery({
    queryKey: mailKeys.alerts,
    queryFn: ({ signal }) => apiFetch(MAIL_API.alerts, { schema: alertSettingsResponseSchema, fallbackMessage: 'Failed to load your alert settings', signal }),
  });
}

export function useSetAlertFrequency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (frequency: AlertFrequency) =>
      apiFetch(MAIL_API.alerts, { method: 'PUT', body: { frequency }, schema: alertSettingsResponseSchema, fallbackMessage: 'Failed to save your alert settings' }),
    onSuccess: (data) => queryClient.setQueryData(mailKeys.alerts, data),
  });
}

export function useEmailPreferences(token: string) {
  return useQuery({
    queryKey: mailKeys.preferences(token),
    queryFn: ({ signal }) =>
      apiFetch(`${MAIL_API.emailPreferences}?token=${encodeURIComponent(token)}`, {
        schema: emailPreferencesResponseSchema,
        fallbackMessage: 'Failed to load your email preferences',
        signal,
      }),
    enabled: token !== '',
    retry: false,
  });
}

export function useUpdateEmailPreferences(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { preferences?: SubscriberPreferences; frequency?: AlertFrequency }) =>
      apiFetch(MAIL_API.emailPreferences, {
        method: 'PUT',
        body: { token, ...change },
        schema: emailPreferencesResponseSchema,
        fallbackMessage: 'Failed to save your email preferences',
      }),
    onSuccess: (data) => queryClient.setQueryData(mailKeys.preferences(token), data),
  });
}

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(`${MAIL_API.unsubscribe}?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        body: {},
        schema: emailPreferencesResponseSchema,
        fallbackMessage: 'Failed to unsubscribe. Please try again.',
      }),
    onSuccess: (data) => queryClient.setQueryData(mailKeys.preferences(token), data),
  });
}

export function useConfirmSubscription() {
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch(MAIL_API.confirmSubscription, {
        method: 'POST',
        body: { token },
        schema: z.object({ email: z.string(), subscribed: z.literal(true) }),
        fallbackMessage: 'Failed to confirm your subscription. Please try again.',
      }),
  });
}
