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

/** How many values a repeatable filter (industry, fundingRound) takes at most. */
export const MAX_FILTER_VALUES = 20;

/**
 * A filter that may be repeated (`?industry=SaaS&industry=AI`): Fastify's parser gives a string for one value
 * and an array for several, so both are accepted. Values are trimmed, blanks dropped and repeats kept once;
 * the output is an array, or undefined when no value is left (so absent and empty mean the same).
 */
const repeatable = (name: string, check: (value: string) => string | undefined) =>
  z
    .union([z.string(), z.array(z.string())], { message: `${name} must be text` })
    .optional()
    .transform((raw, context) => {
      const values = (raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]).map((value) => value.trim()).filter((value) => value !== '');
      if (values.length > MAX_FILTER_VALUES) {
        context.addIssue({ code: 'custom', message: `${name} takes at most ${MAX_FILTER_VALUES} values (got ${values.length})` });
        return z.NEVER;
      }
      for (const value of values) {
        const problem = check(value);
        if (problem) {
          context.addIssue({ code: 'custom', message: problem });
          return z.NEVER;
        }
      }
      return values.length > 0 ? [...new Set(values)] : undefined;
    });

const ROUND_FILTER_VALUES: readonly string[] = [...fundingRoundSchema.options, UNDISCLOSED];

/** An ISO 8601 timestamp with a time zone (`2026-11-25T09:00:00Z`, `2026-11-25T10:00:00.123+01:00`). */
const timestampSchema = (name: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) =>
        value === '' ||
        (z.iso.datetime({ offset: true }).safeParse(value).success &&
          // In UTC, still a year 0001-9999: year 0000 does not exist in PostgreSQL's calendar, and an offset can move
          // 0001-01-01 or 9999-12-31 across the edge.
          !Number.isNaN(Date.parse(value)) &&
          /^(?!0000)\d{4}-/.test(new Date(value).toISOString())),
      `${name} must be an ISO 8601 timestamp with a time zone, e.g. 2026-11-25T09:00:00Z`,
    )
    .optional()
    .transform((value) => (value ? new Date(value).toISOString() : undefined));

export const leadFilterSchema = z
  .object({
    /** Any of these industries. */
    industry: repeatable('industry', (value) => (value.length > 100 ? 'industry must be at most 100 characters' : undefined)),
    /** Any of these rounds; Undisclosed matches rounds without a stated stage. */
    fundingRound: repeatable('fundingRound', (value) =>
      ROUND_FILTER_VALUES.includes(value) ? undefined : `fundingRound must be one of ${ROUND_FILTER_VALUES.join(', ')}`,
    ),
    minFunding: wholeNumber('minFunding', 0).optional(),
    maxFunding: wholeNumber('maxFunding', 0).optional(),
    dateStart: isoDateSchema.optional(),
    dateEnd: isoDateSchema.optional(),
    location: optionalText('location', 100),
    q: optionalText('q', 200),
    /** true: at least one contact; false: none; absent or empty: either. */
    hasContacts: z
      .enum(['', 'true', 'false'], { message: 'hasContacts must be true or false' })
      .optional()
      .transform((value) => (value === 'true' ? true : value === 'false' ? false : undefined)),
    /** Only leads added (createdAt) later than this moment, as an ISO timestamp in UTC. */
    addedAfter: timestampSchema('addedAfter'),
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

/** Counts up to this many matches are exact; above it the response gives an estimate (decision 026). */
export const EXACT_COUNT_LIMIT = 1_000;
/** The same for searches. Up to this many, a search's matches are read and sorted (by relevance by default);
 * beyond it, newest first. */
export const SEARCH_EXACT_COUNT_LIMIT = 1_000;
/** `page` reaches this many leads deep at most (page × limit); beyond it, follow `nextCursor`. */
export const MAX_PAGE_DEPTH = 10_000;
export const LEAD_SORTS = ['relevance', 'date', 'amount', 'round'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const leadListQuerySchema = z
  .object({
    page: wholeNumber('page', 1, 1_000_000).optional(),
    limit: wholeNumber('limit', 1, MAX_LEADS_PAGE_SIZE).optional().default(LEADS_PAGE_SIZE),
    /** Opaque: the nextCursor of the previous response. */
    cursor: z
      .string()
      .trim()
      .max(200, 'Invalid cursor')
      .optional()
      .transform((value) => (value ? value : undefined)),
    /**
     * relevance (the default with q; always best match first), date (the default without q), amount or round.
     * Unknown amounts and rounds come last in both directions; ties go newest funding first, then by id.
     */
    sort: z
      .union([z.literal(''), z.enum(LEAD_SORTS)], { message: `sort must be one of ${LEAD_SORTS.join(', ')}` })
      .optional()
      .transform((value) => (value ? value : undefined)),
    dir: z
      .union([z.literal(''), z.enum(SORT_DIRECTIONS)], { message: 'dir must be asc or desc' })
      .optional()
      .transform((value): SortDirection => (value ? value : 'desc')),
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
  /** Exact when countIsExact; more than this when countIsLowerBound; otherwise an estimate within 20% of the truth. */
  totalCount: z.number().int(),
  countIsExact: z.boolean(),
  /** True when totalCount is a lower bound: there are more than totalCount matches ("more than 1,000 leads"). */
  countIsLowerBound: z.boolean(),
  hasMore: z.boolean(),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** The order the leads come in: relevance applies to searches with few enough matches to rank. */
  sort: z.enum(LEAD_SORTS),
  /** The direction applied (relevance is always desc: best match first). */
  dir: z.enum(SORT_DIRECTIONS),
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
