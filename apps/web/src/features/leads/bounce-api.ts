// Bounce reports: a subscriber marks a contact's email as bounced (POST /api/contacts/:id/bounce, at most ten an hour),
// an admin undoes one (DELETE /api/admin/contacts/:id/bounce). Either refreshes every lead and company on screen.
import { contactBounceResponseSchema } from '@fundwire/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { leadKeys } from '@/lib/leads/keys';

export const BOUNCE_MESSAGES = {
  reportFailed: 'Could not report the bounce',
  undoFailed: 'Could not undo the bounce',
} as const;

export function contactBounceUrl(contactId: string): string {
  return `/api/contacts/${encodeURIComponent(contactId)}/bounce`;
}

export function adminContactBounceUrl(contactId: string): string {
  return `/api/admin/contacts/${encodeURIComponent(contactId)}/bounce`;
}

export function useReportBounce() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactId: string) =>
      apiFetch(contactBounceUrl(contactId), { method: 'POST', schema: contactBounceResponseSchema, fallbackMessage: BOUNCE_MESSAGES.reportFailed }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all }),
  });
}

export function useUndoBounce() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactId: string) =>
      apiFetch(adminContactBounceUrl(contactId), { method: 'DELETE', schema: contactBounceResponseSchema, fallbackMessage: BOUNCE_MESSAGES.undoFailed }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all }),
  });
}
