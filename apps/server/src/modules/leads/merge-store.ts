// Merge storage: reading leads and their reports, saving a report, applying merged fields, folding one lead into
// another and recomputing a lead from its reports. Every function runs inside the caller's transaction.
import type { RawQuery } from '../../db/client.js';
import { deleteCompaniesWithoutRounds, upsertCompanies } from './company-write.js';
import { combine, fieldsOf, type LeadRow, type Report, type ReportFields } from './merge-rules.js';

const LEAD_SELECT = `select l.id, l.company_name, l.domain, l.industry, l.funding_amount, l.funding_round, l.round_label, l.location,
  l.funding_date::text as funding_date, l.description, l.tags, l.source, l.source_id, l.source_url, l.identity_key, l.edited_fields,
  l.company_id, c.cik,
  coalesce((select array_agg(r.source) from lead_reports r where r.lead_id = l.id), array[l.source]) as sources,
  coalesce((select array_agg(r.identity_key) from lead_reports r where r.lead_id = l.id), array[l.identity_key]) as report_keys
  from leads l left join companies c on c.id = l.company_id`;

export const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

function toRow(row: Record<string, unknown>): LeadRow {
  return {
    id: String(row.id),
    companyName: String(row.company_name),
    domain: String(row.domain ?? ''),
    industry: text(row.industry),
    fundingAmount: row.funding_amount === null ? null : Number(row.funding_amount),
    fundingRound: text(row.funding_round),
    roundLabel: text(row.round_label),
    location: text(row.location),
    fundingDate: String(row.funding_date),
    description: String(row.description ?? ''),
    tags: (row.tags as string[] | null) ?? [],
    cik: text(row.cik),
    companyId: text(row.company_id),
    source: String(row.source),
    sourceId: text(row.source_id),
    sourceUrl: text(row.source_url),
    identityKey: String(row.identity_key),
    editedFields: (row.edited_fields as string[] | null) ?? [],
    sources: (row.sources as string[]).map(String),
    reportKeys: (row.report_keys as string[]).map(String),
  };
}

export async function reportsOf(query: RawQuery, leadId: string): Promise<Report[]> {
  const result = await query('select identity_key, source, fields from lead_reports where lead_id = $1 order by merged_at, identity_key', [leadId]);
  return result.rows.map((row) => ({
    identityKey: String(row.identity_key),
    source: String(row.source),
    fields: (typeof row.fields === 'string' ? JSON.parse(row.fields) : row.fields) as ReportFields,
  }));
}

export async function saveReport(query: RawQuery, leadId: string, report: { identityKey: string; source: string; sourceId: string | null; sourceUrl: string | null; fields: ReportFields }) {
  await query(
    `insert into lead_reports (identity_key, lead_id, source, source_id, source_url, fields) values ($1, $2, $3, $4, $5, $6::jsonb)
     on conflict (identity_key) do update set lead_id = excluded.lead_id, source = excluded.source, source_id = excluded.source_id,
       source_url = coalesce(excluded.source_url, lead_reports.source_url), fields = excluded.fields`,
    [report.identityKey, leadId, report.source, report.sourceId, report.sourceUrl, JSON.stringify(report.fields)],
  );
}

const EDITABLE: Partial<Record<keyof ReportFields, string>> = {
  companyName: 'companyName',
  domain: 'domain',
  industry: 'industry',
  fundingAmount: 'fundingAmount',
  fundingRound: 'fundingRound',
  roundLabel: 'fundingRound',
  location: 'location',
  fundingDate: 'fundingDate',
  description: 'description',
  tags: 'tags',
};

