// The rows picked in a lead table, by id. Only leads still on screen count as selected, so a filter, a sort
// or a page change never acts on rows the user can no longer see.
import { useCallback, useMemo, useState } from 'react';

export interface LeadSelection {
  /** Ids picked, whether or not still on screen; use `selectedOf` for the rows that count. */
  ids: ReadonlySet<string>;
  toggle: (id: string, selected: boolean) => void;
  /** Select or unselect these ids at once (the header checkbox). */
  setMany: (ids: readonly string[], selected: boolean) => void;
  clear: () => void;
}

export function useLeadSelection(): LeadSelection {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const setMany = useCallback((changed: readonly string[], selected: boolean) => {
    setIds((current) => {
      const next = new Set(current);
      for (const id of changed) {
        if (selected) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const toggle = useCallback((id: string, selected: boolean) => setMany([id], selected), [setMany]);
  const clear = useCallback(() => setIds(new Set()), []);
  return useMemo(() => ({ ids, toggle, setMany, clear }), [ids, toggle, setMany, clear]);
}

/** The leads on screen that are selected, in screen order. */
export function selectedOf<T extends { id: string }>(leads: readonly T[], ids: ReadonlySet<string>): T[] {
  return leads.filter((lead) => ids.has(lead.id));
}
