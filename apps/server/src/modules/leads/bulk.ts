// Bulk upsert of leads with their contacts: one array-parameter statement per batch (unnest), keyed by
// the lead's identity, so uploading the same lead again updates it, except the fields an admin edited by hand. Used by the seed, batch upload and import.
import { leadIdentityKey, type Contact, type EditableLeadField, type LeadInput, type LeadSource } from '@fundwire/shared';
import type { RawQuery } from '../../db/client.js';
import { BUMP_LEADS_VERSION_SQL } from './cache.js';
import { deleteCompaniesWithoutRounds, domainSourceOf, upsertCompanies } from './company-write.js';
import { captureLeadsBefore, keepChangedLeads, recordCreatedLeads } from './changes.js';
import { replaceContacts, type ContactRow } from './contact-emails.js';
import { refreshLeadStatistics } from './lead-statistics.js';

/** A contact as the write path takes it: the shape the API sends (@fundwire/shared). */
export type BulkContact = Contact & {
  /** The name as the source filed it, when `name` was written from it ('CHISHOLM GLENN LINDORES'). */
  filedName?: string | null;
};

/**
 * A lead as the write path takes it: the shared input contract (leadInputSchema's output, which the form,
 * JSON batches, CSV imports and the SEC feed all produce), plus what only the seed and the feeds bring.
 */
export type BulkLead = Omit<LeadInput, 'roundLabel' | 'sourceUrl' | 'contacts'> & {
  roundLabel?: string | null;
  sourceUrl?: string | null;
  contacts: BulkContact[];
  /** Only the deterministic seed brings its own ids. */
  id?: string;
  /** manual when absent (the demo seed). */
  source?: LeadSource;
  sourceId?: string | null;
  /**
   * The round's identity when its source has a better one than domain|round|date (a Form D round is its
   * original filing, so an amendment that changes the date still finds it). Computed when absent.
   */
  identityKey?: string;
  /** SEC Central Index Key, when the source knows it: the company's strongest identity. */
  cik?: string | null;
  /** The location as filed, when `location` was cased from it ('SAN FRANCISCO, CA'). */
  filedLocation?: string | null;
  /** Only the seed back-dates leads; everything else is added now. */
  createdAt?: string;
};

export interface UpsertResult {
  created: number;
  updated: number;
  /** Matched a stored lead and changed nothing. */
  unchanged: number;
  ids: string[];
  /** Each identity's lead id and what the upsert did to it. */
  byKey: Map<string, { id: string; outcome: 'created' | 'updated' | 'unchanged' }>;
}

/**
 * What an upload does to a stored lead's column: a field the admin changed by hand stays; otherwise the
 * upload's value wins, and an unknown (null) in the upload never erases a known value.
 */
function merged(column: string, field: EditableLeadField, fillOnly = false): string {
  const incoming = fillOnly ? `coalesce(leads.${column}, excluded.${column})` : `coalesce(excluded.${column}, leads.${column})`;
  return `case when '${field}' = any(leads.edited_fields) then leads.${column} else ${incoming} end`;
}

const MERGED_COLUMNS: [string, string][] = [
  ['company_name', merged('company_name', 'companyName')],
  ['domain', `case when 'domain' = any(leads.edited_fields) or excluded.domain = '' then leads.domain else excluded.domain end`],
  ['industry', merged('industry', 'industry')],
  ['funding_amount', merged('funding_amount', 'fundingAmount')],
  ['round_label', `case when 'fundingRound' = any(leads.edited_fields) then leads.round_label else coalesce(excluded.round_label, leads.round_label) end`],
  ['location', merged('location', 'location')],
  ['description', `case when 'description' = any(leads.edited_fields) or excluded.description = '' then leads.description else excluded.description end`],
  ['tags', `case when 'tags' = any(leads.edited_fields) then leads.tags else excluded.tags end`],
  ['source_id', 'coalesce(excluded.source_id, leads.source_id)'],
  ['source_url', 'coalesce(excluded.source_url, leads.source_url)'],
  // The company follows the upload's name and domain, unless those stay as they are (edited by hand, or no domain uploaded).
  [
    'company_id',
    `case when 'companyName' = any(leads.edited_fields) or 'domain' = any(leads.edited_fields) or excluded.domain = '' then coalesce(leads.company_id, excluded.company_id) else excluded.company_id end`,
  ],
];

