// What goes into a digest: the leads added in a window that are still news, biggest rounds first, with contacts for alerts.
import { NEWS_MAX_AGE_DAYS } from '@fundwire/shared';
import type { RawQuery } from '../../db/client.js';
import type { DigestLead } from '../../mail/templates/digest.js';

/** Leads listed in one mail; the rest are counted and linked. */
export const DIGEST_LEAD_LIMIT = { newsletter: 15, alerts: 50 } as const;

export interface DigestContent {
  leads: DigestLead[];
  totalCount: number;
}

/**
 * News for a digest: added in [from, to) AND funded within NEWS_MAX_AGE_DAYS of `to`. An old round imported
 * today is archive material, not this week's news. $1 = from, $2 = to.
 */
export const NEWS_WHERE = `created_at >= $1 and created_at < $2 and funding_date >= ($2::timestamptz - interval '${NEWS_MAX_AGE_DAYS} days')::date`;

/** How many leads a digest covering [from, to) carries: the count the admin sees is the count the mail carries. */
export async function countDigestLeads(query: RawQuery, range: { from: Date; to: Date }): Promise<number> {
  const result = await query(`select count(*)::int as total from leads where ${NEWS_WHERE}`, [range.from.toISOString(), range.to.toISOString()]);
  return Number(result.rows[0]?.total ?? 0);
}

export async function loadDigestContent(query: RawQuery, options: { from: Date; to: Date; withContacts: boolean; limit: number }): Promise<DigestContent> {
  const range = [options.from.toISOString(), options.to.toISOString()];
  const [totalCount, rows] = await Promise.all([
    countDigestLeads(query, options),
    query(
      `select id, company_name, domain, industry, funding_amount, funding_round, round_label, location, funding_date::text as funding_date, description
       from leads where ${NEWS_WHERE}
       order by funding_amount desc nulls last, id limit $3`,
      [...range, options.limit],
    ),
  ]);
  const leads: DigestLead[] = rows.rows.map((row) => ({
    id: String(row.id),
    companyName: String(row.company_name),
    domain: String(row.domain),
    industry: row.industry === null ? null : String(row.industry),
    fundingAmount: row.funding_amount === null ? null : Number(row.funding_amount),
    fundingRound: row.funding_round === null ? null : String(row.funding_round),
    roundLabel: row.round_label === null ? null : String(row.round_label),
    location: row.location === null ? null : String(row.location),
    fundingDate: String(row.funding_date),
    description: String(row.description),
  }));
  if (options.withContacts && leads.length > 0) {
    const contacts = await query(
      `select lead_id, name, role, case when email_status = 'bounced' then '' else email end as email, linked_in from contacts where lead_id = any($1::uuid[]) order by lead_id, position`,
      [leads.map((lead) => lead.id)],
    );
    const byLead = new Map(leads.map((lead) => [lead.id, lead]));
    for (const lead of leads) lead.contacts = [];
    for (const row of contacts.rows) {
      byLead.get(String(row.lead_id))?.contacts?.push({ name: String(row.name), role: String(row.role), email: row.email === '' ? null : String(row.email), linkedIn: String(row.linked_in) });
    }
  }
  return { leads, totalCount };
}
