// Enriches one company (issue 31), in order of cost: SEC's company record (once per CIK), what other sources say,
// then the provider (only with HUNTER_API_KEY): one domain search, then emails from it, from a known pattern, or one
// email lookup per person. Every lookup is recorded, so a run repeated (a retry, a new round) asks nothing twice
// within LOOKUP_TTL_DAYS. Idempotent: a job may run it again at any point.
import { isDomain, normalizeDomain } from '@fundwire/shared';
import type { Config } from '../../config.js';
import type { Database, RawQuery } from '../../db/client.js';
import {
  domainFromOtherSources,
  fillCompanyDomain,
  fillPersonEmail,
  knownAddressesAt,
  loadEnrichmentCompany,
  namesWithoutEmail,
  setCompanyContactFacts,
  setCompanyEmailPattern,
  type EnrichmentCompany,
} from '../leads/index.js';
import { applyPattern, isUsablePattern, learnPattern, sameOrganisation, splitName } from './patterns.js';
import { createProvider, emailStatusOf, type DomainSearchResult, type Provider } from './provider.js';
import { fetchSecRecord } from './sec-record.js';

/** A person (or a company's domain search) is looked up at most once in this many days. */
export const LOOKUP_TTL_DAYS = 90;

export interface EnrichDeps {
  database: Database;
  config: Config;
  signal?: AbortSignal;
  /** SEC's pace (tests shorten it); the Form D feed's by default. */
  secHttp?: { intervalMs?: number; maxAttempts?: number; backoffMs?: number };
}

export interface EnrichOutcome {
  domain: string | null;
  emailsFound: number;
}

async function lookedUp(query: RawQuery, key: string, ttlDays: number | null): Promise<boolean> {
  const { rows } = await query(
    `select 1 from enrichment_lookups where key = $1 and ($2::int is null or looked_up_at > now() - ($2::int * interval '1 day'))`,
    [key, ttlDays],
  );
  return rows.length > 0;
}

async function recordLookup(query: RawQuery, key: string, outcome: string): Promise<void> {
  await query(
    `insert into enrichment_lookups (key, outcome) values ($1, $2)
     on conflict (key) do update set looked_up_at = now(), outcome = excluded.outcome`,
    [key, outcome],
  );
}

const personKey = (domain: string, first: string, last: string) => `person:${domain}|${first.toLowerCase()}|${last.toLowerCase()}`;

