// One round, one lead (docs/decisions/038-merging-rounds-across-sources.md): when two sources report the same
// round of the same company, the later report is folded into the lead that was there first. Each source's
// report is kept (lead_reports) so every field can be recomputed by precedence and a merge can be split back.
import type { BulkLead } from './bulk.js';
import type { RawQuery } from '../../db/client.js';
import { locationCountry, normalizeCompanyIdentityName, registrableDomain } from './company-identity.js';
import { deleteCompaniesWithoutRounds, upsertCompanies } from './company-write.js';
import { BUMP_LEADS_VERSION_SQL } from './cache.js';

/** Sources whose leads are merged: the live feeds and the admin's import of the same dataset. Hand-made leads never are. */
export const MERGED_SOURCES = ['sec-form-d', 'fundraisingfox', 'import'] as const;

/** One source's report of a round, as that source wrote it. */
export interface ReportFields {
  companyName: string;
  domain: string;
  industry: string | null;
  fundingAmount: number | null;
  fundingRound: string | null;
  roundLabel: string | null;
  location: string | null;
  fundingDate: string;
  description: string;
  tags: string[];
  cik: string | null;
  companyId: string | null;
}

interface LeadRow extends ReportFields {
  id: string;
  source: string;
  sourceId: string | null;
  sourceUrl: string | null;
  identityKey: string;
  editedFields: string[];
  /** Sources already in the lead (its reports, or its own source). */
  sources: string[];
  /** Identity keys of its reports (its own included). */
  reportKeys: string[];
}

const LEAD_SELECT = `select l.id, l.company_name, l.domain, l.industry, l.funding_amount, l.funding_round, l.round_label, l.location,
  l.funding_date::text as funding_date, l.description, l.tags, l.source, l.source_id, l.source_url, l.identity_key, l.edited_fields,
  l.company_id, c.cik,
  coalesce((select array_agg(r.source) from lead_reports r where r.lead_id = l.id), array[l.source]) as sources,
  coalesce((select array_agg(r.identity_key) from lead_reports r where r.lead_id = l.id), array[l.identity_key]) as report_keys
  from leads l left join companies c on c.id = l.company_id`;

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

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

function fieldsOf(row: ReportFields): ReportFields {
  const { companyName, domain, industry, fundingAmount, fundingRound, roundLabel, location, fundingDate, description, tags, cik, companyId } = row;
  return { companyName, domain, industry, fundingAmount, fundingRound, roundLabel, location, fundingDate, description, tags, cik, companyId };
}

function fieldsOfBulk(lead: BulkLead, companyId: string | null): ReportFields {
  return {
    companyName: lead.companyName,
    domain: lead.domain,
    industry: lead.industry,
    fundingAmount: lead.fundingAmount,
    fundingRound: lead.fundingRound,
    roundLabel: lead.roundLabel ?? null,
    location: lead.location,
    fundingDate: lead.fundingDate,
    description: lead.description,
    tags: lead.tags,
    cik: lead.cik ?? null,
    companyId,
  };
}

const cikOf = (value: string | null) => value?.replace(/\D/g, '').replace(/^0+/, '') || '';

/**
 * Same company: the same CIK; else the same registrable domain; else the same normalised name with nothing
 * contradicting it (a different domain, CIK or country).
 */
export function sameCompany(a: Pick<ReportFields, 'cik' | 'domain' | 'companyName' | 'location'>, b: Pick<ReportFields, 'cik' | 'domain' | 'companyName' | 'location'>): boolean {
  const [cikA, cikB] = [cikOf(a.cik), cikOf(b.cik)];
  if (cikA && cikB) return cikA === cikB;
  const [domainA, domainB] = [a.domain ? registrableDomain(a.domain) : '', b.domain ? registrableDomain(b.domain) : ''];
  if (domainA && domainB) return domainA === domainB;
  const name = normalizeCompanyIdentityName(a.companyName);
  if (!name || name !== normalizeCompanyIdentityName(b.companyName)) return false;
  const [countryA, countryB] = [locationCountry(a.location), locationCountry(b.location)];
  return !countryA || !countryB || countryA === countryB;
}

const daysApart = (a: string, b: string) => Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;
const within = (a: number | null, b: number | null, share: number) => a === null || b === null || Math.abs(a - b) <= share * Math.max(a, b);
/** A dataset row whose basis is an SEC filing (tagged so by the mapping). */
const secBased = (row: { tags: string[] }) => row.tags.includes('sec_filing');

/**
 * How strongly two reports are the same round: 2 for an SEC-based row and a Form D filing within 7 days with
 * amounts within 1%; 1 for any two reports within 30 days whose amounts (when both known) are within 10%; 0 otherwise.
 */
