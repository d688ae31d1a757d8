// The column-filter strategies: a walk of a list-order index (columnPage), and a round with a narrow amount range read,
// counted and sorted from its own index (narrowColumnPage; read-rules.ts has the cap).
import { and, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { EXACT_COUNT_LIMIT, type FundingRound, type LeadFilter, UNDISCLOSED } from '@fundwire/shared';
import { rowsOf, type Db } from '../../db/client.js';
import { leads } from '../../db/schema/index.js';
import { countFromTotals, type MatchCount } from './count.js';
import { pageLeadsSql, pageRowsOf, type PageLeadRow, type PageRow } from './lead-rows.js';
import type { OrderSql } from './order-sql.js';
import { NARROW_RANGE_CAP } from './read-rules.js';

/** The filter's stated rounds with its amount range, when it has both (what leads_round_amount_idx reads) and no
 * filter on a column the index does not hold: the read must stay index-only, or the planner, expecting thousands of
 * rows to fetch from the table, scans the table instead (decision 026 has the case). Those
 * filters (no contacts, added after) have their own indexes. */
function roundAmountRange(filter: LeadFilter): SQL | undefined {
  const rounds = filter.fundingRound;
  if (!rounds || rounds.includes(UNDISCLOSED) || (filter.minFunding === undefined && filter.maxFunding === undefined)) return undefined;
  if (filter.hasContacts === false || filter.addedAfter) return undefined;
  return and(
    inArray(leads.fundingRound, rounds as FundingRound[]),
    filter.minFunding === undefined ? undefined : gte(leads.fundingAmount, filter.minFunding),
    filter.maxFunding === undefined ? undefined : lte(leads.fundingAmount, filter.maxFunding),
  );
}

/** The size of the filter's round-and-amount range, capped at NARROW_RANGE_CAP + 1, as a scalar a prelude statement
 * selects (list.ts); undefined for a filter without such a range. */
export function rangeSizeSql(filter: LeadFilter): SQL | undefined {
  const range = roundAmountRange(filter);
  return range && sql`(select count(*) from (select 1 from ${leads} where ${range} limit ${NARROW_RANGE_CAP + 1}) range_probe)`;
}

/** Whether a range of this size (rangeSizeSql) is read from its own index. */
export function isNarrowRange(size: number | undefined): size is number {
  return size !== undefined && size <= NARROW_RANGE_CAP;
}

/**
 * A page of a filter with a round and an amount range that holds at most NARROW_RANGE_CAP leads (isNarrowRange), with
 * the count of its matches, in one statement. The planner takes round and amount as independent, and they are not: it
 * expects 24,000 Seed rounds of $100M or more at a million leads where there are none, and walks the round's order
 * index (every Seed lead) to meet them. The range's leads are filtered, counted and sorted in their own index,
 * index-only: under the table's own name, so the filter's conditions and the order's expressions (which name "leads")
 * apply to them as they are, and with only the columns the index holds.
 */
export async function narrowColumnPage(db: Db, filter: LeadFilter, order: OrderSql, columns: SQL | undefined, limit: number, offset: number) {
  const range = roundAmountRange(filter)!;
  return pageRows(
    db,
    order,
    sql`(
      with range as materialized (
        select ${leads.id}, ${leads.fundingDate}, ${leads.fundingRound}, ${leads.fundingAmount}, ${leads.industry}, ${leads.location}
        from ${leads} where ${range}
      )
      select totals.match_total, null::bigint as match_estimate, page.page_id, page.page_rank
      from (select count(*) as match_total from range as leads where ${columns ?? sql`true`}) totals
      left join (
        select ${leads.id} as page_id, (${order.rankOf(true)})::text as page_rank
        from range as leads where ${and(columns, order.after(true)) ?? sql`true`}
        order by ${sql.join(order.orderBy(true), sql`, `)}
        limit ${limit} offset ${offset}
      ) page on true
    ) as page_ids`,
    (total) => ({ count: Number(total), exact: Number(total) <= EXACT_COUNT_LIMIT }),
  );
}

/**
 * A page of a column-filtered list and its count in one statement: the page's ids first (walking an order index, never
 * computing history counts for skipped rows), then those rows with their contacts and history counts, and the count
 * (pageTotalsSql, which reads the ids as `page`) when `totals` is given.
 */
export async function columnPage(db: Db, order: OrderSql, columns: SQL | undefined, limit: number, offset: number, totals?: SQL) {
  const ids = db
    .select({ id: sql<string>`${leads.id}`.as('page_id'), rank: sql<string>`(${order.rankOf(false)})::text`.as('page_rank') })
    .from(leads)
    .where(and(columns, order.after(false)))
    .orderBy(...order.orderBy(false))
    .limit(limit)
    .offset(offset);
  return pageRows(
    db,
    order,
    sql`(
      with page as (${ids})
      select totals.match_total, totals.match_estimate, page.page_id, page.page_rank
      from ${totals ?? sql`(select null::bigint as match_total, null::bigint as match_estimate) as totals`}
      left join page on true
    ) as page_ids`,
    (total, estimate) => countFromTotals(total, estimate),
  );
}

/** The rows of `source` (page_ids: page_id, page_rank, match_total, match_estimate; one row with no page_id carries the
 * count of an empty page) with their leads' JSON, in the page's order, and the count. */
async function pageRows(
  db: Db,
  order: OrderSql,
  source: SQL,
  countOf: (total: number | string | null, estimate: number | string | null) => MatchCount | undefined,
): Promise<{ rows: PageRow[]; matches: MatchCount | undefined }> {
  const byDate = order.dateAscending
    ? [sql`lead_json."fundingDate" asc`, sql`lead_json."id" desc`]
    : [order.keyed ? sql`page_ids.page_rank::bigint desc` : sql`page_ids.page_rank::real desc`, sql`lead_json."fundingDate" desc`, sql`lead_json."id" desc`];
  const rows = rowsOf<PageLeadRow<{ match_total: number | string | null; match_estimate: number | string | null }>>(
    await db.execute(
      pageLeadsSql(source, sql`page_ids.page_id`, sql`page_ids.page_rank as rank, page_ids.match_total, page_ids.match_estimate`, byDate),
    ),
  );
  const first = rows[0];
  return { rows: pageRowsOf(rows), matches: first ? countOf(first.match_total, first.match_estimate) : undefined };
}
