// Bulk upsert of leads with their contacts: one array-parameter statement per batch (unnest), keyed by
// the lead's identity, so uploading the same lead again updates it. Used by the seed, batch upload and import.
import { leadIdentityKey } from '@fundwire/shared';
import type { RawQuery } from '../../db/client.js';
import { BUMP_LEADS_VERSION_SQL } from './cache.js';
import { deleteCompaniesWithoutRounds, upsertCompanies } from '../companies/write.js';

export interface BulkContact {
  name: string;
  role: string;
  email: string;
  linkedIn: string;
}

export interface BulkLead {
  /** Only the deterministic seed brings its own ids. */
  id?: string;
  companyName: string;
  domain: string;
  industry: string;
  fundingAmount: number;
  fundingRound: string;
  location: string;
  fundingDate: string;
  description: string;
  tags: string[];
  sourceUrl?: string | null;
  /** SEC Central Index Key, when the source knows it: the company's strongest identity. */
  cik?: string | null;
  /** Only the seed back-dates leads; everything else is added now. */
  createdAt?: string;
  contacts: BulkContact[];
}

export interface UpsertResult {
  created: number;
  updated: number;
  ids: string[];
}

/** Upserts one batch inside the caller's transaction. Later rows win over earlier rows with the same identity. */
export async function upsertLeadBatch(query: RawQuery, batch: BulkLead[]): Promise<UpsertResult> {
  const byIdentity = new Map<string, BulkLead>();
  for (const lead of batch) byIdentity.set(leadIdentityKey(lead), lead);
  const columns = {
    ids: [] as (string | null)[],
    names: [] as string[],
    domains: [] as string[],
    industries: [] as string[],
    amounts: [] as string[],
    rounds: [] as string[],
    locations: [] as string[],
    dates: [] as string[],
    descriptions: [] as string[],
    tags: [] as string[],
    sources: [] as (string | null)[],
    keys: [] as string[],
    created: [] as (string | null)[],
    companies: [] as string[],
  };
  // Each lead finds or creates its company in this transaction; a lead that moves company may leave one empty.
  const companyIds = await upsertCompanies(query, [...byIdentity.values()]);
  const previous = await query('select company_id from leads where identity_key = any($1::text[]) and company_id is not null', [[...byIdentity.keys()]]);
  for (const [key, lead] of byIdentity) {
    columns.ids.push(lead.id ?? null);
    columns.names.push(lead.companyName);
    columns.domains.push(lead.domain);
    columns.industries.push(lead.industry);
    columns.amounts.push(String(lead.fundingAmount));
    columns.rounds.push(lead.fundingRound);
    columns.locations.push(lead.location);
    columns.dates.push(lead.fundingDate);
    columns.descriptions.push(lead.description);
    // Postgres cannot unnest a ragged text[][], so tags travel as one JSON array per lead.
    columns.tags.push(JSON.stringify(lead.tags));
    columns.sources.push(lead.sourceUrl ?? null);
    columns.keys.push(key);
    columns.created.push(lead.createdAt ?? null);
    columns.companies.push(companyIds[columns.companies.length]!);
  }
  const result = await query(
    `insert into leads (id, company_name, domain, industry, funding_amount, funding_round, location, funding_date, description, tags, source_url, identity_key, created_at, company_id)
     select coalesce(u.id, gen_random_uuid()), u.company_name, u.domain, u.industry, u.funding_amount, u.funding_round::funding_round, u.location,
            u.funding_date, u.description, array(select jsonb_array_elements_text(u.tags)), u.source_url, u.identity_key,
            least(coalesce(u.created_at, now()), now()), u.company_id
     from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[], $8::date[], $9::text[], $10::jsonb[], $11::text[], $12::text[], $13::timestamptz[], $14::uuid[])
       as u(id, company_name, domain, industry, funding_amount, funding_round, location, funding_date, description, tags, source_url, identity_key, created_at, company_id)
     on conflict (identity_key) do update set
       company_name = excluded.company_name, domain = excluded.domain, industry = excluded.industry,
       funding_amount = excluded.funding_amount, location = excluded.location, description = excluded.description,
       tags = excluded.tags, source_url = excluded.source_url, company_id = excluded.company_id, updated_at = now()
     returning id, identity_key, (xmax = 0) as inserted`,
    [columns.ids, columns.names, columns.domains, columns.industries, columns.amounts, columns.rounds, columns.locations, columns.dates, columns.descriptions, columns.tags, columns.sources, columns.keys, columns.created, columns.companies],
  );

  const idByKey = new Map<string, string>();
  let created = 0;
  const updatedIds: string[] = [];
  for (const row of result.rows) {
    idByKey.set(String(row.identity_key), String(row.id));
    if (row.inserted === true) created++;
    else updatedIds.push(String(row.id));
  }
  // An updated lead's contacts are replaced by the uploaded ones.
  if (updatedIds.length > 0) await query('delete from contacts where lead_id = any($1::uuid[])', [updatedIds]);
  await deleteCompaniesWithoutRounds(
    query,
    previous.rows.map((row) => String(row.company_id)),
  );

  const contactLeadIds: string[] = [];
  const positions: number[] = [];
  const names: string[] = [];
  const roles: string[] = [];
  const emails: string[] = [];
  const links: string[] = [];
  for (const [key, lead] of byIdentity) {
    const leadId = idByKey.get(key);
    if (!leadId) continue;
    lead.contacts.forEach((contact, position) => {
      contactLeadIds.push(leadId);
      positions.push(position);
      names.push(contact.name);
      roles.push(contact.role);
      emails.push(contact.email);
      links.push(contact.linkedIn);
    });
  }
  if (contactLeadIds.length > 0) {
    await query(
      `insert into contacts (lead_id, position, name, role, email, linked_in)
       select * from unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[])`,
      [contactLeadIds, positions, names, roles, emails, links],
    );
  }
  await query(BUMP_LEADS_VERSION_SQL);
  return { created, updated: updatedIds.length, ids: [...idByKey.values()] };
}
