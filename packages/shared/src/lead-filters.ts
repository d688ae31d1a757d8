// The lead list filter, as the query string carries it. One schema for the API, the export and the web app.
import { z } from 'zod';
import { MAX_LEADS_PAGE_SIZE, LEADS_PAGE_SIZE, UNDISCLOSED } from './constants.js';
import { fundingRoundSchema, isoDateSchema, leadSchema } from './leads.js';

const wholeNumber = (name: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`));

const optionalText = (name: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

export const leadFilterSchema = z
  .object({
    industry: optionalText('industry', 100),
    fundingRound: z
      .union([z.literal(''), z.literal(UNDISCLOSED), fundingRoundSchema], {
        message: 'fundingRound must be one of Pre-Seed, Seed, Series A, Series B, Series C, Series D+, Undisclosed',
      })
      .optional()
      .transform((value) => (value ? value : undefined)),
    minFunding: wholeNumber('minFunding', 0).optional(),
    maxFunding: wholeNumber('maxFunding', 0).optional(),
    dateStart: isoDateSchema.optional(),
    dateEnd: isoDateSchema.optional(),
    location: optionalText('location', 100),
    q: optionalText('q', 200),
  })
  .refine((filter) => filter.minFunding === undefined || filter.maxFunding === undefined || filter.minFunding <= filter.maxFunding, {
    message: 'minFunding must not be greater than maxFunding',
    path: ['minFunding'],
  })
  .refine((filter) => !filter.dateStart || !filter.dateEnd || filter.dateStart <= filter.dateEnd, {
    message: 'dateStart must not be after dateEnd',
    path: ['dateStart'],
  });
export type LeadFilter = z.output<typeof leadFilterSchema>;

export const leadListQuerySchema = z
  .object({
    page: wholeNumber('page', 1, 1_000_000).optional().default(1),
    limit: wholeNumber('limit', 1, MAX_LEADS_PAGE_SIZE).optional().default(LEADS_PAGE_SIZE),
  })
  .and(leadFilterSchema);
export type LeadListQuery = z.output<typeof leadListQuerySchema>;

export const leadListResponseSchema = z.object({
  leads: z.array(leadSchema),
  totalCount: z.number().int(),
  hasMore: z.boolean(),
});
export type LeadListResponse = z.infer<typeof leadListResponseSchema>;

export const leadStatsSchema = z.object({
  industries: z.array(z.string()),
  totalLeads: z.number().int(),
  /** Sum and mean of disclosed amounts only. */
  totalFunding: z.number(),
  avgFunding: z.number(),
  /** How many leads have a disclosed amount. */
  disclosedCount: z.number().int(),
  recentLeads: z.number().int(),
});
export type LeadStats = z.infer<typeof leadStatsSchema>;
