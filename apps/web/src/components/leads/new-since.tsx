// "New since your last visit": the dashboard provides the time of the user's previous visit, and every
// lead view under it (cards, table rows) marks the rounds added after it.
import { Sparkles } from 'lucide-react';
import { createContext, useContext } from 'react';
import { cn } from '@/lib/utils';

/** The previous visit (ISO), or null when nothing is marked (a first visit, or a page that doesn't mark). */
export const NewSinceContext = createContext<string | null>(null);

/** Whether `lead` was added after `since` (the previous visit), as the server's `addedAfter` filter counts it. */
export function isNewSince(lead: { createdAt: string }, since: string | null): boolean {
  return since !== null && Date.parse(lead.createdAt) > Date.parse(since);
}

/** The previous visit the surrounding view marks from (null: nothing is marked). */
export function useNewSince(): string | null {
  return useContext(NewSinceContext);
}

/** Whether `lead` was added after the previous visit the surrounding view marks from. */
export function useIsNewLead(lead: { createdAt: string }): boolean {
  return isNewSince(lead, useNewSince());
}

export function NewLeadBadge({ className }: { className?: string }) {
  return (
    <span
      data-testid="lead-new"
      className={cn('inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900', className)}
    >
      <Sparkles aria-hidden="true" className="size-3" />
      New<span className="sr-only"> since your last visit</span>
    </span>
  );
}
