// GET /api/free-leads, the public sample: one request for the app's query (api.ts) and the prerendered
// /free-leads page's island (src/islands/free-leads.tsx). Kept apart from api.ts and checked with zod/mini,
// so the island loads neither TanStack Query nor classic zod (docs/decisions/010-landing-page-islands.md).
import type { FreeLeadsResponse } from '@fundwire/shared';
import * as z from 'zod/mini';
import { apiFetch } from '@/lib/api-client';

export const FREE_LEADS_URL = '/api/free-leads';

/** docs/product/SPEC.md section 8: the toast for a failed free-leads call. */
export const FREE_LEADS_ERROR = 'Failed to fetch free leads';

/** The shared freeLeadsResponseSchema's shape in zod/mini; the type check below keeps the two equal. */
export const freeLeadsResponseSchema = z.object({
  leads: z.array(
    z.object({
      id: z.string(),
      companyName: z.string(),
      domain: z.string(),
      industry: z.nullable(z.string()),
      fundingAmount: z.nullable(z.number()),
      fundingRound: z.nullable(z.string()),
      roundLabel: z.nullable(z.string()),
      location: z.nullable(z.string()),
      fundingDate: z.string(),
      description: z.string(),
    }),
  ),
  message: z.string(),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesShared: Same<z.infer<typeof freeLeadsResponseSchema>, FreeLeadsResponse> = true;
void schemaMatchesShared;

export function fetchFreeLeads(signal?: AbortSignal): Promise<FreeLeadsResponse> {
  return apiFetch(FREE_LEADS_URL, { schema: freeLeadsResponseSchema, fallbackMessage: FREE_LEADS_ERROR, signal });
}
