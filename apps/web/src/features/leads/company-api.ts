// One company with all of its rounds and contacts (GET /api/companies/:id).
import { companyResponseSchema } from '@fundwire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { leadKeys } from './api';
import { companyUrl } from './company-links';

export const COMPANY_ERROR = 'Failed to fetch the company';

export function companyQueryOptions(id: string) {
  return queryOptions({
    // Under the leads keys, so whatever refreshes leads refreshes companies too.
    queryKey: [...leadKeys.all, 'company', id] as const,
    queryFn: ({ signal }) => apiFetch(companyUrl(id), { schema: companyResponseSchema, fallbackMessage: COMPANY_ERROR, signal }),
  });
}

export function useCompany(id: string) {
  return useQuery(companyQueryOptions(id));
}
