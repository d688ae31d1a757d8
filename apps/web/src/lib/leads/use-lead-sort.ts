// The lead list's order as the URL has it, and a setter that writes it (keeping every other param).
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readLeadSortParams, writeLeadSortParams, type LeadSortParams } from './sort-params';

// Like the filters: a new order replaces the history entry and keeps the scroll.
const NAVIGATE_OPTIONS = { replace: true, preventScrollReset: true } as const;

export function useLeadSort(): [LeadSortParams, (next: LeadSortParams) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const sort = useMemo(() => readLeadSortParams(searchParams), [searchParams]);
  const setSort = useCallback((next: LeadSortParams) => setSearchParams((current) => writeLeadSortParams(current, next), NAVIGATE_OPTIONS), [setSearchParams]);
  return [sort, setSort];
}
