// A lead as the API shows it: a list page's leads as JSON the database writes (pageLeadsSql), and for every other read
// the columns with their earlier-round count and merged sources, the row → Lead mapping (toLead) and one lead by id.
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
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

/** A timestamp as JavaScript's toISOString writes it (milliseconds, UTC, `Z`). */
const isoTimestamp = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A list page's lead (the "leads" row) as the columns of the API's JSON, in leadSchema's shape and key order, with what
 * toLead derives (its sources, the editable fields it keeps, ISO timestamps), its history count and its contacts in
 * order (CONTACT_JSON_SQL): row_to_json of this row is the lead's JSON text (pageLeadsSql). The page sends these texts
 * as they are, so the server parses, maps and validates no lead (issue 34: the server's CPU per list request).
 * `lead-json.int.test.ts` holds them equal to toLead's object (getLead) for leads of every kind.
 */
const LEAD_JSON_COLUMNS = sql`
  "leads"."id" as "id", "leads"."company_name" as "companyName", "leads"."domain" as "domain", "leads"."industry" as "industry",
  "leads"."funding_amount" as "fundingAmount", "leads"."funding_round" as "fundingRound", "leads"."round_label" as "roundLabel",
  "leads"."location" as "location", "leads"."funding_date" as "fundingDate", "leads"."description" as "description", "leads"."tags" as "tags",
  "leads"."source" as "source", "leads"."source_id" as "sourceId", "leads"."source_url" as "sourceUrl",
  coalesce(
    (select json_agg(json_build_object('source', r.source, 'sourceId', r.source_id, 'sourceUrl', r.source_url) order by r.merged_at, r.identity_key)
     from lead_reports as r where r.lead_id = "leads"."id"),
    json_build_array(json_build_object('source', "leads"."source", 'sourceId', "leads"."source_id", 'sourceUrl', "leads"."source_url"))
  ) as "sources",
  array(select field from unnest("leads"."edited_fields") with ordinality as edited(field, n)
    where field in (${sql.raw(EDITABLE_LEAD_FIELDS.map((field) => `'${field}'`).join(', '))}) order by n) as "editedFields",
  "leads"."company_id" as "companyId",
  (select count(*) from leads as earlier where earlier.company_id = "leads"."company_id" and earlier.funding_date < "leads"."funding_date") as "earlierRounds",
  "leads"."domain_source" as "domainSource", ${sql.raw(isoTimestamp('"leads"."domain_found_at"'))} as "domainFoundAt",
  "leads"."filed_location" as "filedLocation",
  (select coalesce(json_agg(${sql.raw(CONTACT_JSON_SQL)} order by c.position), '[]'::json) from contacts as c where c.lead_id = "leads"."id") as "contacts",
  ${sql.raw(isoTimestamp('"leads"."created_at"'))} as "createdAt", ${sql.raw(isoTimestamp('"leads"."updated_at"'))} as "updatedAt"`;

/**
 * A page's leads as PageRows: `from` is a FROM item of the page's lead ids (`leadId` names its column; a row without
 * one carries a count only), `columns` what else it selects of it (rank, counts), `orderBy` the page's order, which
 * may name the lead's columns as `lead_json."fundingDate"` and `lead_json."id"`. One lateral read of each lead.
 */
export function pageLeadsSql(from: SQL, leadId: SQL, columns: SQL, orderBy: SQL[]): SQL {
  return sql`select lead_json."id"::text as id, lead_json."fundingDate"::text as funding_date, row_to_json(lead_json)::text as json, ${columns}
    from ${from} left join lateral (select ${LEAD_JSON_COLUMNS} from ${leads} where ${leads.id} = ${leadId}) as lead_json on true
    order by ${sql.join(orderBy, sql`, `)}`;
}

/** The rows pageLeadsSql selects, with `rank` and whatever else `columns` named. */
export type PageLeadRow<Extra> = { id: string | null; funding_date: string | null; json: string; rank: string } & Extra;

/** A page's lead rows as PageRows, without the rows that carry a count only. */
export function pageRowsOf(rows: PageLeadRow<object>[]): PageRow[] {
  return rows.filter((row) => row.id !== null).map((row) => ({ id: row.id!, fundingDate: row.funding_date!, json: row.json, rank: row.rank }));
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

/** A page's row: the lead's id and funding date, its JSON text, and its rank or sort key as text (what its cursor records). */
export interface PageRow {
  id: string;
  fundingDate: string;
  json: string;
  rank: string;
}
