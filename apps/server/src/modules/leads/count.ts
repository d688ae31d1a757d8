// Counting and estimates: the planner's estimate of a filter (a plan, no rows read), a count exact up to a limit, and
// the count of a filter's columns (with "has contacts" counted as all less those without).
import { count, sql, type SQL } from 'drizzle-orm';
import { EXACT_COUNT_LIMIT, type LeadFilter } from '@fundwire/shared';
import { rowsOf, type Db } from '../../db/client.js';
import { leads } from '../../db/schema/index.js';
import { columnConditions } from './filter-sql.js';
import { estimateShowable, trustsEstimate } from './read-rules.js';

/** A count: exact; an estimate within 20% of the truth (exact false); or, with atLeast, more than `count`. */
export interface MatchCount {
  count: number;
  exact: boolean;
  atLeast?: true;
}

/** The planner's row estimate for the filter: a plan, no rows read. */
export async function estimateMatches(db: Db, where: SQL | undefined): Promise<number> {
  const result = await db.execute(sql`explain (format json) select 1 from ${leads} ${where ? sql`where ${where}` : sql``}`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  const value = row ? Object.values(row)[0] : undefined;
  const plan = (typeof value === 'string' ? JSON.parse(value) : value) as [{ Plan: { 'Plan Rows': number } }] | undefined;
  return Math.round(plan?.[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * Exact up to `limit` (reading at most one match more than that). Beyond it, the planner's estimate when
 * `showEstimate` (estimateShowable: one column's fresh statistics) and it is not below what was counted, else "more
 * than `limit`". A showable estimate far above the limit is taken as it is, without reading any match.
 */
export async function countMatches(db: Db, where: SQL | undefined, limit = EXACT_COUNT_LIMIT, showEstimate = true): Promise<MatchCount> {
  const estimate = showEstimate ? await estimateMatches(db, where) : undefined;
  if (estimate !== undefined && trustsEstimate(estimate, limit)) return { count: estimate, exact: false };
  const limited = db
    .select({ one: sql`1`.as('one') })
    .from(leads)
    .where(where)
    .limit(limit + 1)
    .as('limited');
  const [row] = await db.select({ total: count() }).from(limited);
  return countFrom(row?.total ?? 0, estimate, limit);
}

/** The count from a count capped at limit + 1 and the estimate when one may be shown (countMatches). */
export function countFrom(counted: number, estimate: number | undefined, limit: number): MatchCount {
  if (counted <= limit) return { count: counted, exact: true };
  if (estimate !== undefined && estimate >= counted) return { count: estimate, exact: false };
  return { count: limit, exact: false, atLeast: true };
}

/**
 * A filter's count without its search words. "Has contacts" is counted as the filter without it less its leads
 * without contacts (the stored flag, true exactly for those: migration 0020), when that count is exact or none lack
 * contacts. Counted directly, every match up to the limit was probed in the contacts index, because the planner
 * estimates that probe (a semi-join) too loosely to trust (decision 026).
 * `columns` is columnConditions(filter, locations), which the page already built.
 */
export async function countColumnMatches(db: Db, filter: LeadFilter, locations: string[] | undefined, columns: SQL | undefined): Promise<MatchCount> {
  if (filter.hasContacts !== true) return countMatches(db, columns, EXACT_COUNT_LIMIT, estimateShowable(filter));
  const withoutFlag = { ...filter, hasContacts: undefined };
  const all = await countMatches(db, columnConditions(withoutFlag, locations), EXACT_COUNT_LIMIT, estimateShowable(withoutFlag));
  const lackingConditions = columnConditions({ ...filter, hasContacts: false }, locations);
  if (all.exact) {
    // Those without contacts are some of all, so at most the limit: counted, never estimated.
    const lacking = await countMatches(db, lackingConditions, EXACT_COUNT_LIMIT, false);
    return { count: all.count - lacking.count, exact: true };
  }
  const lacking = await countMatches(db, lackingConditions, EXACT_COUNT_LIMIT, false);
  if (lacking.exact && lacking.count === 0) return all;
  return countMatches(db, columns, EXACT_COUNT_LIMIT, false);
}
