// Lead data from the API, as TanStack Query options (for loaders and prefetching) and hooks.
import { freeLeadsResponseSchema } from '@fundwire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const FREE_LEADS_URL = '/api/free-leads';

/** SPEC.md section 8: the toast for a failed free-leads call. */
export const FREE_LEADS_ERROR = 'Failed to fetch free leads';

export const leadKeys = {
  all: ['leads'] as const,
  free: () => [...leadKeys.all, 'free'] as const,
};

export function freeLeadsQueryOptions() {
  return queryOptions({
    queryKey: leadKeys.free(),
    queryFn: ({ signal }) =>
      apiFetch(FREE_LEADS_URL, { schema: freeLeadsResponseSchema, fallbackMessage: FREE_LEADS_ERROR, signal }),
    // The screen falls back to built-in samples on failure, so show them at once instead of retrying.
    retry: false,
    meta: { errorToast: FREE_LEADS_ERROR },
  });
}

export function useFreeLeads() {
  return useQuery(freeLeadsQueryOptions());
}
