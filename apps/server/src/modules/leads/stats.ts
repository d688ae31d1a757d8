// The stats summary: total leads, funding, the average disclosed round, this week's leads and the industries.
import { asc, count, gte, sql } from 'drizzle-orm';
import { RECENT_DAYS, type LeadStats } from '@fundwire/shared';
import type { Db } from '../../db/client.js';
import { leads } from '../../db/schema/index.js';
import { readLeadsVersion } from './cache.js';
import { cachesFor } from './read-caches.js';

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function recentStartDate(now = new Date()): string {
  return isoDay(new Date(now.getTime() - (RECENT_DAYS - 1) * 86_400_000));
}

export async function getLeadStats(db: Db): Promise<LeadStats> {
  const version = await readLeadsVersion(db);
  const since = recentStartDate();
  return cachesFor(db).stats.get(`stats:${since}`, version, async () => {
    const [totals, industries, recent] = await Promise.all([
      db
        .select({
          totalLeads: count(),
          // Sum and mean of disclosed amounts only: an undisclosed round is not a $0 round.
          disclosedCount: count(leads.fundingAmount),
          totalFunding: sql<string>`coalesce(sum(${leads.fundingAmount}), 0)`,
        })
        .from(leads),
      // An unknown industry is not a filter option.
      db
        .selectDistinct({ industry: leads.industry })
        .from(leads)
        .where(sql`${leads.industry} is not null`)
        .orderBy(asc(leads.industry)),
      db.select({ value: count() }).from(leads).where(gte(leads.fundingDate, since)),
    ]);
    const totalLeads = totals[0]?.totalLeads ?? 0;
    const disclosedCount = totals[0]?.disclosedCount ?? 0;
    const totalFunding = Number(totals[0]?.totalFunding ?? 0);
    return {
      industries: industries.flatMap((row) => (row.industry === null ? [] : [row.industry])),
      totalLeads,
      totalFunding,
      avgFunding: disclosedCount > 0 ? Math.round(totalFunding / disclosedCount) : 0,
      disclosedCount,
      recentLeads: recent[0]?.value ?? 0,
    };
  });
}
