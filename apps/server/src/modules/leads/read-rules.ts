// The rules that choose how a lead list is read: when an estimate is trusted, when a search is looked for among the
// newest leads or read through the search indexes, when a round-and-amount range is read from its own index. One
// place, named; decision 026 holds the EXPLAIN evidence for each number.
import { EXACT_COUNT_LIMIT, SEARCH_EXACT_COUNT_LIMIT } from '@fundwire/shared';

/** How far down the date order a search with many matches looks for its page before it sorts all matches. */
export const SEARCH_WINDOW = 2_000;
/** The furthest a search walks the date order when the first window shows its matches sparse but present. */
export const MAX_SEARCH_WINDOW = 10_000;
/** Estimates this many times the exact-count limit or more are trusted without counting up to the limit (at 1M
 * leads the planner's estimates of the column filters we measured were within 2x; decision 026). A page that
 * shows the end of the list corrects any estimate (readPage). */
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

/** A planner estimate this large is taken as the count without counting up to the limit. */
export function trustsEstimate(estimate: number, limit = EXACT_COUNT_LIMIT): boolean {
  return estimate >= limit * ESTIMATE_TRUST_FACTOR;
}

/** A search the planner expects to be this common is looked for among the newest leads first. */
export function expectsDenseSearch(estimate: number): boolean {
  return estimate >= DENSE_SEARCH_ESTIMATE;
}
