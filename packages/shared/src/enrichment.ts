// Enrichment (issue 31): bounce reports and the coverage the admin's sources screen shows.
import { z } from 'zod';
import { emailStatusSchema } from './leads.js';

/** Bounce reports one account may send per hour. */
export const MAX_BOUNCE_REPORTS_PER_HOUR = 10;

/** POST /api/contacts/:id/bounce and DELETE /api/admin/contacts/:id/bounce */
export const contactParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Contact id must be a UUID'),
});

/** POST: emailStatus is 'bounced'. DELETE (admin): the status the email had before the report. */
export const contactBounceResponseSchema = z.object({
  contact: z.object({ id: z.string(), emailStatus: emailStatusSchema.nullable() }),
});
export type ContactBounceResponse = z.infer<typeof contactBounceResponseSchema>;

/** Leads added in the last 30 days from one source: how many have a website, an email, a verified email. */
export const enrichmentCoverageSchema = z.object({
  source: z.string(),
  leads: z.number().int(),
  withWebsite: z.number().int(),
  withEmail: z.number().int(),
  withVerifiedEmail: z.number().int(),
});
export type EnrichmentCoverage = z.infer<typeof enrichmentCoverageSchema>;

/** GET /api/admin/sources → enrichment */
export const enrichmentStatusSchema = z.object({
  /** HUNTER_API_KEY is set. */
  providerEnabled: z.boolean(),
  /** Provider requests made today (UTC). */
  requestsToday: z.number().int(),
  /** ENRICHMENT_DAILY_LIMIT. */
  dailyLimit: z.number().int(),
  /** Set while the provider asked us to wait (a 429's Retry-After), ISO. */
  pausedUntil: z.string().nullable(),
  /** The last provider errors, newest first (at most 20). */
  lastErrors: z.array(z.object({ at: z.string(), message: z.string() })),
  coverage: z.array(enrichmentCoverageSchema),
});
export type EnrichmentStatus = z.infer<typeof enrichmentStatusSchema>;
