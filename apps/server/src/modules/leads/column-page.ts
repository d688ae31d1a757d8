// The column-filter strategies: a walk of a list-order index (columnPage), and a round with a narrow amount range read,
// counted and sorted from its own index (narrowColumnPage; read-rules.ts has the cap).
import { and, asc, desc, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { EXACT_COUNT_LIMIT, type FundingRound, type LeadFilter, UNDISCLOSED } from '@fundwire/shared';
import { rowsOf, type Db } from '../../db/client.js';
import { leads } from '../../db/schema/index.js';
import type { MatchCount } from './count.js';
import { leadPageColumns, type PageId } from './lead-rows.js';
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

/**
 * A page of a filter with a round and an amount range that holds at most NARROW_RANGE_CAP leads, with the count of its
 * matches; undefined for any other filter. The planner takes round and amount as independent, and they are not: it
 * expects 24,000 Seed rounds of $100M or more at a million leads where there are none, and walks the round's order
 * index (every Seed lead) to meet them. The range is counted in its own index first (at most CAP + 1 entries);
 * when it is small, its leads are filtered, counted and sorted there, index-only.
 */
export async function narrowColumnPage(
  db: Db,
  filter: LeadFilter,
  order: OrderSql,
  columns: SQL | undefined,
  limit: number,
  offset: number,
): Promise<{ ids: PageId[]; matches: MatchCount } | undefined> {
  const range = roundAmountRange(filter);
  if (!range) return undefined;
  const [probe] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*) as n from (select 1 from ${leads} where ${range} limit ${NARROW_RANGE_CAP + 1}) range_probe`),
  );
  if (Number(probe?.n ?? 0) > NARROW_RANGE_CAP) return undefined;
  // The range's leads under the table's own name, so the filter's conditions and the order's expressions (which name
  // "leads") apply to them as they are. Only the columns the index holds.
  const [row] = rowsOf<{ total: number | string; page: [string, string][] | string }>(
    await db.execute(sql`
      with range as materialized (
        select ${leads.id}, ${leads.fundingDate}, ${leads.fundingRound}, ${leads.fundingAmount}, ${leads.industry}, ${leads.location}
        from ${leads} where ${range}
      )
      select
        (select count(*) from range as leads where ${columns ?? sql`true`}) as total,
        (select coalesce(json_agg(json_build_array(page.id, page.rank)), '[]'::json) from (
          select ${leads.id}::text as id, (${order.rankOf(true)})::text as rank
          from range as leads where ${and(columns, order.after(true)) ?? sql`true`}
          order by ${sql.join(order.orderBy(true), sql`, `)}
          limit ${limit} offset ${offset}
        ) page) as page`),
  );
  const page = typeof row?.page === 'string' ? (JSON.parse(row.page) as [string, string][]) : (row?.page ?? []);
  const total = Number(row?.total ?? 0);
  return { ids: page.map(([id, rank]) => ({ id, rank })), matches: { count: total, exact: total <= EXACT_COUNT_LIMIT } };
}

/** A page of a column-filtered list in one query: the page's ids first (walking an order index), then those rows with
 * their history counts (never computed for skipped rows). */
export async function columnPage(db: Db, order: OrderSql, columns: SQL | undefined, limit: number, offset: number) {
  const ids = db
    .select({ id: sql<string>`${leads.id}`.as('page_id'), rank: sql<string>`(${order.rankOf(false)})::text`.as('page_rank') })
    .from(leads)
    .where(and(columns, order.after(false)))
    .orderBy(...order.orderBy(false))
    .limit(limit)
    .offset(offset);
  return db
    .select({ ...leadPageColumns, rank: sql<string>`page_ids.page_rank` })
    .from(sql`(${ids}) as page_ids`)
    .innerJoin(leads, sql`${leads.id} = page_ids.page_id`)
    .orderBy(
      ...(order.dateAscending
        ? [asc(leads.fundingDate), desc(leads.id)]
        : [order.keyed ? sql`page_ids.page_rank::bigint desc` : sql`page_ids.page_rank::real desc`, desc(leads.fundingDate), desc(leads.id)]),
    );
}
