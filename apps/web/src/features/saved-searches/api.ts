// Saved searches (issue 16): the list, create/update/delete, "viewed", and the webhook's secret, test event and deliveries.
import {
  alertDeliveryListSchema,
  savedSearchListSchema,
  savedSearchSchema,
  type AlertDelivery,
  type Crm,
  type SavedSearch,
  type SavedSearchEmailMode,
  type SavedSearchFilter,
} from '@fundwire/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

export const SAVED_SEARCHES_URL = '/api/saved-searches';

export const savedSearchKeys = {
  all: ['saved-searches'] as const,
  deliveries: (id: string) => ['saved-searches', id, 'deliveries'] as const,
};

export interface SavedSearchInput {
  name: string;
  filter: SavedSearchFilter;
  alerts: { email: SavedSearchEmailMode; slackWebhookUrl: string | null; webhookUrl: string | null; crm: Crm | null };
}

const searchUrl = (id: string, action = '') => `${SAVED_SEARCHES_URL}/${encodeURIComponent(id)}${action}`;

export function useSavedSearches() {
  return useQuery({
    queryKey: savedSearchKeys.all,
    queryFn: ({ signal }) => apiFetch(SAVED_SEARCHES_URL, { schema: savedSearchListSchema, fallbackMessage: 'Failed to load your saved searches', signal }),
    select: (data) => data.savedSearches,
  });
}

/** Create (no id) or update a saved search. */
export function useSaveSearch(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedSearchInput) =>
      apiFetch(id ? searchUrl(id) : SAVED_SEARCHES_URL, {
        method: id ? 'PUT' : 'POST',
        body: input,
        schema: savedSearchSchema,
        fallbackMessage: 'Failed to save the search',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(searchUrl(id), { method: 'DELETE', fallbackMessage: 'Failed to delete the search' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

/** Opening a search resets its "new" count. */
export function useMarkSavedSearchViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(searchUrl(id, '/viewed'), { method: 'POST', body: {}, fallbackMessage: 'Failed to open the search' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useRotateWebhookSecret(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(searchUrl(id, '/rotate-secret'), { method: 'POST', body: {}, schema: savedSearchSchema, fallbackMessage: 'Failed to rotate the secret' }),
    onSuccess: (updated: SavedSearch) =>
      queryClient.setQueryData(savedSearchKeys.all, (data: { savedSearches: SavedSearch[] } | undefined) =>
        data ? { savedSearches: data.savedSearches.map((search) => (search.id === id ? updated : search)) } : data,
      ),
  });
}

export function useSendTestEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(searchUrl(id, '/test-event'), {
        method: 'POST',
        body: {},
        schema: z.object({ deliveryId: z.string() }),
        fallbackMessage: 'Failed to send a test event',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.deliveries(id) }),
  });
}

const isUnsettled = (delivery: AlertDelivery) => delivery.status === 'pending' || delivery.status === 'retrying';

/** How often the list is asked again while a test event just sent has no outcome yet, and while others are on their way. */
export const WATCHED_DELIVERY_POLL_MS = 1000;
const UNSETTLED_POLL_MS = 3000;

/**
 * The last 20 deliveries; polled while one is still on its way. `watchedId` is a test event just sent: until its
 * first attempt has an outcome, the list is asked every second, also while the tab is in the background (the user
 * is often looking at their receiver), so the outcome shows within a second of being recorded.
 */
export function useDeliveries(id: string, watchedId: string | null = null) {
  return useQuery({
    queryKey: savedSearchKeys.deliveries(id),
    queryFn: ({ signal }) =>
      apiFetch(searchUrl(id, '/deliveries'), { schema: alertDeliveryListSchema, fallbackMessage: 'Failed to load the deliveries', signal }),
    select: (data) => data.deliveries,
    refetchInterval: (query) => {
      const deliveries = query.state.data?.deliveries ?? [];
      const watched = watchedId === null ? undefined : deliveries.find((delivery) => delivery.id === watchedId);
      if (watchedId !== null && (watched === undefined || !hasOutcome(watched))) return WATCHED_DELIVERY_POLL_MS;
      return deliveries.some(isUnsettled) ? UNSETTLED_POLL_MS : false;
    },
    refetchIntervalInBackground: watchedId !== null,
  });
}

/** Whether an attempt at the delivery has been recorded: delivered, failed, or failed once and retrying. */
export function hasOutcome(delivery: AlertDelivery): boolean {
  return delivery.status !== 'pending';
}
