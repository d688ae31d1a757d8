// The app's TanStack Query client: sensible retries, and failure toasts named by a query's `meta`.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import '@/lib/query-meta';

const MAX_RETRIES = 2;

/** Client errors (4xx) will not change on retry; network and server errors might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
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
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
