// Keeps the signed-in user's subscription live (docs/product/SPEC.md section 4: "a status change takes effect
// without a reload"). GET /api/me/events sends `event: subscription` whenever it changes; each one
// marks the given query (GET /api/me) stale, so guards and the profile update at once.
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ME_EVENTS_URL } from '../api';
import { reconnectDelay } from '../live-status';

export interface UseLiveSubscriptionOptions {
  /** The signed-in user's id; null or undefined when signed out (no stream is open then). */
  userId: string | null | undefined;
  /** The query to refresh on every change: the app's GET /api/me query. */
  queryKey: QueryKey;
}

/** Mount once, for the whole app. Opens the stream while someone is signed in and closes it on sign-out or unmount. */
export function useLiveSubscription({ userId, queryKey }: UseLiveSubscriptionOptions): void {
  const queryClient = useQueryClient();
  // The key is read when an event arrives, so a new array each render does not reopen the stream.
  const queryKeyRef = useRef(queryKey);
  useEffect(() => {
    queryKeyRef.current = queryKey;
  });

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;

    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failedAttempts = 0;
    let stopped = false;

    const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeyRef.current });

    const open = () => {
      source = new EventSource(ME_EVENTS_URL, { withCredentials: true });
      source.addEventListener('subscription', refresh);
      // The server sends the current state on every (re)connect, so a change missed while the
      // stream was down arrives as an ordinary event.
      source.addEventListener('open', () => {
        failedAttempts = 0;
      });
      source.addEventListener('error', () => {
        // CONNECTING means the browser is already retrying; CLOSED means it gave up (e.g. a 5xx).
        if (stopped || source?.readyState !== EventSource.CLOSED) return;
        source.close();
        retryTimer = setTimeout(open, reconnectDelay(failedAttempts));
        failedAttempts += 1;
      });
    };

    open();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [userId, queryClient]);
}
