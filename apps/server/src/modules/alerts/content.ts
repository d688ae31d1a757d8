// What goes into a digest: the leads added in a window, biggest rounds first, with contacts for alerts.
import type { RawQuery } from '../../db/client.js';
import type { DigestLead } from '../../mail/templates/digest.js';

/** Leads listed in one mail; the rest are counted and linked. */
export const DIGEST_LEAD_LIMIT = { newsletter: 15, alerts: 50 } as const;

export interface DigestContent {
  leads: DigestLead[];
  totalCount: number;
}

export async function loadDigestContent(query: RawQuery, options: { from: Date; to: Date; withContacts: boolean; limit: number }): Promise<DigestContent> {
  const range = [options.from.toISOString(), options.to.toISOString()];
  const [total, rows] = await Promise.all([
    query(`select count(*)::int as total from leads where created_at >= $1 and created_at < $2`, range),
    query(
      `select id, company_name, domain, industry, funding_amount, funding_round, location, funding_date::text as funding_date, description
       from leads where created_at >= $1 and created_at < $2
       order by funding_amount desc, id limit $3`,
      [...range, options.limit],
    ),
  ]);
  const leads: DigestLead[] = rows.rows.map((row) => ({
    id: String(row.id),
    companyName: String(row.company_name),
    domain: String(row.domain),
    industry: String(row.industry),
    fundingAmount: Number(row.funding_amount),
    fundingRound: String(row.funding_round),
    location: String(row.location),
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
      byLead.get(String(row.lead_id))?.contacts?.push({ name: String(row.name), role: String(row.role), email: String(row.email), linkedIn: String(row.linked_in) });
    }
  }
  return { leads, totalCount: Number(total.rows[0]?.total ?? 0) };
}
