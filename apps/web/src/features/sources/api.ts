// The admin's lead sources: their status (GET /api/admin/sources) and Run now (POST .../:id/run).
import { sourceRunResponseSchema, sourcesResponseSchema, type SourceId } from '@fundwire/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { isAnySourceRunning } from './status';

export const SOURCES_URL = '/api/admin/sources';

export function sourceRunUrl(id: SourceId): string {
  return `${SOURCES_URL}/${encodeURIComponent(id)}/run`;
}

export const SOURCE_MESSAGES = {
  fetchFailed: 'Failed to load lead sources',
  runFailed: 'Failed to start the run',
} as const;

/** While a run is going, the screen polls this often. */
export const RUNNING_REFETCH_MS = 10_000;

export const sourceKeys = {
  all: ['admin', 'sources'] as const,
};

export function sourcesQueryOptions() {
  return queryOptions({
    queryKey: sourceKeys.all,
    queryFn: ({ signal }) => apiFetch(SOURCES_URL, { schema: sourcesResponseSchema, fallbackMessage: SOURCE_MESSAGES.fetchFailed, signal }),
    refetchInterval: (query) => (isAnySourceRunning(query.state.data) ? RUNNING_REFETCH_MS : false),
  });
}

export function useSources() {
  return useQuery(sourcesQueryOptions());
}

/** POST /api/admin/sources/:id/run: 202 with the days queued; 409 {error} when the source is disabled. */
export function useRunSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: SourceId) =>
      apiFetch(sourceRunUrl(id), {
        // No body: the run takes no options.
        method: 'POST',
        schema: sourceRunResponseSchema,
        fallbackMessage: SOURCE_MESSAGES.runFailed,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sourceKeys.all }),
  });
}
