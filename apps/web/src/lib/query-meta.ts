// Typed `meta` for TanStack Query: a query or mutation may name the toast to show when it fails.
// The app's QueryCache/MutationCache read it, so a failure toasts once per failed request, not per render.
import '@tanstack/react-query';

export interface AppQueryMeta extends Record<string, unknown> {
  /** Toast text shown when the request fails. */
  errorToast?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}
