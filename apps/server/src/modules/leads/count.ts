// Counting and estimates: the planner's estimate of a filter (a plan, no rows read), a count exact up to a limit, and
// the count of a filter's columns (with "has contacts" counted as all less those without).
import { count, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { EXACT_COUNT_LIMIT, type LeadFilter } from '@fundwire/shared';
import { rowsOf, type Db } from '../../db/client.js';
import { leads } from '../../db/schema/index.js';
import { ESTIMATE_TRUST_FACTOR, estimateShowable, trustsEstimate } from './read-rules.js';

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

const dialect = new PgDialect();

/** `select 1 from leads where …` with its values inlined as literals (quoted by Drizzle): what lead_row_estimate explains. */
function estimatedQueryText(where: SQL | undefined): string {
  return dialect.sqlToQuery(sql`select 1 from ${leads} where ${where ?? sql`true`}`.inlineParams()).sql;
}

/**
 * The count a page statement carries, as a FROM item `totals` (match_total, match_estimate), so a list is one round
 * trip: `page` is the page's ids (limit + 1 of them), read in the same statement. Nothing is counted when the
 * page shows the end of the list (list.ts counts it from the page); otherwise the planner's estimate when it may be
 * shown and is large enough to take (read-rules.ts), else a count of at most EXACT_COUNT_LIMIT + 1 matches.
 */
export function pageTotalsSql(where: SQL | undefined, filter: LeadFilter, pageLimit: number, offset: number): SQL {
  const size = sql`(select count(*) from page)`;
  const needed = sql`(${size} >= ${pageLimit} or (${offset}::int > 0 and ${size} = 0))`;
  const estimate = estimateShowable(filter) ? sql`case when ${needed} then lead_row_estimate(${estimatedQueryText(where)}) end` : sql`null::bigint`;
  return sql`(select estimate as match_estimate,
      case when ${needed} and (estimate is null or estimate < ${EXACT_COUNT_LIMIT * ESTIMATE_TRUST_FACTOR}) then
        (select count(*) from (select 1 from ${leads} where ${where ?? sql`true`} limit ${EXACT_COUNT_LIMIT + 1}) capped) end as match_total
    from (select ${estimate}::bigint as estimate) planned) totals`;
}

/** The count from pageTotalsSql's columns; undefined when nothing was counted (the page shows the end of the list). */
export function countFromTotals(total: number | string | null, estimate: number | string | null): MatchCount | undefined {
  if (total !== null) return countFrom(Number(total), estimate === null ? undefined : Number(estimate), EXACT_COUNT_LIMIT);
  if (estimate !== null) return { count: Number(estimate), exact: false };
  return undefined;
}
