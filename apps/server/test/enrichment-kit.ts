// Shared set-up of the enrichment tests: an app wired to local stand-ins of EDGAR, SEC's company records and
// Hunter, and a way to write leads as an import or the feed would.
import { leadIdentityKey } from '@fundwire/shared';
import { upsertLeadBatch, type BulkLead } from '../src/modules/leads/index.js';
import { startEdgarStandIn, type EdgarStandIn } from './edgar-stand-in.js';
import { buildTestApp, type TestApp } from './helpers.js';
import { startHunterStandIn, type HunterStandIn } from './hunter-stand-in.js';
import { startSecDataStandIn, type SecDataStandIn } from './sec-data-stand-in.js';

export const USER_AGENT = 'Fundwire tests ops@fundwire.example.com';

export interface EnrichmentKit {
  t: TestApp;
  edgar: EdgarStandIn;
  sec: SecDataStandIn;
  hunter: HunterStandIn;
  close(): Promise<void>;
}

/** withKey false: the provider stays off (no HUNTER_API_KEY), though its stand-in runs and counts requests. */
export async function startEnrichmentKit(options: { withKey?: boolean; env?: Record<string, string>; runJobs?: boolean } = {}): Promise<EnrichmentKit> {
  const [edgar, sec, hunter] = await Promise.all([startEdgarStandIn(), startSecDataStandIn(), startHunterStandIn()]);
  const t = await buildTestApp(
    {
      EDGAR_USER_AGENT: USER_AGENT,
      EDGAR_BASE_URL: edgar.url,
      EDGAR_DATA_URL: sec.url,
      HUNTER_API_URL: hunter.url,
      ...(options.withKey === false ? {} : { HUNTER_API_KEY: hunter.apiKey }),
      ...options.env,
    },
    options.runJobs === undefined ? {} : { runJobs: options.runJobs },
  );
  return {
    t,
    edgar,
    sec,
    hunter,
    close: async () => {
      await t.close();
      await Promise.all([edgar.close(), sec.close(), hunter.close()]);
    },
  };
}

let counter = 0;

/** A lead as an import writes it (source 'import' unless given), with contacts by name. */
export function importLead(overrides: Partial<BulkLead> & { companyName: string }, people: (string | { name: string; email: string })[] = []): BulkLead {
  counter++;
  return {
    domain: '',
    industry: 'SaaS',
    fundingAmount: 1_000_000,
    fundingRound: 'Seed',
    location: 'Austin, TX',
    fundingDate: `2026-11-${String(1 + (counter % 27)).padStart(2, '0')}`,
    description: 'A startup.',
    tags: [],
    source: 'import',
    contacts: people.map((person) =>
      typeof person === 'string' ? { name: person, role: 'Founder', email: null, linkedIn: '' } : { name: person.name, role: 'Founder', email: person.email, linkedIn: '' },
    ),
    ...overrides,
  };
}

/** Writes leads and returns each one's company id, in order. */
export async function writeLeads(t: TestApp, leads: BulkLead[]): Promise<string[]> {
  return t.database.rawTransaction(async (query) => {
    const result = await upsertLeadBatch(query, leads);
    const ids = leads.map((lead) => result.byKey.get(lead.identityKey ?? leadIdentityKey(lead))!.id);
    const companies = await query('select id::text as id, company_id::text as company_id from leads where id = any($1::uuid[])', [ids]);
    const byLead = new Map(companies.rows.map((row) => [String(row.id), String(row.company_id)]));
    return ids.map((id) => byLead.get(id)!);
  });
}

/** The contacts of a company's leads: name, email and the email's fields as stored. */
export async function storedContacts(t: TestApp, companyId: string) {
  const result = await t.database.rawTransaction((query) =>
    query(
      `select c.name, nullif(c.email, '') as email, c.email_status, c.email_source from contacts c join leads l on l.id = c.lead_id
        where l.company_id = $1 order by c.position, c.name`,
      [companyId],
    ),
  );
  return result.rows as { name: string; email: string | null; email_status: string | null; email_source: string | null }[];
}
