// A lead as the API shows it: the columns a page reads (with its earlier-round count, merged sources and contacts
// built by the database as JSON), the row → Lead mapping and one lead by id.
import { getTableColumns, sql } from 'drizzle-orm';
import { EDITABLE_LEAD_FIELDS, type EditableLeadField, type Lead, type LeadSourceRef } from '@fundwire/shared';
import { rowsOf, type Db } from '../../db/client.js';
import { CONTACT_JSON_SQL } from './contact-emails.js';
import { leads, type LeadRow } from '../../db/schema/index.js';

export type ContactFields = Lead['contacts'][number];

/** A lead row with the count of its company's rounds funded before it (one index range per row). */
const { searchVector: _searchVector, ...leadColumns } = getTableColumns(leads);
export const leadWithHistoryColumns = {
  ...leadColumns,
  // Spelled out: Drizzle leaves the outer columns unqualified, and inside the subquery they would mean `earlier`'s.
  earlierRounds:
    sql<number>`(select count(*) from leads as earlier where earlier.company_id = "leads"."company_id" and earlier.funding_date < "leads"."funding_date")`.mapWith(
      Number,
    ),
  // The sources that report the round, when several were merged (modules/leads/merge.ts); else none (the lead's own).
  reportSources: sql<
    LeadSourceRef[] | string
  >`(select coalesce(json_agg(json_build_object('source', r.source, 'sourceId', r.source_id, 'sourceUrl', r.source_url) order by r.merged_at, r.identity_key), '[]'::json) from lead_reports as r where r.lead_id = "leads"."id")`,
};
type LeadWithHistory = Omit<LeadRow, 'searchVector'> & { earlierRounds: number; reportSources: LeadSourceRef[] | string };

/** The lead's sources: its merged reports, else its own source. */
function leadSources(row: Pick<LeadWithHistory, 'source' | 'sourceId' | 'sourceUrl' | 'reportSources'>): LeadSourceRef[] {
  const reports = typeof row.reportSources === 'string' ? (JSON.parse(row.reportSources) as LeadSourceRef[]) : row.reportSources;
  return reports.length > 0 ? reports : [{ source: row.source, sourceId: row.sourceId, sourceUrl: row.sourceUrl }];
}

/** A list page's columns: the lead, its history count and its contacts in order, as JSON the database builds, so a
 * page and its contacts are one query. */
export const leadPageColumns = {
  ...leadWithHistoryColumns,
  // Issue 31 (enrichment): each contact's id and email fields (CONTACT_JSON_SQL, contact-emails.ts).
  contacts: sql<ContactFields[] | string>`(select coalesce(json_agg(${sql.raw(CONTACT_JSON_SQL)} order by c.position), '[]'::json) from contacts as c where c.lead_id = "leads"."id")`,
};

/** The drivers hand json over parsed; text is parsed here, should one not. */
export function pageContacts(value: ContactFields[] | string): ContactFields[] {
  return typeof value === 'string' ? (JSON.parse(value) as ContactFields[]) : value;
}

export async function contactsFor(db: Db, leadIds: string[]): Promise<Map<string, ContactFields[]>> {
  const byLead = new Map<string, ContactFields[]>();
  if (leadIds.length === 0) return byLead;
  // Issue 31 (enrichment): the contacts with their id and email fields, as the list builds them (CONTACT_JSON_SQL).
  const rows = rowsOf<{ lead_id: string; contact: ContactFields | string }>(
    await db.execute(
      sql`select c.lead_id::text as lead_id, ${sql.raw(CONTACT_JSON_SQL)} as contact from contacts as c where c.lead_id in ${leadIds} order by c.lead_id, c.position`,
    ),
  );
  for (const { lead_id: leadId, contact } of rows) {
    const list = byLead.get(leadId) ?? [];
    list.push(typeof contact === 'string' ? (JSON.parse(contact) as ContactFields) : contact);
    byLead.set(leadId, list);
  }
  return byLead;
}

export function toLead(row: LeadWithHistory, leadContacts: ContactFields[]): Lead {
  return {
    id: row.id,
    companyName: row.companyName,
    domain: row.domain,
    industry: row.industry,
    fundingAmount: row.fundingAmount,
    fundingRound: row.fundingRound,
    roundLabel: row.roundLabel,
    location: row.location,
    fundingDate: row.fundingDate,
    description: row.description,
    tags: row.tags,
    source: row.source,
    sourceId: row.sourceId,
    sourceUrl: row.sourceUrl,
    sources: leadSources(row),
    editedFields: row.editedFields.filter((field): field is EditableLeadField => (EDITABLE_LEAD_FIELDS as readonly string[]).includes(field)),
    companyId: row.companyId,
    earlierRounds: row.earlierRounds,
    // Issue 31 (enrichment).
    domainSource: row.domainSource,
    domainFoundAt: row.domainFoundAt ? row.domainFoundAt.toISOString() : null,
    filedLocation: row.filedLocation,
    contacts: leadContacts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getLead(db: Db, id: string): Promise<Lead | undefined> {
  const [row] = await db
    .select(leadWithHistoryColumns)
    .from(leads)
    .where(sql`${leads.id} = ${id}`)
    .limit(1);
  if (!row) return undefined;
  const byLead = await contactsFor(db, [row.id]);
  return toLead(row, byLead.get(row.id) ?? []);
}

/** A page's row: the lead's columns, contacts, history count and its rank or sort key as text (what its cursor records). */
export type PageRow = LeadWithHistory & { contacts: ContactFields[] | string; rank: string };