export function sameRound(a: Pick<LeadRow, 'source' | 'tags' | 'fundingDate' | 'fundingAmount'>, b: Pick<LeadRow, 'source' | 'tags' | 'fundingDate' | 'fundingAmount'>): 0 | 1 | 2 {
  const days = daysApart(a.fundingDate, b.fundingDate);
  const secPair = (a.source === 'sec-form-d' && secBased(b)) || (b.source === 'sec-form-d' && secBased(a));
  if (secPair && days <= 7 && a.fundingAmount !== null && b.fundingAmount !== null && within(a.fundingAmount, b.fundingAmount, 0.01)) return 2;
  if (days <= 30 && within(a.fundingAmount, b.fundingAmount, 0.1)) return 1;
  return 0;
}

/** The fields where the filing comes first; for the rest, the other sources do. */
const FILING_FIRST = new Set<keyof ReportFields>(['fundingAmount', 'fundingDate', 'location', 'industry', 'companyName']);
const SOURCE_ORDER = ['fundraisingfox', 'import', 'sec-form-d'];

interface Report {
  identityKey: string;
  source: string;
  fields: ReportFields;
}

/** The lead's fields from its reports: an admin's edit, then the filing (amount, date, location, people), then the best other source (stage, label, domain); never unknown over known. */
export function combine(reports: Report[]): ReportFields {
  const ordered = [...reports].sort((a, b) => SOURCE_ORDER.indexOf(a.source) - SOURCE_ORDER.indexOf(b.source));
  const filingFirst = [...ordered.filter((report) => report.source === 'sec-form-d'), ...ordered.filter((report) => report.source !== 'sec-form-d')];
  const pick = <K extends keyof ReportFields>(field: K): ReportFields[K] => {
    const order = FILING_FIRST.has(field) ? filingFirst : ordered;
    const known = order.find((report) => report.fields[field] !== null && report.fields[field] !== '');
    return (known ?? order[0]!).fields[field];
  };
  const filing = filingFirst[0]!;
  return {
    companyName: pick('companyName'),
    domain: pick('domain'),
    industry: pick('industry'),
    fundingAmount: pick('fundingAmount'),
    fundingRound: pick('fundingRound'),
    roundLabel: pick('roundLabel'),
    location: pick('location'),
    fundingDate: pick('fundingDate'),
    description: [...new Set(filingFirst.map((report) => report.fields.description).filter(Boolean))].join('\n\n'),
    tags: [...new Set(filingFirst.flatMap((report) => report.fields.tags))],
    cik: pick('cik'),
    // The company follows the strongest identity: the filing's (its CIK) when there is one.
    companyId: filing.fields.companyId ?? pick('companyId'),
  };
}

async function reportsOf(query: RawQuery, leadId: string): Promise<Report[]> {
  const result = await query('select identity_key, source, fields from lead_reports where lead_id = $1 order by merged_at, identity_key', [leadId]);
  return result.rows.map((row) => ({
    identityKey: String(row.identity_key),
    source: String(row.source),
    fields: (typeof row.fields === 'string' ? JSON.parse(row.fields) : row.fields) as ReportFields,
  }));
}

