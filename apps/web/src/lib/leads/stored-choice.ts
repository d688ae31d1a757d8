// A user's small screen preferences (filters shown or collapsed, table density), remembered in this browser per user
// the way Cards | Table is (lib/leads/view-mode.ts): the key holds the user's id, only the allowed words are stored,
// and every component showing the choice follows a change.
import { useCallback, useSyncExternalStore } from 'react';

// Storage can be disabled (private modes, policies): the choice then lasts until the page is closed.
const unsaved = new Map<string, string>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function readStored(key: string | null): string | null {
  if (key === null) return null;
  try {
    return window.localStorage.getItem(key) ?? unsaved.get(key) ?? null;
  } catch {
    return unsaved.get(key) ?? null;
  }
}

/** `fundwire:<name>:<user id>`, or null without a user (nothing is stored then). */
export function storedChoiceKey(name: string, userId: string | undefined): string | null {
  return userId ? `fundwire:${name}:${userId}` : null;
}

/** The stored choice among `allowed` (or `fallback`), and a setter that remembers a new one. */
export function useStoredChoice<T extends string>(key: string | null, allowed: readonly T[], fallback: T): [T, (next: T) => void] {
  const stored = useSyncExternalStore(
    subscribe,
    () => readStored(key),
    () => null,
  );
  const value = allowed.find((choice) => choice === stored) ?? fallback;
  const setValue = useCallback(
    (next: T) => {
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
  return [value, setValue];
}
