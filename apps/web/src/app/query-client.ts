// The app's TanStack Query client: sensible retries, and failure toasts named by a query's `meta`.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import '@/lib/query-meta';

/** One more try for a server or network error; a second failure is shown (within about a second). */
const MAX_RETRIES = 1;
/** The wait before that one retry: long enough for a blip to pass, short enough to show an error soon. */
export const RETRY_DELAY_MS = 300;

/** Client errors (4xx) will not change on retry; network and server errors might, once. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (_error, query) => {
        const message = query.meta?.errorToast;
        // One id per query, so a burst of failures for the same data shows a single toast.
        if (message) toast.error(message, { id: `query-error:${query.queryHash}` });
      },
    }),
    mutationCache: new MutationCache({
      onError: (_error, _variables, _context, mutation) => {
        const message = mutation.meta?.errorToast;
        if (message) toast.error(message);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        retryDelay: RETRY_DELAY_MS,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
