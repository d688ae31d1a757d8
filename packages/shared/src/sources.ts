// Lead sources that fill the feed on their own (today: SEC Form D filings), as the admin's
// /admin/sources screen and GET /api/admin/sources see them.
import { z } from 'zod';
import { enrichmentStatusSchema } from './enrichment.js';

export const SOURCE_IDS = ['sec-form-d', 'fundraisingfox'] as const;
export type SourceId = (typeof SOURCE_IDS)[number];

/** Why a filing became no lead; counted per day. */
export const SOURCE_SKIP_REASONS = ['pooled-fund', 'real-estate', 'malformed', 'not-a-startup-round', 'duplicate'] as const;

export const sourceDayStatusSchema = z.enum(['pending', 'running', 'done', 'no-index', 'failed']);

/** One calendar day of one source: what its run found and did. */
export const sourceDaySchema = z.object({
  day: z.string(), // YYYY-MM-DD
  status: sourceDayStatusSchema,
  filingsSeen: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Filings that became no lead, by reason (keys from SOURCE_SKIP_REASONS, or others a source adds). */
  skipped: z.record(z.string(), z.number().int()),
  failed: z.number().int(),
  /** Contacts left out of the day's leads beyond the lead-input contract's 20 per lead. */
  contactsSkipped: z.number().int(),
  /** When the day was last worked on, ISO. */
  updatedAt: z.string(),
});
export type SourceDay = z.infer<typeof sourceDaySchema>;

export const sourceErrorSchema = z.object({
  at: z.string(),
  day: z.string().nullable(),
  /** The filing (an accession number for SEC), when the error is about one. */
  item: z.string().nullable(),
  reason: z.string(),
});
export type SourceError = z.infer<typeof sourceErrorSchema>;

/** A filing that became no lead because it failed or could not be read, with the reason. */
export const sourceFailureSchema = z.object({
  /** The filing (an accession number for SEC). */
  item: z.string(),
  day: z.string(),
  result: z.enum(['failed', 'malformed']),
  reason: z.string(),
  attempts: z.number().int(),
  /** When it was first handled, ISO. */
  at: z.string(),
});
export type SourceFailure = z.infer<typeof sourceFailureSchema>;

/** Most failed filings listed per source, newest first. */
export const SOURCE_FAILURES_LISTED = 50;

export const sourceStatusSchema = z.object({
  id: z.enum(SOURCE_IDS),
  name: z.string(),
  enabled: z.boolean(),
  /** How to turn it on, when it is off (for example which environment variable to set). */
  enableHint: z.string().nullable(),
  lastRun: z
    .object({ startedAt: z.string(), finishedAt: z.string().nullable(), status: z.enum(['running', 'done', 'failed']) })
    .nullable(),
  nextRunAt: z.string().nullable(),
  /** Set while the source blocked us (e.g. an SEC 403 that is not "no index yet"): no instance runs it before `until`. */
  paused: z.object({ until: z.string(), reason: z.string() }).nullable(),
  /** Newest first; at most the last 30 days worked on. */
  days: z.array(sourceDaySchema),
  /** Newest first; at most 20. */
  errors: z.array(sourceErrorSchema),
  /** Filings that failed or could not be read, newest first; at most SOURCE_FAILURES_LISTED. */
  failures: z.array(sourceFailureSchema),
});
export type SourceStatus = z.infer<typeof sourceStatusSchema>;

/** Data health: rounds that more than one source reported, merged into one lead. */
export const sourceMergesSchema = z.object({
  /** Reports folded into another source's lead in the last 7 days. */
  mergedThisWeek: z.number().int(),
  /** Leads that more than one source reports. */
  leadsWithSeveralSources: z.number().int(),
});
export type SourceMerges = z.infer<typeof sourceMergesSchema>;

/** GET /api/admin/sources */
export const sourcesResponseSchema = z.object({ sources: z.array(sourceStatusSchema), merges: sourceMergesSchema, enrichment: enrichmentStatusSchema });
export type SourcesResponse = z.infer<typeof sourcesResponseSchema>;

/** POST /api/admin/sources/:id/run → 202; 409 {error} when the source is disabled. */
export const sourceRunResponseSchema = z.object({ queued: z.boolean(), days: z.array(z.string()) });
export type SourceRunResponse = z.infer<typeof sourceRunResponseSchema>;
