// Send to CRM (issue 32): the account's HubSpot and Pipedrive connections, pushes of leads and their progress, and
// what was pushed where (the "In HubSpot" links). Tokens never come back from the server; nothing here holds one.
import {
  crmPushResponseSchema,
  crmRecordsResponseSchema,
  integrationsSchema,
  type Crm,
  type CrmPush,
  type CrmRecord,
  type Integrations,
} from '@fundwire/shared';
import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { chunkLeadIds, isPushFinished, sendableCrms } from './crm-display';

export const INTEGRATIONS_URL = '/api/integrations';
/** A plain navigation: the server answers with a redirect to HubSpot's authorize page. */
export const HUBSPOT_CONNECT_URL = '/api/integrations/hubspot/connect';
export const CRM_PUSHES_URL = '/api/crm/pushes';
export const CRM_RECORDS_URL = '/api/crm/records';
/** How often an unfinished push is asked about. */
export const PUSH_POLL_MS = 1000;

export const crmKeys = {
  integrations: ['integrations'] as const,
  push: (id: string) => ['crm', 'pushes', id] as const,
  records: ['crm', 'records'] as const,
  recordsChunk: (ids: readonly string[]) => ['crm', 'records', ids.join(',')] as const,
};

export function integrationsQueryOptions() {
  return queryOptions({
    queryKey: crmKeys.integrations,
    queryFn: ({ signal }) =>
      apiFetch(INTEGRATIONS_URL, {
        schema: integrationsSchema,
        fallbackMessage: 'Failed to load your integrations',
        signal,
      }),
  });
}

/** The connections; `enabled` is false for accounts the server would refuse (no active subscription). */
export function useIntegrations(enabled = true) {
  return useQuery({ ...integrationsQueryOptions(), enabled });
}

export function useConnectPipedrive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (apiToken: string) =>
      apiFetch(`${INTEGRATIONS_URL}/pipedrive`, {
        method: 'PUT',
        body: { apiToken },
        schema: integrationsSchema,
        fallbackMessage: 'Failed to connect Pipedrive',
      }),
    onSuccess: (integrations: Integrations) => queryClient.setQueryData(crmKeys.integrations, integrations),
  });
}

export function useDisconnectCrm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (crm: Crm) =>
      apiFetch(`${INTEGRATIONS_URL}/${crm}`, {
        method: 'DELETE',
        fallbackMessage: 'Failed to disconnect',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: crmKeys.integrations }),
  });
}

export function useStartCrmPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ crm, leadIds }: { crm: Crm; leadIds: readonly string[] }) =>
      apiFetch(CRM_PUSHES_URL, {
        method: 'POST',
        body: { crm, leadIds },
        schema: crmPushResponseSchema,
        fallbackMessage: 'Failed to start sending',
      }).then((data) => data.push),
    onSuccess: (push: CrmPush) => queryClient.setQueryData(crmKeys.push(push.id), { push }),
  });
}

export function pushQueryOptions(id: string) {
  return queryOptions({
    queryKey: crmKeys.push(id),
    queryFn: ({ signal }) =>
      apiFetch(`${CRM_PUSHES_URL}/${encodeURIComponent(id)}`, {
        schema: crmPushResponseSchema,
        fallbackMessage: 'Failed to load the progress',
        signal,
      }),
    select: (data) => data.push,
    // Asked again until it is finished; a failed check is retried by the next tick.
    refetchInterval: (query) => (query.state.data && isPushFinished(query.state.data.push) ? false : PUSH_POLL_MS),
    refetchIntervalInBackground: true,
  });
}

export function useCrmPush(id: string | null) {
  return useQuery({ ...pushQueryOptions(id ?? ''), enabled: id !== null });
}

/** What was pushed where, for the leads on screen: one request per 100 leads. */
export function useCrmRecords(leadIds: readonly string[], enabled = true) {
  const chunks = chunkLeadIds(leadIds);
  return useQueries({
    queries: chunks.map((ids) => ({
      queryKey: crmKeys.recordsChunk(ids),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiFetch(`${CRM_RECORDS_URL}?leadIds=${ids.map(encodeURIComponent).join(',')}`, {
          schema: crmRecordsResponseSchema,
          fallbackMessage: 'Failed to load what was sent to your CRM',
          signal,
        }),
      enabled,
      staleTime: 30_000,
    })),
    combine: (results) => ({
      records: results.flatMap((result) => result.data?.records ?? []) satisfies CrmRecord[],
      isError: results.some((result) => result.isError),
    }),
  });
}

/** The CRMs leads can be sent to now (for the saved searches' CRM channel); empty while unknown. */
export function useSendableCrms(enabled = true): Crm[] {
  const integrations = useIntegrations(enabled);
  return sendableCrms(integrations.data);
}
