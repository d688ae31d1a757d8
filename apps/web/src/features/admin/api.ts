// The admin's lead calls: one page of the whole list (searchable), create, update, delete, batch
// upload and CSV import. Every write refreshes every cached lead list, stats and sample.
import {
  ADMIN_LEADS_PAGE_SIZE,
  batchUploadResponseSchema,
  bulkDeleteLeadsResponseSchema,
  importSummarySchema,
  leadListResponseSchema,
  splitLeadResponseSchema,
  type LeadInput,
} from '@fundwire/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { leadKeys, LEADS_ERROR, LEADS_URL } from '@/lib/leads/keys';
import { DEFAULT_LEAD_SORT, withSortQuery, type LeadSortParams } from '@/lib/leads/sort-params';
import { leadFilterQueryString } from '@/lib/leads/view-params';
import { apiFetch } from '@/lib/api-client';
import { ADMIN_MESSAGES } from './messages';

export const LEADS_BATCH_URL = '/api/leads/batch';
export const IMPORT_PREVIEW_URL = '/api/admin/imports/preview';
export const IMPORT_URL = '/api/admin/imports';
export const LEADS_BULK_DELETE_URL = '/api/leads/bulk-delete';

export function leadUrl(id: string): string {
  return `${LEADS_URL}/${encodeURIComponent(id)}`;
}

export interface AdminLeadPageParams {
  /** Search text, normalised; '' for all leads. */
  q: string;
  /** 1-based. */
  page: number;
  /** The order (the server's default when absent). */
  sort?: LeadSortParams;
}

// Under leadKeys.all, so invalidating every lead query refreshes the admin list too.
export const adminLeadKeys = {
  all: [...leadKeys.all, 'admin'] as const,
  page: (params: AdminLeadPageParams) => [...adminLeadKeys.all, params] as const,
};

export function adminLeadPageQueryOptions(params: AdminLeadPageParams) {
  return queryOptions({
    queryKey: adminLeadKeys.page(params),
    queryFn: ({ signal }) =>
      apiFetch(
        `${LEADS_URL}?${withSortQuery(leadFilterQueryString({ q: params.q }, { page: params.page, limit: ADMIN_LEADS_PAGE_SIZE }), params.sort ?? DEFAULT_LEAD_SORT)}`,
        {
          schema: leadListResponseSchema,
          fallbackMessage: LEADS_ERROR,
          signal,
        },
      ),
  });
}

/** One page of ADMIN_LEADS_PAGE_SIZE leads. The last page stays on screen while the next one loads. */
export function useAdminLeadPage(params: AdminLeadPageParams) {
  return useQuery({ ...adminLeadPageQueryOptions(params), placeholderData: keepPreviousData });
}

function useInvalidateLeads() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: leadKeys.all });
}

export interface SaveLeadVariables {
  /** Set when editing; absent for a new lead. */
  id?: string;
  input: LeadInput;
}

/** POST /api/leads or PUT /api/leads/:id. Errors are ApiErrors (a 400's body carries field issues). */
export function useSaveLead() {
  const invalidateLeads = useInvalidateLeads();
  return useMutation({
    mutationFn: ({ id, input }: SaveLeadVariables) =>
      id === undefined
        ? apiFetch(LEADS_URL, { method: 'POST', body: input, fallbackMessage: ADMIN_MESSAGES.createFailed })
        : apiFetch(leadUrl(id), { method: 'PUT', body: input, fallbackMessage: ADMIN_MESSAGES.updateFailed }),
    onSuccess: invalidateLeads,
  });
}

export function useDeleteLead() {
  const invalidateLeads = useInvalidateLeads();
  return useMutation({
    mutationFn: (id: string) => apiFetch(leadUrl(id), { method: 'DELETE', fallbackMessage: ADMIN_MESSAGES.deleteFailed }),
    // A 404 means someone else deleted it: refresh either way.
    onSettled: invalidateLeads,
  });
}

/** POST /api/admin/leads/:id/split: a lead that several sources report, back into one lead per report. */
export function useSplitLead() {
  const invalidateLeads = useInvalidateLeads();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/admin/leads/${encodeURIComponent(id)}/split`, {
        method: 'POST',
        body: {},
        schema: splitLeadResponseSchema,
        fallbackMessage: ADMIN_MESSAGES.splitFailed,
      }),
    // A 404 or 409 means the lead changed meanwhile: refresh either way.
    onSettled: invalidateLeads,
  });
}

/** POST /api/leads/bulk-delete: the leads with these ids, in one transaction; answers how many it deleted. A selection
 * is one page's rows, so it stays within the server's MAX_BULK_DELETE_LEADS. */
export function useBulkDeleteLeads() {
  const invalidateLeads = useInvalidateLeads();
  return useMutation({
    mutationFn: (ids: readonly string[]) =>
      apiFetch(LEADS_BULK_DELETE_URL, {
        method: 'POST',
        body: { ids },
        schema: bulkDeleteLeadsResponseSchema,
        fallbackMessage: ADMIN_MESSAGES.bulkDeleteFailed,
      }),
    onSettled: invalidateLeads,
  });
}

export function useBatchUpload() {
  const invalidateLeads = useInvalidateLeads();
  return useMutation({
    mutationFn: (leads: readonly Record<string, unknown>[]) =>
      apiFetch(LEADS_BATCH_URL, {
        method: 'POST',
        body: { leads },
        schema: batchUploadResponseSchema,
        fallbackMessage: ADMIN_MESSAGES.batchFailed,
      }),
    onSuccess: invalidateLeads,
  });
}

/** What importing the file would do; nothing is written. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (file: Blob) =>
      apiFetch(IMPORT_PREVIEW_URL, {
        method: 'POST',
        csv: file,
        schema: importSummarySchema,
        fallbackMessage: ADMIN_MESSAGES.importPreviewFailed,
      }),
  });
}

/** Imports the file, all rows or none. */
export function useRunImport() {
  const invalidateLeads = useInvalidateLeads();
  return useMutation({
    mutationFn: (file: Blob) =>
      apiFetch(IMPORT_URL, { method: 'POST', csv: file, schema: importSummarySchema, fallbackMessage: ADMIN_MESSAGES.importFailed }),
    onSuccess: invalidateLeads,
  });
}