async function saveReport(query: RawQuery, leadId: string, report: { identityKey: string; source: string; sourceId: string | null; sourceUrl: string | null; fields: ReportFields }) {
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
async function applyFields(query: RawQuery, lead: LeadRow, fields: ReportFields): Promise<void> {
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
async function moveContacts(query: RawQuery, from: string, to: string): Promise<void> {
  const moved = await query('update contacts set lead_id = $1 where lead_id = $2 returning lead_id', [to, from]);
  if (moved.rows.length === 0) return;
  await query('update leads set lacks_contacts = null where id = $1', [to]);
  await query('update leads set lacks_contacts = true where id = $1', [from]);
}

async function loadLeads(query: RawQuery, where: string, values: unknown[]): Promise<LeadRow[]> {
  return (await query(`${LEAD_SELECT} where ${where}`, values)).rows.map(toRow);
}

/** Folds `absorbed` into `survivor`: its reports move over, its people too when the survivor has none, and it is deleted. */
async function fold(query: RawQuery, survivor: LeadRow, absorbed: LeadRow, absorbedOwnFields: ReportFields): Promise<void> {
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

export interface MergeOutcome {
  /** Reports folded into another lead. */
  merged: number;
  /** The lead each folded (deleted) lead went into. */
  into: Map<string, string>;
}

/**
 * After a write: each written lead that is the report of a lead it was merged into goes back into it; any
 * other is folded into an existing lead of another source that reports the same round of the same company.
 * `written` brings each lead as its source wrote it (its report); without it, the stored row is the report.
 */
export async function mergeWritten(query: RawQuery, written: { id: string; lead?: BulkLead }[]): Promise<MergeOutcome> {
  const outcome: MergeOutcome = { merged: 0, into: new Map() };
  if (written.length === 0) return outcome;
  const byId = new Map(written.map((entry) => [entry.id, entry.lead]));
  const rows = await loadLeads(query, `l.id = any($1::uuid[]) and l.source = any($2::text[])`, [[...byId.keys()], MERGED_SOURCES]);
  if (rows.length === 0) return outcome;
  const ownFields = (row: LeadRow) => {
    const lead = byId.get(row.id);
    return lead ? fieldsOfBulk(lead, row.companyId) : fieldsOf(row);
  };

  // A report already merged into another lead (its source wrote it again): back into that lead.
  const known = await query('select identity_key, lead_id from lead_reports where identity_key = any($1::text[])', [rows.map((row) => row.identityKey)]);
  const mergedInto = new Map(known.rows.map((row) => [String(row.identity_key), String(row.lead_id)]));
  const fresh: LeadRow[] = [];
  for (const row of rows) {
    const target = mergedInto.get(row.identityKey);
    if (target === row.id) {
      // A merged lead's own source wrote it again: its report changes, and the lead is recomputed.
      await saveReport(query, row.id, { identityKey: row.identityKey, source: row.source, sourceId: row.sourceId, sourceUrl: row.sourceUrl, fields: ownFields(row) });
      await recompute(query, row.id);
    } else if (target) {
      const [survivor] = await loadLeads(query, 'l.id = $1', [target]);
      if (survivor) {
        await fold(query, survivor, row, ownFields(row));
        outcome.into.set(row.id, survivor.id);
      }
    } else fresh.push(row);
  }
  if (fresh.length === 0) return outcome;

  // Candidates: leads of the other merged sources funded within 30 days of a written lead whose company may be
  // the same (same CIK, same domain, or a name that starts the same); the rules above decide. A source's own
  // leads are never candidates for its rows, so a release of one source alone compares nothing.
  const prefix = (name: string) => normalizeCompanyIdentityName(name).slice(0, 4);
  const candidates: LeadRow[] = [];
  for (const source of new Set(fresh.map((row) => row.source))) {
    const group = fresh.filter((row) => row.source === source);
    const dates = group.map((row) => row.fundingDate).sort();
    candidates.push(
      ...(await loadLeads(
        query,
        `l.source = any($1::text[]) and l.funding_date between $2::date - 30 and $3::date + 30
         and (c.cik = any($4::text[]) or l.domain = any($5::text[]) or left(lower(regexp_replace(l.company_name, '[^[:alnum:]]', '', 'g')), 4) = any($6::text[]))`,
        [
          MERGED_SOURCES.filter((other) => other !== source),
          dates[0],
          dates[dates.length - 1],
          group.map((row) => row.cik).filter(Boolean),
          group.map((row) => row.domain).filter(Boolean),
          group.map((row) => prefix(row.companyName)).filter(Boolean),
        ],
      )),
    );
  }
  if (candidates.length === 0) return outcome;
  const splitPairs = await query('select key_a, key_b from lead_split_pairs where key_a = any($1::text[])', [fresh.map((row) => row.identityKey)]);
  const apart = new Set(splitPairs.rows.map((row) => `${String(row.key_a)}\n${String(row.key_b)}`));
  const gone = new Set<string>();
  const live = new Map(candidates.map((row) => [row.id, row]));
  for (const row of fresh) if (!live.has(row.id)) live.set(row.id, row);
  for (const row of fresh) {
    if (gone.has(row.id)) continue;
    let best: { lead: LeadRow; strength: number; days: number } | null = null;
    for (const other of live.values()) {
      if (other.id === row.id || gone.has(other.id)) continue;
      if (other.sources.some((source) => row.sources.includes(source))) continue;
      if (other.reportKeys.some((key) => apart.has(`${row.identityKey}\n${key}`))) continue;
      if (!sameCompany(row, other)) continue;
      const strength = sameRound(row, other);
      if (strength === 0) continue;
      const days = daysApart(row.fundingDate, other.fundingDate);
      if (!best || strength > best.strength || (strength === best.strength && days < best.days)) best = { lead: other, strength, days };
    }
    if (!best) continue;
    const survivor = best.lead;
    await fold(query, survivor, row, ownFields(row));
    gone.add(row.id);
    live.delete(row.id);
    outcome.into.set(row.id, survivor.id);
    const [updated] = await loadLeads(query, 'l.id = $1', [survivor.id]);
    if (updated) live.set(survivor.id, updated);
    outcome.merged++;
  }
  if (outcome.merged > 0) await query(BUMP_LEADS_VERSION_SQL);
  return outcome;
}

/**
 * Splits a merged lead back into its reports: each report other than the lead's own becomes its own lead again
 * (the filing's people go with the filing), and the pair is remembered so the merge is not made again.
 * Returns the ids of the leads made, or null when the lead is not merged.
 */
export async function splitLead(query: RawQuery, leadId: string): Promise<string[] | null> {
  const [lead] = await loadLeads(query, 'l.id = $1', [leadId]);
  if (!lead) return null;
  const reports = await reportsOf(query, leadId);
  if (reports.length < 2) return null;
  const others = reports.filter((report) => report.identityKey !== lead.identityKey);
  const own = reports.find((report) => report.identityKey === lead.identityKey);
  const meta = await query('select identity_key, source_id, source_url from lead_reports where lead_id = $1', [leadId]);
  const metaOf = new Map(meta.rows.map((row) => [String(row.identity_key), { sourceId: text(row.source_id), sourceUrl: text(row.source_url) }]));
  const made: string[] = [];
  for (const report of others) {
    const fields = report.fields;
    const { sourceId, sourceUrl } = metaOf.get(report.identityKey) ?? { sourceId: null, sourceUrl: null };
    const inserted = await query(
      `insert into leads (company_name, domain, industry, funding_amount, funding_round, round_label, location, funding_date, description, tags,
                          source, source_id, source_url, identity_key, company_id, lacks_contacts)
       values ($1, $2, $3, $4, $5::funding_round, $6, $7, $8::date, $9, $10::text[], $11, $12, $13, $14, $15, true) returning id`,
      [
        fields.companyName,
        fields.domain,
        fields.industry,
        fields.fundingAmount,
        fields.fundingRound,
        fields.roundLabel,
        fields.location,
        fields.fundingDate,
        fields.description,
        fields.tags,
        report.source,
        sourceId,
        sourceUrl,
        report.identityKey,
        (await upsertCompanies(query, [{ companyName: fields.companyName, domain: fields.domain, location: fields.location, cik: fields.cik, industry: fields.industry }]))[0],
      ],
    );
    const newId = String(inserted.rows[0]!.id);
    made.push(newId);
    // The filing's people go back with it, unless the admin edited the merged lead's people.
    if (report.source === 'sec-form-d' && lead.source !== 'sec-form-d' && !lead.editedFields.includes('contacts')) {
      await moveContacts(query, leadId, newId);
    }
    await query('update fundraisingfox_rows set lead_id = $1 where lead_id = $2 and $3 = $4', [newId, leadId, report.source, 'fundraisingfox']);
    await query('update source_filings set lead_id = $1 where lead_id = $2 and source = $3', [newId, leadId, report.source]);
    await query('insert into lead_split_pairs (key_a, key_b) values ($1, $2), ($2, $1) on conflict do nothing', [lead.identityKey, report.identityKey]);
    for (const sibling of others) {
      if (sibling.identityKey !== report.identityKey) {
        await query('insert into lead_split_pairs (key_a, key_b) values ($1, $2) on conflict do nothing', [report.identityKey, sibling.identityKey]);
      }
    }
  }
  await query('delete from lead_reports where lead_id = $1', [leadId]);
  if (own) await applyFields(query, lead, own.fields);
  await query(`insert into lead_changes (lead_id, kind) select id, 'created' from unnest($1::uuid[]) as u(id) where exists (select 1 from saved_searches)`, [made]);
  await query(BUMP_LEADS_VERSION_SQL);
  return made;
}

/** The one-time merge of the leads stored before merging existed; recorded (and reported) once. */
export async function mergeExistingLeadsOnce(query: RawQuery): Promise<{ ran: boolean; merged: number }> {
  const claimed = await query(`insert into lead_merge_runs (name, merged) values ('existing-leads', 0) on conflict (name) do nothing returning name`);
  if (claimed.rows.length === 0) return { ran: false, merged: 0 };
  let merged = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = await query(`select id from leads where source = any($1::text[]) and id > $2::uuid order by id limit 500`, [MERGED_SOURCES, after]);
    if (page.rows.length === 0) break;
    after = String(page.rows[page.rows.length - 1]!.id);
    merged += (await mergeWritten(query, page.rows.map((row) => ({ id: String(row.id) })))).merged;
  }
  await query(`update lead_merge_runs set merged = $1, at = now() where name = 'existing-leads'`, [merged]);
  return { ran: true, merged };
}
