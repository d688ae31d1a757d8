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
} from '../leads/index.js';
import { applyPattern, isUsablePattern, learnPattern, sameOrganisation, splitName } from './patterns.js';
import { createProvider, emailStatusOf, type Provider } from './provider.js';
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
  const company = await tx((query) => loadEnrichmentCompany(query, companyId));
  if (!company) return { domain: null, emailsFound: 0 };
  let domain = company.domain;

  // 1. SEC's company record: once per CIK, ever (a website, a phone, an address).
  if (company.cik && config.edgar.userAgent && !(await tx((query) => lookedUp(query, `sec:${company.cik}`, null)))) {
    const facts = await fetchSecRecord(database, config, company.cik, { ...deps.secHttp, signal: deps.signal });
    await tx(async (query) => {
      if (facts) await setCompanyContactFacts(query, company.id, facts);
      if (facts?.domain && !domain && (await fillCompanyDomain(query, company.id, facts.domain, 'sec'))) domain = facts.domain;
      await recordLookup(query, `sec:${company.cik}`, facts ? (facts.domain ? 'website' : 'no-website') : 'not-found');
    });
  }

  // 2. What other sources say of the same company.
  if (!domain) {
    await tx(async (query) => {
      const other = await domainFromOtherSources(query, company);
      if (other && (await fillCompanyDomain(query, company.id, other.domain, other.source))) domain = other.domain;
    });
  }

  const provider = createProvider(database, config, deps.signal);
  let pattern = isUsablePattern(company.emailPattern) ? company.emailPattern : null;
  let emailsFound = 0;
  const waiting = await tx((query) => namesWithoutEmail(query, company.id));

  // 3. The provider's domain search: a website for a company without one (only when its organisation is the
  // company), and the company's pattern and known addresses.
  if (provider && (!domain || (!pattern && waiting.length > 0)) && !(await tx((query) => lookedUp(query, `domain:${company.id}`, LOOKUP_TTL_DAYS)))) {
    const byDomain = domain !== null;
    const result = await provider.domainSearch(byDomain ? { domain: domain! } : { company: company.name });
    const found = result?.domain ? normalizeDomain(result.domain) : '';
    const accepted = byDomain || (found !== '' && isDomain(found) && sameOrganisation(company.name, result?.organization));
    await tx(async (query) => {
      if (!byDomain && accepted && (await fillCompanyDomain(query, company.id, found, 'provider'))) domain = found;
      if (accepted && domain && result) {
        if (isUsablePattern(result.pattern)) {
          pattern = result.pattern;
          await setCompanyEmailPattern(query, company.id, pattern);
        }
        emailsFound += await emailsFromSearch(query, company.id, domain, waiting, result.emails);
      }
      await recordLookup(query, `domain:${company.id}`, accepted ? `domain:${domain}` : 'no-match');
    });
  }

  if (domain) {
    const at = domain;
    // 4. A pattern learned from two or more known addresses that agree; never guessed.
    if (!pattern) {
      const learned = learnPattern(at, await tx((query) => knownAddressesAt(query, at)));
      if (learned) {
        pattern = learned;
        await tx((query) => setCompanyEmailPattern(query, company.id, learned));
      }
    }
    // 5. Each person still without an email: from the pattern, else one provider lookup per person.
    for (const name of await tx((query) => namesWithoutEmail(query, company.id))) {
      const parts = splitName(name);
      if (!parts) continue;
      if (pattern) {
        const email = applyPattern(pattern, parts, at);
        if (email) emailsFound += (await tx((query) => fillPersonEmail(query, company.id, name, email, 'unverified', 'pattern'))) > 0 ? 1 : 0;
        continue;
      }
      if (!provider) continue;
      const key = personKey(at, parts.first, parts.last);
      if (await tx((query) => lookedUp(query, key, LOOKUP_TTL_DAYS))) continue;
      emailsFound += await lookUpPerson(provider, deps, company.id, name, parts, at, key);
    }
  }

  await tx((query) => recordLookup(query, `company:${company.id}`, domain ? `domain:${domain}` : 'no-domain'));
  return { domain, emailsFound };
}

async function lookUpPerson(
  provider: Provider,
  deps: EnrichDeps,
  companyId: string,
  name: string,
  parts: { first: string; last: string },
  domain: string,
  key: string,
): Promise<number> {
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
