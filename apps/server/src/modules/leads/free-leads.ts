// The public sample: the most recent leads without any contact data, and the line that invites a subscription.
import { count, desc } from 'drizzle-orm';
import { FREE_LEADS_COUNT, type FreeLead } from '@fundwire/shared';
import type { Db } from '../../db/client.js';
import { leads } from '../../db/schema/index.js';

export interface FreeLeadsResult {
  leads: FreeLead[];
  message: string;
}

/** The most recent leads, without contacts or any contact data. */
export async function listFreeLeads(db: Db, limit = FREE_LEADS_COUNT): Promise<FreeLeadsResult> {
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: leads.id,
        companyName: leads.companyName,
        domain: leads.domain,
        industry: leads.industry,
        fundingAmount: leads.fundingAmount,
        fundingRound: leads.fundingRound,
        roundLabel: leads.roundLabel,
        location: leads.location,
        fundingDate: leads.fundingDate,
        description: leads.description,
      })
      .from(leads)
      .orderBy(desc(leads.fundingDate), desc(leads.id))
      .limit(limit),
    db.select({ total: count() }).from(leads),
  ]);
  const total = totals[0]?.total ?? 0;
  const message =
    total > rows.length
      ? `You're seeing ${rows.length} of ${total.toLocaleString('en-US')} funding rounds. Subscribe for the full archive with contacts for every company.`
      : 'Subscribe to get new funding rounds with contacts for every company, every week.';
  return { leads: rows, message };
}
