// Lead data from the API, as TanStack Query options (for loaders and prefetching) and hooks.
import { LEADS_PAGE_SIZE, leadListResponseSchema, leadStatsSchema } from '@fundwire/shared';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { FREE_LEADS_ERROR, fetchFreeLeads } from './free-leads';
import { nextLeadCursor } from '@/lib/leads/lead-pages';
import { compactFilter, leadFilterQueryString, type LeadQueryFilter } from '@/lib/leads/view-params';
import { DEFAULT_LEAD_SORT, sortKey, withSortQuery, type LeadSortParams } from '@/lib/leads/sort-params';

export { LEAD_STATS_URL, LEADS_ERROR, LEADS_EXPORT_URL, LEADS_URL, leadKeys, STATS_ERROR } from '@/lib/leads/keys';
import { leadKeys, LEADS_ERROR, LEADS_EXPORT_URL, LEADS_URL, LEAD_STATS_URL, STATS_ERROR } from '@/lib/leads/keys';

export function freeLeadsQueryOptions() {
  return queryOptions({
    queryKey: leadKeys.free(),
    queryFn: ({ signal }) => fetchFreeLeads(signal),
    // The screen falls back to built-in samples on failure, so show them at once instead of retrying.
    retry: false,
    meta: { errorToast: FREE_LEADS_ERROR },
  });
}

export function useFreeLeads() {
  return useQuery(freeLeadsQueryOptions());
}

/** Pages of LEADS_PAGE_SIZE leads in `sort`'s order (by default newest funding first, or by relevance for a
 * search); fetchNextPage appends the next one, found by the previous page's cursor (which carries the order). */
export function leadListQueryOptions(filter: LeadQueryFilter, sort: LeadSortParams = DEFAULT_LEAD_SORT) {
  const key = sortKey(sort);
  return infiniteQueryOptions({
    queryKey: leadKeys.list(filter, key),
    queryFn: async ({ pageParam, signal }) => {
      const page = await apiFetch(`${LEADS_URL}?${withSortQuery(leadFilterQueryString(filter, { cursor: pageParam, limit: LEADS_PAGE_SIZE }), sort)}`, {
        schema: leadListResponseSchema,
        fallbackMessage: LEADS_ERROR,
        signal,
      });
      // Which order was asked for: while another order loads, the screen keeps these rows and can tell.
      return { ...page, sortKey: key };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => nextLeadCursor(lastPage),
  });
}

/** Whether two filters differ only in their search text. */
function sameExceptSearch(a: LeadQueryFilter, b: LeadQueryFilter): boolean {
  const { q: _searchA, ...restA } = compactFilter(a);
  const { q: _searchB, ...restB } = compactFilter(b);
  return leadFilterQueryString(restA) === leadFilterQueryString(restB);
}

export function useLeadList(filter: LeadQueryFilter, sort: LeadSortParams = DEFAULT_LEAD_SORT, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    ...leadListQueryOptions(filter, sort),
    enabled,
    // While a new search or order loads, keep showing the previous results (the client filter narrows them
    // at once; a table keeps its focused header). Any other change, such as a new industry, starts from an
    // empty list (docs/product/SPEC.md section 4).
    placeholderData: (previousData, previousQuery) => {
      const previousFilter = previousQuery?.queryKey[2];
      return previousFilter && sameExceptSearch(previousFilter, filter) ? previousData : undefined;
    },
  });
}

/** How many leads match `filter` and were added after `addedAfter` (ISO): the "new since your last visit" count. */
export function useNewLeadCount(filter: LeadQueryFilter, addedAfter: string | null | undefined) {
  const counted = { ...filter, addedAfter: addedAfter ?? undefined };
  return useQuery({
    queryKey: [...leadKeys.lists(), 'count', compactFilter(counted)] as const,
    queryFn: ({ signal }) =>
      apiFetch(`${LEADS_URL}?${leadFilterQueryString(counted, { page: 1, limit: 1 })}`, { schema: leadListResponseSchema, fallbackMessage: LEADS_ERROR, signal }),
    enabled: typeof addedAfter === 'string',
    select: (page) => ({ count: page.totalCount, exact: page.countIsExact, lowerBound: page.countIsLowerBound }),
  });
}

export function leadStatsQueryOptions() {
  return queryOptions({
    queryKey: leadKeys.stats(),
    queryFn: ({ signal }) => apiFetch(LEAD_STATS_URL, { schema: leadStatsSchema, fallbackMessage: STATS_ERROR, signal }),
  });
}

export function useLeadStats() {
  return useQuery(leadStatsQueryOptions());
}

/** The CSV of every lead matching `filter` (not just the loaded pages), streamed by the server. */
export function leadsExportUrl(filter: LeadQueryFilter): string {
  const query = leadFilterQueryString(filter);
  return query ? `${LEADS_EXPORT_URL}?${query}` : LEADS_EXPORT_URL;
}
