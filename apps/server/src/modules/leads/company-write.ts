// Find-or-create companies for leads being written, inside the caller's transaction.
import type { DomainSource } from '@fundwire/shared';
import type { RawQuery } from '../../db/client.js';
import { companyIdentityKey, type CompanyFacts } from './company-identity.js';

export interface CompanyInput extends CompanyFacts {
  industry?: string | null;
  /** The lead's source: says where a domain it brings came from (issue 31). */
  source?: string;
}

/** Where a domain written with a lead of `source` came from (DOMAIN_SOURCES). */
export function domainSourceOf(source: string | undefined): DomainSource {
  if (source === 'sec-form-d') return 'filing';
  if (source === 'fundraisingfox') return 'fundraisingfox';
  if (source === 'import' || source === 'batch') return 'import';
  return 'admin';
}

const orNull = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);

/**
 * Upserts one company per distinct identity among the inputs (later inputs' facts win; a fact a round
 * leaves empty keeps the stored one) and returns each input's company id, in input order.
 */
export async function upsertCompanies(query: RawQuery, inputs: CompanyInput[]): Promise<string[]> {
  const keys = inputs.map((input) => companyIdentityKey(input));
  const byKey = new Map<string, CompanyInput>();
  inputs.forEach((input, index) => byKey.set(keys[index]!, input));
  if (byKey.size === 0) return [];
  const columns = { keys: [] as string[], names: [] as string[], domains: [] as (string | null)[], locations: [] as (string | null)[], industries: [] as (string | null)[], ciks: [] as (string | null)[], domainSources: [] as (string | null)[] };
  for (const [key, input] of byKey) {
    columns.keys.push(key);
    columns.names.push(input.companyName.trim());
    columns.domains.push(orNull(input.domain));
    columns.locations.push(orNull(input.location));
    columns.industries.push(orNull(input.industry));
    columns.ciks.push(orNull(input.cik));
    columns.domainSources.push(orNull(input.domain) ? domainSourceOf(input.source) : null);
  }
  const result = await query(
    `insert into companies (identity_key, name, domain, location, industry, cik, domain_source, domain_found_at)
     select u.*, case when u.domain_source is null then null else now() end
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
         as u(identity_key, name, domain, location, industry, cik, domain_source)
     on conflict (identity_key) do update set
       name = excluded.name,
       -- A domain an admin typed stays (issue 31); otherwise the newest source's, or the one stored.
       domain = case when companies.domain_source = 'admin' then companies.domain else coalesce(excluded.domain, companies.domain) end,
       domain_source = case when companies.domain_source = 'admin' or excluded.domain is null or excluded.domain is not distinct from companies.domain
                            then coalesce(companies.domain_source, excluded.domain_source) else excluded.domain_source end,
       domain_found_at = case when companies.domain_source = 'admin' or excluded.domain is null or excluded.domain is not distinct from companies.domain
                            then coalesce(companies.domain_found_at, excluded.domain_found_at) else now() end,
       location = coalesce(excluded.location, companies.location),
       industry = coalesce(excluded.industry, companies.industry),
       cik = coalesce(excluded.cik, companies.cik),
       updated_at = now()
     returning id, identity_key`,
    [columns.keys, columns.names, columns.domains, columns.locations, columns.industries, columns.ciks, columns.domainSources],
  );
  const idByKey = new Map(result.rows.map((row) => [String(row.identity_key), String(row.id)]));
  return keys.map((key) => idByKey.get(key)!);
}

/** Deletes those of the given companies that no longer have a round (a lead was deleted or moved away). */
export async function deleteCompaniesWithoutRounds(query: RawQuery, companyIds: (string | null)[]): Promise<void> {
  const ids = [...new Set(companyIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return;
  await query('delete from companies c where c.id = any($1::uuid[]) and not exists (select 1 from leads l where l.company_id = c.id)', [ids]);
}
