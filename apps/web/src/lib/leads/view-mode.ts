// Cards or Table: how a user last chose to see lead lists, remembered in this browser per user (the key holds
// the user's id, so people sharing a browser keep their own choice). Every screen showing the toggle follows a change.
import { useCallback, useSyncExternalStore } from 'react';

export const LEAD_VIEW_MODES = ['cards', 'table'] as const;
export type LeadViewMode = (typeof LEAD_VIEW_MODES)[number];

/** Subscriber screens (dashboard, historical, company) share one choice; the admin list has its own. */
export type LeadViewScope = 'leads' | 'admin';

export function viewModeStorageKey(scope: LeadViewScope, userId: string): string {
  return `fundwire:lead-view:${scope}:${userId}`;
}

export function isLeadViewMode(value: unknown): value is LeadViewMode {
  return (LEAD_VIEW_MODES as readonly unknown[]).includes(value);
}

// Storage can be disabled (private modes, policies): the choice then lasts until the page is closed.
const unsaved = new Map<string, LeadViewMode>();

function readStored(key: string | null): string | null {
  if (key === null) return null;
  try {
    return window.localStorage.getItem(key) ?? unsaved.get(key) ?? null;
  } catch {
    return unsaved.get(key) ?? null;
  }
}

// Changes made in this tab; the storage event only reports other tabs.
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The user's remembered view (or `fallback`), and a setter that remembers a new one. Without a user id nothing is stored. */
export function useLeadViewMode(scope: LeadViewScope, userId: string | undefined, fallback: LeadViewMode): [LeadViewMode, (mode: LeadViewMode) => void] {
  const key = userId ? viewModeStorageKey(scope, userId) : null;
  const stored = useSyncExternalStore(
    subscribe,
    () => readStored(key),
    () => null,
  );
  const mode = isLeadViewMode(stored) ? stored : fallback;
  const setMode = useCallback(
    (next: LeadViewMode) => {
      if (key === null) return;
      unsaved.set(key, next);
      try {
        window.localStorage.setItem(key, next);
      } catch {
        // Not remembered across reloads, but the screen follows.
      }
      for (const listener of listeners) listener();
    },
    [key],
  );
  return [mode, setMode];
}
