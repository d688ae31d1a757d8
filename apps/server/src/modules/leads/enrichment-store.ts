// What enrichment (modules/enrichment, issue 31) reads and writes of companies, leads and contacts: every query of
// those tables stays in this module. Each function runs inside the caller's transaction.
import type { DomainSource, EmailSource, EmailStatus } from '@fundwire/shared';
import type { RawQuery } from '../../db/client.js';
import { BUMP_LEADS_VERSION_SQL } from './cache.js';
import { domainSourceOf } from './company-write.js';

export interface EnrichmentCompany {
  id: string;
  name: string;
  cik: string | null;
  domain: string | null;
  domainSource: DomainSource | null;
  emailPattern: string | null;
}

export async function loadEnrichmentCompany(query: RawQuery, companyId: string): Promise<EnrichmentCompany | null> {
  const { rows } = await query('select id, name, cik, domain, domain_source, email_pattern from companies where id = $1', [companyId]);
  const row = rows[0];
  if (!row) return null;
  return {
    id: String(row.id),
    name: String(row.name),
    cik: (row.cik as string | null) ?? null,
    domain: (row.domain as string | null) || null,
    domainSource: (row.domain_source as DomainSource | null) ?? null,
    emailPattern: (row.email_pattern as string | null) ?? null,
  };
}

/** The companies of these leads (each once). */
export async function companiesOfLeads(query: RawQuery, leadIds: string[]): Promise<string[]> {
  if (leadIds.length === 0) return [];
  const { rows } = await query('select distinct company_id::text as id from leads where id = any($1::uuid[]) and company_id is not null', [leadIds]);
  return rows.map((row) => String(row.id));
}

/**
 * A domain another source gave the same company: one of its rounds' domains, else a round of another company of the
 * same name (a CIK-keyed Form D company and a domain-keyed import of it). Where it came from goes with it.
 */
export async function domainFromOtherSources(query: RawQuery, company: EnrichmentCompany): Promise<{ domain: string; source: DomainSource } | null> {
  const { rows } = await query(
    `select l.domain, l.domain_source, l.source from leads l
      where l.domain <> '' and (l.company_id = $1 or ((l.company_name || ' ' || l.domain) ilike $3 and lower(l.company_name) = lower($2)))
      order by (l.company_id = $1) desc, (l.domain_source = 'admin') desc, l.updated_at desc
      limit 1`,
    // The name as a prefix of name-and-domain: the trigram index of the search (leads_name_domain_trgm_idx) finds it.
    [company.id, company.name, `${company.name.replace(/[\\%_]/g, (char) => `\\${char}`)} %`],
  );
  const row = rows[0];
  if (!row) return null;
  return { domain: String(row.domain), source: (row.domain_source as DomainSource | null) ?? domainSourceOf(String(row.source)) };
}

/**
 * Gives the company a website where it has none, with where it came from, and each of its rounds without a domain
 * (a domain the admin edited by hand is never touched). Returns whether the company took it.
 */
export async function fillCompanyDomain(query: RawQuery, companyId: string, domain: string, source: DomainSource): Promise<boolean> {
  const updated = await query(
    `update companies set domain = $2, domain_source = $3, domain_found_at = now(), updated_at = now()
      where id = $1 and (domain is null or domain = '') returning id`,
    [companyId, domain, source],
  );
  if (updated.rows.length === 0) return false;
  await query(
    `update leads set domain = $2, domain_source = $3, domain_found_at = now(), updated_at = now()
      where company_id = $1 and domain = '' and not ('domain' = any(edited_fields))`,
    [companyId, domain, source],
  );
  await query(BUMP_LEADS_VERSION_SQL);
  return true;
}

/** SEC's business address and phone, kept on the company. */
export async function setCompanyContactFacts(query: RawQuery, companyId: string, facts: { phone: string | null; address: string | null }): Promise<void> {
  await query('update companies set phone = coalesce($2, phone), address = coalesce($3, address) where id = $1', [companyId, facts.phone, facts.address]);
}

export async function setCompanyEmailPattern(query: RawQuery, companyId: string, pattern: string): Promise<void> {
  await query('update companies set email_pattern = $2 where id = $1', [companyId, pattern]);
}

/** The names (each once) of the company's contacts without an email. */
export async function namesWithoutEmail(query: RawQuery, companyId: string): Promise<string[]> {
  const { rows } = await query(
    `select min(c.name) as name from contacts c join leads l on l.id = c.lead_id
      where l.company_id = $1 and c.email = '' group by lower(c.name) order by 1`,
    [companyId],
  );
  return rows.map((row) => String(row.name));
}

/** Addresses at a domain with the names they belong to (any company's contacts), bounced ones left out: a pattern's evidence. */
export async function knownAddressesAt(query: RawQuery, domain: string): Promise<{ name: string; email: string }[]> {
  const { rows } = await query(
    `select distinct c.name, lower(c.email) as email from contacts c
      where c.email <> '' and lower(c.email) like $1 and c.email_status is distinct from 'bounced' limit 200`,
    [`%@${domain.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}`],
  );
  return rows.map((row) => ({ name: String(row.name), email: String(row.email) }));
}

/**
 * Gives every contact of the company named `name` that has no email this one, with its status and source. An
 * address reported bounced anywhere is never given again. Returns how many contacts took it.
 */
export async function fillPersonEmail(
  query: RawQuery,
  companyId: string,
  name: string,
  email: string,
  status: Exclude<EmailStatus, 'bounced'>,
  source: EmailSource,
): Promise<number> {
  const bounced = await query(`select 1 from contacts where lower(email) = lower($1) and email_status = 'bounced' limit 1`, [email]);
  if (bounced.rows.length > 0) return 0;
  const { rows } = await query(
    `update contacts c set email = $3, email_status = $4, email_source = $5, email_checked_at = now()
       from leads l
      where l.id = c.lead_id and l.company_id = $1 and lower(c.name) = lower($2) and c.email = ''
      returning c.id`,
    [companyId, name, email, status, source],
  );
  if (rows.length > 0) await query(BUMP_LEADS_VERSION_SQL);
  return rows.length;
}

/** Companies not enriched yet (no `company:<id>` lookup), those with the newest leads first. */
export async function companiesToEnrich(query: RawQuery, limit: number): Promise<string[]> {
  const { rows } = await query(
    `select l.company_id::text as id from leads l
      where l.company_id is not null
        and not exists (select 1 from enrichment_lookups e where e.key = 'company:' || l.company_id::text)
      group by l.company_id order by max(l.created_at) desc limit $1`,
    [limit],
  );
  return rows.map((row) => String(row.id));
}
