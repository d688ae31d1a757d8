// Personal API keys (issue 16): list, create (the secret comes back this once) and revoke.
import { apiKeyCreatedSchema, apiKeyListResponseSchema } from '@fundwire/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const API_KEYS_URL = '/api/api-keys';
export const API_DOCS_URL = '/api/docs';
const apiKeyKeys = { all: ['api-keys'] as const };

export function useApiKeys(enabled: boolean) {
  return useQuery({
    queryKey: apiKeyKeys.all,
    queryFn: ({ signal }) => apiFetch(API_KEYS_URL, { schema: apiKeyListResponseSchema, fallbackMessage: 'Failed to load your API keys', signal }),
    select: (data) => data.apiKeys,
    enabled,
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiFetch(API_KEYS_URL, { method: 'POST', body: { name }, schema: apiKeyCreatedSchema, fallbackMessage: 'Failed to create the key' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`${API_KEYS_URL}/${encodeURIComponent(id)}`, { method: 'DELETE', fallbackMessage: 'Failed to revoke the key' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
