// The leads API's address, query keys and fallback message: shared by the leads screens and the admin list.
import { compactFilter, type LeadQueryFilter } from './view-params';

export const LEADS_URL = '/api/leads';
export const LEAD_STATS_URL = '/api/leads/stats';
export const LEADS_EXPORT_URL = '/api/leads/export.csv';

/** docs/product/SPEC.md section 8: shown when a leads or stats call fails without a server message. */
export const LEADS_ERROR = 'Failed to fetch leads';
export const STATS_ERROR = 'Failed to fetch stats';

export const leadKeys = {
  all: ['leads'] as const,
  free: () => [...leadKeys.all, 'free'] as const,
  lists: () => [...leadKeys.all, 'list'] as const,
  /** `sort` is sortKey() of the order ('' for the default). */
  list: (filter: LeadQueryFilter, sort = '') => [...leadKeys.lists(), compactFilter(filter), sort] as const,
  stats: () => [...leadKeys.all, 'stats'] as const,
};