/** Writes the lead's fields as its reports give them, except the fields an admin edited by hand. */
export async function applyFields(query: RawQuery, lead: LeadRow, fields: ReportFields): Promise<void> {
  const keep = (field: keyof ReportFields) => EDITABLE[field] !== undefined && lead.editedFields.includes(EDITABLE[field]);
  const value = <K extends keyof ReportFields>(field: K): ReportFields[K] => (keep(field) ? lead[field] : fields[field]);
  // The company follows the combined facts (the filing's CIK first), found or made as every write does.
  const [companyId] =
    keep('companyName') || keep('domain')
      ? [lead.companyId]
      : await upsertCompanies(query, [{ companyName: value('companyName'), domain: value('domain'), location: value('location'), cik: fields.cik, industry: value('industry') }]);
  await query(
    `update leads set company_name = $2, domain = $3, industry = $4, funding_amount = $5, funding_round = $6::funding_round, round_label = $7,
            location = $8, funding_date = $9::date, description = $10, tags = $11::text[], company_id = $12, updated_at = now()
     where id = $1`,
    [
      lead.id,
      value('companyName'),
      value('domain'),
      value('industry'),
      value('fundingAmount'),
      value('fundingRound'),
      value('roundLabel'),
      value('location'),
      value('fundingDate'),
      value('description'),
      value('tags'),
      companyId,
    ],
  );
  if (companyId !== lead.companyId) await deleteCompaniesWithoutRounds(query, [lead.companyId]);
}

/** Moves a lead's people to another lead; "no contacts" (migration 0020) follows them. */
export async function moveContacts(query: RawQuery, from: string, to: string): Promise<void> {
  const moved = await query('update contacts set lead_id = $1 where lead_id = $2 returning lead_id', [to, from]);
  if (moved.rows.length === 0) return;
  await query('update leads set lacks_contacts = null where id = $1', [to]);
  await query('update leads set lacks_contacts = true where id = $1', [from]);
}

export async function loadLeads(query: RawQuery, where: string, values: unknown[]): Promise<LeadRow[]> {
  return (await query(`${LEAD_SELECT} where ${where}`, values)).rows.map(toRow);
}

/** Folds `absorbed` into `survivor`: its reports move over, its people too when the survivor has none, and it is deleted. */
export async function fold(query: RawQuery, survivor: LeadRow, absorbed: LeadRow, absorbedOwnFields: ReportFields): Promise<void> {
  if ((await query('select 1 from lead_reports where lead_id = $1 limit 1', [survivor.id])).rows.length === 0) {
    await saveReport(query, survivor.id, { identityKey: survivor.identityKey, source: survivor.source, sourceId: survivor.sourceId, sourceUrl: survivor.sourceUrl, fields: fieldsOf(survivor) });
  }
  await query('update lead_reports set lead_id = $1 where lead_id = $2', [survivor.id, absorbed.id]);
  await saveReport(query, survivor.id, { identityKey: absorbed.identityKey, source: absorbed.source, sourceId: absorbed.sourceId, sourceUrl: absorbed.sourceUrl, fields: absorbedOwnFields });
  if (!survivor.editedFields.includes('contacts')) {
    const has = await query('select 1 from contacts where lead_id = $1 limit 1', [survivor.id]);
    if (has.rows.length === 0) await moveContacts(query, absorbed.id, survivor.id);
  }
  await query('update fundraisingfox_rows set lead_id = $1 where lead_id = $2', [survivor.id, absorbed.id]);
  await query('update source_filings set lead_id = $1 where lead_id = $2', [survivor.id, absorbed.id]);
  await query('delete from lead_changes where lead_id = $1', [absorbed.id]);
  await query('delete from leads where id = $1', [absorbed.id]);
  await deleteCompaniesWithoutRounds(query, [absorbed.companyId]);
  await recompute(query, survivor.id);
}

/** Recomputes a merged lead's fields from its reports (a lead with one report or none is left as it is). */
export async function recompute(query: RawQuery, leadId: string): Promise<void> {
  const reports = await reportsOf(query, leadId);
  if (reports.length < 2) return;
  const [lead] = await loadLeads(query, 'l.id = $1', [leadId]);
  if (lead) await applyFields(query, lead, combine(reports));
}
