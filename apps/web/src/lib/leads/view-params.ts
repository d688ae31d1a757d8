// The lead screens keep their filters in the URL (?q=&industry=&range=), so a shared link or a reload
// shows the same view. These read and write those params, and turn them into the API's lead filter.
import type { LeadFilter } from '@fundwire/shared';
import { dateRangeBounds, DEFAULT_DATE_RANGE, isDateRangeKey, recentLeadsStart, type DateRangeKey } from '@/lib/leads/date-range';

/** The server's limits (leadFilterSchema): longer values would be rejected with a 400. */
export const MAX_SEARCH_LENGTH = 200;
export const MAX_INDUSTRY_LENGTH = 100;

/** The API's lead filter with every field optional (the shared type is the parsed, server-side shape). */
export type LeadQueryFilter = Partial<LeadFilter>;

export interface LeadViewParams {
  /** Search text, trimmed; '' for none. */
  q: string;
  /** Industry name; '' for all industries. */
  industry: string;
  /** Historical date range; the dashboard ignores it. */
  range: DateRangeKey;
}

export const EMPTY_LEAD_VIEW: LeadViewParams = { q: '', industry: '', range: DEFAULT_DATE_RANGE };

/** Search text as the server will match it: trimmed and within its length limit. */
export function normaliseSearch(value: string): string {
  return value.trim().slice(0, MAX_SEARCH_LENGTH).trim();
}

export function readLeadViewParams(params: URLSearchParams): LeadViewParams {
  const range = params.get('range');
  return {
    q: normaliseSearch(params.get('q') ?? ''),
    industry: (params.get('industry') ?? '').trim().slice(0, MAX_INDUSTRY_LENGTH),
    range: isDateRangeKey(range) ? range : DEFAULT_DATE_RANGE,
  };
}

/**
 * A copy of `params` with `patch` applied. Empty and default values are removed, so the plain
 * view has a clean URL; params that are not ours are kept.
 */
export function writeLeadViewParams(params: URLSearchParams, patch: Partial<LeadViewParams>): URLSearchParams {
  const next = new URLSearchParams(params);
  if (patch.q !== undefined) setOrDelete(next, 'q', normaliseSearch(patch.q));
  if (patch.industry !== undefined) setOrDelete(next, 'industry', patch.industry.trim());
  if (patch.range !== undefined) setOrDelete(next, 'range', patch.range === DEFAULT_DATE_RANGE ? '' : patch.range);
  return next;
}

function setOrDelete(params: URLSearchParams, key: string, value: string): void {
  if (value) params.set(key, value);
  else params.delete(key);
}

/** Whether the view narrows the list in any way the user chose (and so can be cleared). */
export function hasActiveFilters(view: LeadViewParams, { withRange }: { withRange: boolean }): boolean {
  return view.q !== '' || view.industry !== '' || (withRange && view.range !== DEFAULT_DATE_RANGE);
}

/** The dashboard's API filter: always the last 7 days, plus industry and search. */
export function recentLeadFilter(view: Pick<LeadViewParams, 'q' | 'industry'>, today: Date): LeadQueryFilter {
  return compactFilter({ industry: industries(view.industry), q: normaliseSearch(view.q), dateStart: recentLeadsStart(today) });
}

/** The historical page's API filter: industry, search and the chosen date range. */
export function historicalLeadFilter(view: LeadViewParams, today: Date): LeadQueryFilter {
  return compactFilter({ industry: industries(view.industry), q: normaliseSearch(view.q), ...dateRangeBounds(view.range, today) });
}

/** The API takes a list of industries (any of them); these screens choose one or none. */
function industries(industry: string): string[] | undefined {
  return industry ? [industry] : undefined;
}

/** Drops empty values so equal filters make equal query keys and URLs. */
export function compactFilter(filter: LeadQueryFilter): LeadQueryFilter {
  const compact: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)) compact[key] = value;
  }
  return compact as LeadQueryFilter;
}

/** The API query string for a filter, in a fixed order, with the page (a number or the previous response's cursor) and limit when given. */
export function leadFilterQueryString(filter: LeadQueryFilter, paging?: { page: number; limit: number } | { cursor: string | null; limit: number }): string {
  const params = new URLSearchParams();
  if (paging) {
    if ('page' in paging) params.set('page', String(paging.page));
    else if (paging.cursor !== null) params.set('cursor', paging.cursor);
    params.set('limit', String(paging.limit));
  }
  const compact = compactFilter(filter);
  for (const key of FILTER_KEYS) {
    const value = compact[key];
    // Lists repeat the parameter (?industry=AI&industry=SaaS), as the API reads them.
    if (Array.isArray(value)) for (const item of value) params.append(key, item);
    else if (value !== undefined) params.set(key, String(value));
  }
  return params.toString();
}

const FILTER_KEYS = [
  'industry',
  'fundingRound',
  'minFunding',
  'maxFunding',
  'dateStart',
  'dateEnd',
  'location',
  'q',
  'hasContacts',
  'addedAfter',
] as const satisfies readonly (keyof LeadFilter)[];
