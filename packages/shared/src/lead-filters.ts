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

/** Counts up to this many matches are exact; above it the response gives the database's estimate. */
export const EXACT_COUNT_LIMIT = 10_000;
/** The same for searches, whose matches are counted in the table rather than inside an index. Up to this
 * many, a search's matches are read and sorted (by relevance by default); beyond it, newest first. */
export const SEARCH_EXACT_COUNT_LIMIT = 1_000;
/** `page` reaches this many leads deep at most (page × limit); beyond it, follow `nextCursor`. */
export const MAX_PAGE_DEPTH = 10_000;
export const LEAD_SORTS = ['relevance', 'date'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];

export const leadListQuerySchema = z
  .object({
    page: wholeNumber('page', 1, 1_000_000).optional(),
    limit: wholeNumber('limit', 1, MAX_LEADS_PAGE_SIZE).optional().default(LEADS_PAGE_SIZE),
    /** Opaque: the nextCursor of the previous response. */
    cursor: z.string().trim().max(200, 'Invalid cursor').optional().transform((value) => (value ? value : undefined)),
    /** relevance (the default with q) or date (newest funding first; the default without q). */
    sort: z
      .union([z.literal(''), z.enum(LEAD_SORTS)], { message: 'sort must be relevance or date' })
      .optional()
      .transform((value) => (value ? value : undefined)),
  })
  .and(leadFilterSchema)
  .refine((query) => query.page === undefined || query.cursor === undefined || query.page === 1, {
    message: 'Use either page or cursor, not both',
    path: ['cursor'],
  })
  .refine((query) => query.page === undefined || query.page * query.limit <= MAX_PAGE_DEPTH, {
    message: `page is too deep: page × limit must be at most ${MAX_PAGE_DEPTH.toLocaleString('en-US')}; use cursor (each response's nextCursor) for pages beyond`,
    path: ['page'],
  });
export type LeadListQuery = z.output<typeof leadListQuerySchema>;

export const leadListResponseSchema = z.object({
  leads: z.array(leadSchema),
  /** Exact when countIsExact; otherwise the database's estimate. */
  totalCount: z.number().int(),
  countIsExact: z.boolean(),
  hasMore: z.boolean(),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** The order the leads come in: relevance applies to searches with few enough matches to rank. */
  sort: z.enum(LEAD_SORTS),
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
