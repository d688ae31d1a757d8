// Cards or Table: how a user last chose to see lead lists, remembered in this browser per user (the key holds
// the user's id, so people sharing a browser keep their own choice). Every screen showing the toggle follows a change.
import { useStoredChoice } from './stored-choice';

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

/** The user's remembered view (or `fallback`), and a setter that remembers a new one. Without a user id nothing is stored. */
export function useLeadViewMode(scope: LeadViewScope, userId: string | undefined, fallback: LeadViewMode): [LeadViewMode, (mode: LeadViewMode) => void] {
  return useStoredChoice(userId ? viewModeStorageKey(scope, userId) : null, LEAD_VIEW_MODES, fallback);
}