export async function enrichCompany(deps: EnrichDeps, companyId: string): Promise<EnrichOutcome> {
  const { database, config } = deps;
  const tx = <T>(fn: (query: RawQuery) => Promise<T>) => database.rawTransaction(fn);
  const provider = createProvider(database, config, deps.signal);
  // What is known and what was asked already, in one read.
  const start = await tx(async (query) => {
    const company = await loadEnrichmentCompany(query, companyId);
    if (!company) return null;
    const secDue = company.cik !== null && config.edgar.userAgent !== undefined && !(await lookedUp(query, `sec:${company.cik}`, null));
    // Without SEC to ask first, what other sources say fills the domain right away.
    if (!secDue && !company.domain) company.domain = await fillFromOtherSources(query, company);
    const searchDue = provider !== null && !(await lookedUp(query, `domain:${company.id}`, LOOKUP_TTL_DAYS));
    return { company, secDue, searchDue, waiting: await namesWithoutEmail(query, company.id) };
  });
  if (!start) return { domain: null, emailsFound: 0 };
  const { company, waiting } = start;
  let domain = company.domain;

  // 1. SEC's company record: once per CIK, ever (a website, a phone, an address); then 2. what other sources say.
  if (start.secDue) {
    const facts = await fetchSecRecord(database, config, company.cik!, { ...deps.secHttp, signal: deps.signal });
    await tx(async (query) => {
      if (facts) await setCompanyContactFacts(query, company.id, facts);
      if (facts?.domain && !domain && (await fillCompanyDomain(query, company.id, facts.domain, 'sec'))) domain = facts.domain;
      if (!domain) domain = await fillFromOtherSources(query, { ...company, domain });
      await recordLookup(query, `sec:${company.cik}`, facts ? (facts.domain ? 'website' : 'no-website') : 'not-found');
    });
  }

  let pattern = isUsablePattern(company.emailPattern) ? company.emailPattern : null;
  let emailsFound = 0;
  let searched: DomainSearchResult | null = null;
  let searchAccepted = false;
  let didSearch = false;
  let providerDomain: string | null = null;
  // 3. The provider's domain search: a website for a company without one (only when its organisation is the
  // company), and the company's pattern and known addresses. Its writes go with step 4's below.
  if (provider && start.searchDue && (!domain || (!pattern && waiting.length > 0))) {
    const byDomain = domain !== null;
    searched = await provider.domainSearch(byDomain ? { domain: domain! } : { company: company.name });
    didSearch = true;
    const found = searched?.domain ? normalizeDomain(searched.domain) : '';
    searchAccepted = byDomain || (found !== '' && isDomain(found) && sameOrganisation(company.name, searched?.organization));
    if (!byDomain && searchAccepted) providerDomain = found;
  }

  // 4. Emails the search knows, and from a pattern (the provider's, or learned from two or more known addresses that
  // agree; never guessed), in one transaction with the search's outcome.
  const needLookup: string[] = [];
  await tx(async (query) => {
    if (didSearch) {
      if (providerDomain && (await fillCompanyDomain(query, company.id, providerDomain, 'provider'))) domain = providerDomain;
      if (searchAccepted && domain && searched) {
        if (isUsablePattern(searched.pattern)) {
          pattern = searched.pattern;
          await setCompanyEmailPattern(query, company.id, pattern);
        }
        emailsFound += await emailsFromSearch(query, company.id, domain, waiting, searched.emails);
      }
      await recordLookup(query, `domain:${company.id}`, searchAccepted ? `domain:${domain}` : 'no-match');
    }
    // Done, unless people wait for a lookup below (then done after them).
    await recordLookup(query, `company:${company.id}`, domain ? `domain:${domain}` : 'no-domain');
    if (!domain) return;
    if (!pattern) {
      const learned = learnPattern(domain, await knownAddressesAt(query, domain));
      if (learned) {
        pattern = learned;
        await setCompanyEmailPattern(query, company.id, learned);
      }
    }
    for (const name of emailsFound > 0 ? await namesWithoutEmail(query, company.id) : waiting) {
      const parts = splitName(name);
      if (!parts) continue;
      const email = pattern ? applyPattern(pattern, parts, domain) : null;
      if (email) emailsFound += (await fillPersonEmail(query, company.id, name, email, 'unverified', 'pattern')) > 0 ? 1 : 0;
      else if (!pattern && provider && !(await lookedUp(query, personKey(domain, parts.first, parts.last), LOOKUP_TTL_DAYS))) needLookup.push(name);
    }
  });

  // 5. One provider lookup per person still without an email, when no pattern is known.
  for (const name of needLookup) emailsFound += await lookUpPerson(provider!, deps, company.id, name, domain!);

  if (needLookup.length > 0) await tx((query) => recordLookup(query, `company:${company.id}`, `domain:${domain}`));
  return { domain, emailsFound };
}

/** A domain other sources gave the company fills its missing one; returns the domain it has now. */
async function fillFromOtherSources(query: RawQuery, company: EnrichmentCompany): Promise<string | null> {
  const other = await domainFromOtherSources(query, company);
  return other && (await fillCompanyDomain(query, company.id, other.domain, other.source)) ? other.domain : null;
}

async function lookUpPerson(provider: Provider, deps: EnrichDeps, companyId: string, name: string, domain: string): Promise<number> {
  const parts = splitName(name)!;
  const key = personKey(domain, parts.first, parts.last);
  const result = await provider.emailFinder(domain, parts.first, parts.last);
  const status = emailStatusOf(result?.email ?? null, result?.status ?? null);
  return deps.database.rawTransaction(async (query) => {
    await recordLookup(query, key, status ?? 'none');
    if (!status || !result?.email) return 0;
    return (await fillPersonEmail(query, companyId, name, result.email.trim().toLowerCase(), status, 'provider')) > 0 ? 1 : 0;
  });
}

/** The people a domain search already knows (matched by first and last name), with the provider's status. */
async function emailsFromSearch(
  query: RawQuery,
  companyId: string,
  domain: string,
  waiting: string[],
  emails: { value: string; firstName: string | null; lastName: string | null; status: string | null }[],
): Promise<number> {
  let found = 0;
  for (const name of waiting) {
    const parts = splitName(name);
    if (!parts) continue;
    const match = emails.find(
      (email) =>
        email.firstName?.toLowerCase() === parts.first.toLowerCase() &&
        email.lastName?.toLowerCase() === parts.last.toLowerCase() &&
        email.value.toLowerCase().endsWith(`@${domain}`),
    );
    const status = match ? emailStatusOf(match.value, match.status) : null;
    if (match && status) found += (await fillPersonEmail(query, companyId, name, match.value.trim().toLowerCase(), status, 'provider')) > 0 ? 1 : 0;
  }
  return found;
}
