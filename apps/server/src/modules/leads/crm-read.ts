// What Send to CRM (modules/crm) reads of leads: the rounds with their contacts, by id, as the CRM writers need them.
import { asc, inArray } from 'drizzle-orm';
import type { Db, RawQuery } from '../../db/client.js';
import { contacts, leads } from '../../db/schema/index.js';

export interface CrmLeadContact {
  id: string;
  name: string;
  role: string;
  /** null when unknown. */
  email: string | null;
}

export interface CrmLead {
  id: string;
  companyName: string;
  domain: string;
  industry: string | null;
  location: string | null;
  fundingAmount: number | null;
  fundingRound: string | null;
  roundLabel: string | null;
  fundingDate: string;
  sourceUrl: string | null;
  contacts: CrmLeadContact[];
}

/** The leads of these ids that exist (in no particular order), each with its contacts in their order. */
export async function leadsForCrm(db: Db, ids: readonly string[]): Promise<CrmLead[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: leads.id,
      companyName: leads.companyName,
      domain: leads.domain,
      industry: leads.industry,
      location: leads.location,
      fundingAmount: leads.fundingAmount,
      fundingRound: leads.fundingRound,
      roundLabel: leads.roundLabel,
      fundingDate: leads.fundingDate,
      sourceUrl: leads.sourceUrl,
    })
    .from(leads)
    .where(inArray(leads.id, [...ids]));
  const people = await db
    .select({ id: contacts.id, leadId: contacts.leadId, name: contacts.name, role: contacts.role, email: contacts.email })
    .from(contacts)
    .where(inArray(contacts.leadId, [...ids]))
    .orderBy(asc(contacts.leadId), asc(contacts.position));
  const byLead = new Map<string, CrmLeadContact[]>();
  for (const { leadId, email, ...person } of people) {
    const list = byLead.get(leadId) ?? [];
    list.push({ ...person, email: email === '' ? null : email });
    byLead.set(leadId, list);
  }
  return rows.map((row) => ({ ...row, contacts: byLead.get(row.id) ?? [] }));
}

/** Inside a caller's transaction: the company name of each of these leads that exists. */
export async function companyNamesWithin(query: RawQuery, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await query('select id, company_name from leads where id = any($1::uuid[])', [[...ids]]);
  return new Map(rows.map((row) => [String(row.id), String(row.company_name)]));
}
