// The leads that are news for a digest mail (modules/mail-queue): added in a window and funded recently, biggest
// rounds first, with their contacts for alert mails.
import { NEWS_MAX_AGE_DAYS, type Contact, type FreeLead } from '@fundwire/shared';
import type { RawQuery } from '../../db/client.js';

export type NewsLead = FreeLead & { contacts?: Contact[] };

/**
 * News for a digest: added in [from, to) AND funded within NEWS_MAX_AGE_DAYS of `to`. An old round imported
 * today is archive material, not this week's news. $1 = from, $2 = to.
 */
const NEWS_WHERE = `created_at >= $1 and created_at < $2 and funding_date >= ($2::timestamptz - interval '${NEWS_MAX_AGE_DAYS} days')::date`;

/** How many leads are news for a digest covering [from, to). */
export async function countNewsLeads(query: RawQuery, range: { from: Date; to: Date }): Promise<number> {
  const result = await query(`select count(*)::int as total from leads where ${NEWS_WHERE}`, [range.from.toISOString(), range.to.toISOString()]);
  return Number(result.rows[0]?.total ?? 0);
}

/** The first `limit` news leads of [from, to), biggest rounds first; with their contacts in order when withContacts. */
export async function listNewsLeads(query: RawQuery, options: { from: Date; to: Date; withContacts: boolean; limit: number }): Promise<NewsLead[]> {
  const rows = await query(
    `select id, company_name, domain, industry, funding_amount, funding_round, round_label, location, funding_date::text as funding_date, description
     from leads where ${NEWS_WHERE}
     order by funding_amount desc nulls last, id limit $3`,
    [options.from.toISOString(), options.to.toISOString(), options.limit],
  );
  const leads: NewsLead[] = rows.rows.map((row) => ({
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
      `select lead_id, name, role, email, linked_in from contacts where lead_id = any($1::uuid[]) order by lead_id, position`,
      [leads.map((lead) => lead.id)],
    );
    const byLead = new Map(leads.map((lead) => [lead.id, lead]));
    for (const lead of leads) lead.contacts = [];
    for (const row of contacts.rows) {
      byLead.get(String(row.lead_id))?.contacts?.push({ name: String(row.name), role: String(row.role), email: row.email === '' ? null : String(row.email), linkedIn: String(row.linked_in) });
    }
  }
  return leads;
}