/** Upserts one batch inside the caller's transaction. Later rows win over earlier rows with the same identity. */
export async function upsertLeadBatch(query: RawQuery, batch: BulkLead[]): Promise<UpsertResult> {
  const byIdentity = new Map<string, BulkLead>();
  for (const lead of batch) byIdentity.set(lead.identityKey ?? leadIdentityKey(lead), lead);
  const columns = {
    ids: [] as (string | null)[],
    names: [] as string[],
    domains: [] as string[],
    industries: [] as (string | null)[],
    amounts: [] as (string | null)[],
    rounds: [] as (string | null)[],
    labels: [] as (string | null)[],
    locations: [] as (string | null)[],
    dates: [] as string[],
    descriptions: [] as string[],
    tags: [] as string[],
    sources: [] as string[],
    sourceIds: [] as (string | null)[],
    sourceUrls: [] as (string | null)[],
    keys: [] as string[],
    created: [] as (string | null)[],
    companies: [] as string[],
    lacksContacts: [] as (true | null)[],
    contactNames: [] as string[],
    domainSources: [] as (string | null)[],
    filedLocations: [] as (string | null)[],
  };
  // Each lead finds or creates its company in this transaction; a lead that moves company may leave one empty.
  const companyIds = await upsertCompanies(query, [...byIdentity.values()]);
  const previous = await query('select company_id from leads where identity_key = any($1::text[]) and company_id is not null', [[...byIdentity.keys()]]);
  // The outbox for saved-search alerts: the stored leads as they are before this write.
  const captured = await captureLeadsBefore(query, { identityKeys: [...byIdentity.keys()] });
  for (const [key, lead] of byIdentity) {
    columns.ids.push(lead.id ?? null);
    columns.names.push(lead.companyName);
    columns.domains.push(lead.domain);
    columns.industries.push(lead.industry);
    columns.amounts.push(lead.fundingAmount === null ? null : String(lead.fundingAmount));
    columns.rounds.push(lead.fundingRound);
    columns.labels.push(lead.roundLabel ?? null);
    columns.locations.push(lead.location);
    columns.dates.push(lead.fundingDate);
    columns.descriptions.push(lead.description);
    // Postgres cannot unnest a ragged text[][], so tags travel as one JSON array per lead.
    columns.tags.push(JSON.stringify(lead.tags));
    columns.sources.push(lead.source ?? 'manual');
    columns.sourceIds.push(lead.sourceId ?? null);
    columns.sourceUrls.push(lead.sourceUrl ?? null);
    columns.keys.push(key);
    columns.created.push(lead.createdAt ?? null);
    columns.companies.push(companyIds[columns.companies.length]!);
    // A new lead with contacts gets them below (a new lead has no hand edits): not "no contacts" from the start, so
    // the contacts trigger has nothing to clear. On conflict the flag is not among the merged columns.
    columns.lacksContacts.push(lead.contacts.length === 0 ? true : null);
    // Their names too, as the contacts trigger would write them (migration 0033), so it finds nothing to write.
    columns.contactNames.push(lead.contacts.map((contact) => contact.name).join(' '));
    columns.domainSources.push(lead.domain.trim() ? domainSourceOf(lead.source) : null);
    columns.filedLocations.push(lead.filedLocation ?? null);
  }
  const domainChanged = `(${MERGED_COLUMNS.find(([column]) => column === 'domain')![1]}) is distinct from leads.domain`;
  const set = [
    ...MERGED_COLUMNS.map(([column, expression]) => `${column} = ${expression}`),
    // Issue 31: where the domain came from follows the domain; the filed location follows the location.
    `domain_source = case when ${domainChanged} then excluded.domain_source else leads.domain_source end`,
    `domain_found_at = case when ${domainChanged} then now() else leads.domain_found_at end`,
    `filed_location = case when 'location' = any(leads.edited_fields) then leads.filed_location else excluded.filed_location end`,
  ].join(', ');
  // Only a lead the upload really changes is written (and counted as updated); the rest stay as they are.
  const changed = `(${MERGED_COLUMNS.map(([column]) => `leads.${column}`).join(', ')}) is distinct from (${MERGED_COLUMNS.map(([, expression]) => expression).join(', ')})`;
  const result = await query(
    `insert into leads (id, company_name, domain, industry, funding_amount, funding_round, round_label, location, funding_date, description, tags,
                        source, source_id, source_url, identity_key, created_at, company_id, lacks_contacts, domain_source, domain_found_at, filed_location,
                        contact_names)
     select coalesce(u.id, gen_random_uuid()), u.company_name, u.domain, u.industry, u.funding_amount, u.funding_round::funding_round, u.round_label,
            u.location, u.funding_date, u.description, array(select jsonb_array_elements_text(u.tags)), u.source, u.source_id, u.source_url,
            u.identity_key, least(coalesce(u.created_at, now()), now()), u.company_id, u.lacks_contacts,
            u.domain_source, case when u.domain_source is null then null else least(coalesce(u.created_at, now()), now()) end, u.filed_location,
            u.contact_names
     from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[], $8::text[], $9::date[], $10::text[], $11::jsonb[],
                 $12::text[], $13::text[], $14::text[], $15::text[], $16::timestamptz[], $17::uuid[], $18::boolean[], $19::text[], $20::text[],
                 $21::text[])
       as u(id, company_name, domain, industry, funding_amount, funding_round, round_label, location, funding_date, description, tags,
            source, source_id, source_url, identity_key, created_at, company_id, lacks_contacts, domain_source, filed_location, contact_names)
     on conflict (identity_key) do update set ${set}, updated_at = now()
       where ${changed}
     returning id, identity_key, (xmax = 0) as inserted`,
    [
      columns.ids,
      columns.names,
      columns.domains,
      columns.industries,
      columns.amounts,
      columns.rounds,
      columns.labels,
      columns.locations,
      columns.dates,
      columns.descriptions,
      columns.tags,
      columns.sources,
      columns.sourceIds,
      columns.sourceUrls,
      columns.keys,
      columns.created,
      columns.companies,
      columns.lacksContacts,
      columns.domainSources,
      columns.filedLocations,
      columns.contactNames,
    ],
  );

  const idByKey = new Map<string, string>();
  const byKey: UpsertResult['byKey'] = new Map();
  let created = 0;
  const updatedIds: string[] = [];
  const createdIds: string[] = [];
  for (const row of result.rows) {
    idByKey.set(String(row.identity_key), String(row.id));
    byKey.set(String(row.identity_key), { id: String(row.id), outcome: row.inserted === true ? 'created' : 'updated' });
    if (row.inserted === true) {
      created++;
      createdIds.push(String(row.id));
    } else updatedIds.push(String(row.id));
  }
  // Leads matched but unchanged are not returned by the upsert; their contacts may still be new.
  const unchangedKeys = [...byIdentity.keys()].filter((key) => !idByKey.has(key));
  if (unchangedKeys.length > 0) {
    const found = await query('select id, identity_key from leads where identity_key = any($1::text[])', [unchangedKeys]);
    for (const row of found.rows) {
      idByKey.set(String(row.identity_key), String(row.id));
      byKey.set(String(row.identity_key), { id: String(row.id), outcome: 'unchanged' });
    }
  }
  // Uploaded contacts replace a lead's contacts, unless the admin edited them by hand or the upload has none.
  const replaceable = [...byIdentity].filter(([key, lead]) => lead.contacts.length > 0 && idByKey.has(key)).map(([key]) => idByKey.get(key)!);
  const contactsChanged = new Set<string>();
  if (replaceable.length > 0) {
    const editable = await query(`select id from leads where id = any($1::uuid[]) and not ('contacts' = any(edited_fields))`, [replaceable]);
    for (const row of editable.rows) contactsChanged.add(String(row.id));
    // Each gets the upload's contacts (never none) below, which clears its "no contacts" flag (migration 0020).
  }
  // A lead that moved company may leave its old one empty, and a company made for an upload whose name or
  // domain the admin's edits overrode may have no round at all.
  await deleteCompaniesWithoutRounds(query, [...previous.rows.map((row) => String(row.company_id)), ...companyIds]);

  // Issue 31: the contacts are replaced keeping what is known of each person's email (contact-emails.ts).
  const contactRows: ContactRow[] = [];
  for (const [key, lead] of byIdentity) {
    const leadId = idByKey.get(key);
    if (!leadId || !contactsChanged.has(leadId)) continue;
    lead.contacts.forEach((contact, position) => {
      contactRows.push({
        leadId,
        position,
        name: contact.name,
        role: contact.role,
        email: contact.email ?? '',
        linkedIn: contact.linkedIn,
        filedName: contact.filedName ?? null,
        // A lead the admin wrote by hand (createLead says source manual) brings the admin's addresses; the seed's are imports.
        source: lead.source === 'manual' ? 'admin' : 'import',
      });
    });
  }
  await replaceContacts(query, [...contactsChanged], contactRows, 'import');
  await keepChangedLeads(query, captured, [...updatedIds, ...contactsChanged]);
  await recordCreatedLeads(query, createdIds);
  await query(BUMP_LEADS_VERSION_SQL);
  await refreshLeadStatistics(query, created + updatedIds.length);
  return { created, updated: updatedIds.length, unchanged: byIdentity.size - created - updatedIds.length, ids: [...idByKey.values()], byKey };
}
