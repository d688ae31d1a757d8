// The lead screens' filters, kept in the URL. Search text is held locally as the user types and
// written to the URL (and so to the server query) once typing pauses.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { DateRangeKey } from '@/lib/leads/date-range';
import { normaliseSearch, readLeadViewParams, writeLeadViewParams, type LeadViewParams } from '@/lib/leads/view-params';

/** How long typing must pause before the search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

// Filter changes replace the history entry (no Back through every keystroke) and keep the scroll.
const NAVIGATE_OPTIONS = { replace: true, preventScrollReset: true } as const;

export interface LeadView {
  /** The filters as the URL has them: what the server query uses. */
  params: LeadViewParams;
  /** The search box's text, ahead of `params.q` while the user types. */
  searchText: string;
  setSearchText: (text: string) => void;
  setIndustry: (industry: string) => void;
  setRange: (range: DateRangeKey) => void;
  clearFilters: () => void;
}

export function useLeadView(): LeadView {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readLeadViewParams(searchParams), [searchParams]);

  const [searchText, setSearchText] = useState(params.q);
  // The search this hook last wrote to the URL, until the URL shows it.
  const [sentSearch, setSentSearch] = useState<string | null>(null);
  // When the URL's search changes from outside the box (Back, a shared link), show it in the box.
  // Our own debounced write is skipped: the user may have typed on since. Adjusting state during
  // render avoids a flash of the old text.
  const [urlSearch, setUrlSearch] = useState(params.q);
  if (params.q !== urlSearch) {
    setUrlSearch(params.q);
    setSentSearch(null);
    if (params.q !== sentSearch && normaliseSearch(searchText) !== params.q) setSearchText(params.q);
  }

  const pendingSearch = normaliseSearch(searchText);
  useEffect(() => {
    if (pendingSearch === params.q) return;
    const timer = window.setTimeout(() => {
      setSentSearch(pendingSearch);
      setSearchParams((current) => writeLeadViewParams(current, { q: pendingSearch }), NAVIGATE_OPTIONS);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [pendingSearch, params.q, setSearchParams]);

  const setIndustry = useCallback(
    (industry: string) => setSearchParams((current) => writeLeadViewParams(current, { industry }), NAVIGATE_OPTIONS),
    [setSearchParams],
  );
  const setRange = useCallback(
    (range: DateRangeKey) => setSearchParams((current) => writeLeadViewParams(current, { range }), NAVIGATE_OPTIONS),
    [setSearchParams],
  );
  const clearFilters = useCallback(() => {
    setSearchText('');
    setSearchParams((current) => writeLeadViewParams(current, { q: '', industry: '', range: 'all' }), NAVIGATE_OPTIONS);
  }, [setSearchParams]);

  return { params, searchText, setSearchText, setIndustry, setRange, clearFilters };
}
