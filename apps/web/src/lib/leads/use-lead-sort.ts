// The lead list's order as the URL has it, and a setter that writes it (keeping every other param).
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSearchParamsUpdate } from '@/lib/use-search-params-update';
import { readLeadSortParams, writeLeadSortParams, type LeadSortParams } from './sort-params';

export function useLeadSort(): [LeadSortParams, (next: LeadSortParams) => void] {
  const [searchParams] = useSearchParams();
  const updateSearchParams = useSearchParamsUpdate();
  const sort = useMemo(() => readLeadSortParams(searchParams), [searchParams]);
  const setSort = useCallback((next: LeadSortParams) => updateSearchParams((current) => writeLeadSortParams(current, next)), [updateSearchParams]);
  return [sort, setSort];
}
