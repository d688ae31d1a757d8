// Records each dashboard visit on the server (POST /api/me/visits) and answers when the previous visit was.
// A browser tab keeps the first answer it got for the rest of its session, so moving between pages or
// reloading does not clear the marks; a new tab or a new sign-in is a new visit.
import { visitResponseSchema } from '@fundwire/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { apiFetch } from '@/lib/api-client';

export const VISITS_URL = '/api/me/visits';
const storageKey = (userId: string) => `fundwire:previous-visit:${userId}`;

/** The previous visit as this tab remembers it: a string (ISO) or null (first visit); undefined when unknown. */
function remembered(userId: string): string | null | undefined {
  try {
    const stored = window.sessionStorage.getItem(storageKey(userId));
    if (stored === null) return undefined;
    const value: unknown = JSON.parse(stored);
    return typeof value === 'string' || value === null ? value : undefined;
  } catch {
    return undefined;
  }
}

function remember(userId: string, previousVisitAt: string | null): void {
  try {
    window.sessionStorage.setItem(storageKey(userId), JSON.stringify(previousVisitAt));
  } catch {
    // Storage off (private mode): the marks last as long as the page.
  }
}

/**
 * The time of the user's previous dashboard visit: undefined while it is being learned, null on a first
 * visit (or when the server could not be asked: nothing is marked rather than everything).
 */
export function useDashboardVisit(userId: string | undefined): string | null | undefined {
  const [previous, setPrevious] = useState<string | null | undefined>(() => (userId ? remembered(userId) : undefined));
  const record = useMutation({
    mutationFn: () => apiFetch(VISITS_URL, { method: 'POST', body: {}, schema: visitResponseSchema, fallbackMessage: 'Could not record your visit' }),
    retry: false,
  });
  const { mutate } = record;
  // One visit per mount (React's development mode runs effects twice).
  const recordedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!userId || recordedFor.current === userId) return;
    recordedFor.current = userId;
    const known = remembered(userId);
    mutate(undefined, {
      onSuccess: (visit) => {
        // The tab's first answer wins: later visits in the same tab keep marking from the same moment.
        if (known === undefined) remember(userId, visit.previousVisitAt);
        setPrevious(known === undefined ? visit.previousVisitAt : known);
      },
      onError: () => setPrevious(known ?? null),
    });
  }, [userId, mutate]);
  return previous;
}
