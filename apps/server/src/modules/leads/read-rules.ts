// The rules that choose how a lead list is read: when an estimate is trusted, when a search is looked for among the
// newest leads or read through the search indexes, when a round-and-amount range is read from its own index. One
// place, named; decision 026 holds the EXPLAIN evidence for each number.
import { EXACT_COUNT_LIMIT, type LeadFilter, SEARCH_EXACT_COUNT_LIMIT } from '@fundwire/shared';

/** How far down the date order a search with many matches looks for its page before it sorts all matches. */
export const SEARCH_WINDOW = 2_000;
/** The furthest a search walks the date order when the first window shows its matches sparse but present. */
export const MAX_SEARCH_WINDOW = 10_000;
/** A showable estimate (estimateShowable) this many times the exact-count limit or more is taken without counting up to
 * the limit. A page that shows the end of the list corrects any estimate (list.ts). */
export const ESTIMATE_TRUST_FACTOR = 5;
/** A search expected to be rare reads at most this many of its matches (through the search indexes) in one query,
 * counting and sorting them there. Reading a few thousand rows costs little next to building the bitmaps that find
 * them, so a search the planner underestimates (`33` in AI: 599 expected, 1,033 real) is still read once. */
export const SEARCH_READ_CAP = 5_000;
/** A search the planner expects to match at least this many leads is looked for among the newest leads first. */
export const DENSE_SEARCH_ESTIMATE = 2 * SEARCH_EXACT_COUNT_LIMIT;
/** A round with an amount range holding at most this many leads is read from its own index (narrowColumnPage). */
export const NARROW_RANGE_CAP = 2_000;
/** A location filter matching more distinct locations than this stays a substring match on the leads. */
export const LOCATION_LIST_LIMIT = 200;
/** A last word with more completions than this stays a prefix (`a:*`): spelled out it would be a long list of words
 * as costly to read as the prefix. */
export const MAX_PREFIX_COMPLETIONS = 50;

/** The filters a search reads as tokens of the search document (migration 0032: '#industry:…', '#round:…',
 * '#location:…'; search-query.ts): with a search, the search index intersects the words' entries with the tokens',
 * so a word and an industry, round or location that rarely meet read only their common entries, never every lead of
 * the word or of the filter (decision 026). A location is a token once resolved to its distinct locations. */
export const SEARCH_TOKEN_FILTERS = ['industry', 'fundingRound', 'location'] as const;

/** A planner estimate this large is taken as the count without counting up to the limit. */
export function trustsEstimate(estimate: number, limit = EXACT_COUNT_LIMIT): boolean {
  return estimate >= limit * ESTIMATE_TRUST_FACTOR;
}

/** A search the planner expects to be this common is looked for among the newest leads first. */
export function expectsDenseSearch(estimate: number): boolean {
  return estimate >= DENSE_SEARCH_ESTIMATE;
}

/**
 * Whether the planner's estimate of this filter may be shown as "about N": only when it comes from one column's
 * statistics (no filter, or conditions on one of industry, round, amount, funding date, added date, "no contacts"),
 * which bulk writes keep fresh (lead-statistics.ts), so it is within 20% of the truth. Combinations multiply
 * selectivities as if columns were independent, substring locations and "has contacts" are guesses, and searches are
 * estimated from word frequencies: for those the count is exact up to the limit, else "more than" the limit.
 */
export function estimateShowable(filter: LeadFilter): boolean {
  if (filter.q !== undefined || filter.location !== undefined || filter.hasContacts === true) return false;
  const columns = [
    filter.industry !== undefined,
    filter.fundingRound !== undefined,
    filter.minFunding !== undefined || filter.maxFunding !== undefined,
    filter.dateStart !== undefined || filter.dateEnd !== undefined,
    filter.addedAfter !== undefined,
    filter.hasContacts === false,
  ];
  return columns.filter(Boolean).length <= 1;
}

/** Bulk writes refresh the planner's statistics of leads and contacts once the leads they wrote since the last refresh
 * pass this share of the table plus ANALYZE_MIN_WRITES (autovacuum's own analyze threshold, which PGlite never runs). */
export const ANALYZE_WRITE_SHARE = 0.1;
export const ANALYZE_MIN_WRITES = 50;
