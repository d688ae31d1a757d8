// Enrichment end to end against local stand-ins of SEC's company records and Hunter (real response shapes): websites
// from SEC, from other sources and from the provider only on a name match; each email status; patterns only with
// evidence; one lookup per person; the daily limit; a 429's Retry-After; no provider call without HUNTER_API_KEY.
import { afterEach, describe, expect, it } from 'vitest';
import type { CompanyResponse, LeadListResponse, SourcesResponse } from '@fundwire/shared';
import { signInAs } from '../../../test/helpers.js';
import { importLead, startEnrichmentKit, storedContacts, USER_AGENT, writeLeads, type EnrichmentKit } from '../../../test/enrichment-kit.js';
import { enrichCompany } from './enrich.js';
import { ENRICH_COMPANY_JOB, enqueueEnrichmentBackfill } from './jobs.js';

const DAY = '2026-11-20';
const kits: EnrichmentKit[] = [];
afterEach(async () => {
  while (kits.length) await kits.pop()!.close();
});
async function kit(options: Parameters<typeof startEnrichmentKit>[0] = {}): Promise<EnrichmentKit> {
  const started = await startEnrichmentKit(options);
  kits.push(started);
  return started;
}
const enrich = (k: EnrichmentKit, companyId: string) => enrichCompany({ database: k.t.database, config: k.t.config, secHttp: { intervalMs: 1 } }, companyId);
const hunterCalls = (k: EnrichmentKit, path?: string) => k.hunter.requests.filter((request) => !path || request.path === path).length;

describe('enrichment', () => {
  it('gives a freshly ingested Form D lead its website from SEC and statused emails, with no click', async () => {
    const k = await kit();
    k.edgar.addFiling(DAY, {
      accessionNumber: '0001999001-26-000001',
      cik: '1999001',
      entityName: 'ACME ROBOTICS INC',
      city: 'SAN FRANCISCO',
      stateOrCountry: 'CA',
      industryGroupType: 'Other Technology',
      dateOfFirstSale: '2026-11-10',
      totalAmountSold: '2500000',
      people: [
        { firstName: 'GLENN', middleName: 'LINDORES', lastName: 'CHISHOLM', relationships: ['Executive Officer'] },
        { firstName: 'ADA', lastName: 'LOVELACE', relationships: ['Director'] },
      ],
    });
    k.sec.addCompany({
      cik: '1999001',
      name: 'ACME ROBOTICS INC',
      website: 'https://www.acmerobotics.example.com/',
      phone: '415-555-0100',
      business: { street1: '1 MARKET ST', street2: 'SUITE 300', city: 'SAN FRANCISCO', stateOrCountry: 'CA', zipCode: '94105' },
    });
    k.hunter.addOrganisation('Acme Robotics', {
      organization: 'Acme Robotics',
      domain: 'acmerobotics.example.com',
      pattern: null,
      emails: [{ value: 'glenn@acmerobotics.example.com', firstName: 'Glenn', lastName: 'Chisholm', status: 'valid' }],
    });
    k.hunter.addPerson({ domain: 'acmerobotics.example.com', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acmerobotics.example.com', status: 'accept_all' });

    await k.t.app.sources.run('sec-form-d', { days: [DAY], today: DAY, http: { intervalMs: 1, backoffMs: 1, maxAttempts: 2 } });
    const jobs = await k.t.database.rawTransaction((query) => query(`select key, priority from jobs where kind = $1`, [ENRICH_COMPANY_JOB]));
    expect(jobs.rows).toHaveLength(1);
    expect(await k.t.app.jobs.runDue()).toMatchObject({ done: 1, failed: 0 });

    // SEC was asked once, under the feed's User-Agent, for the zero-padded CIK.
    const secRequests = k.sec.requests.filter((request) => request.path.startsWith('/submissions/'));
    expect(secRequests.map((request) => [request.path, request.userAgent])).toEqual([['/submissions/CIK0001999001.json', USER_AGENT]]);
    // The api key never reaches a log line.
    expect(JSON.stringify(k.t.logs)).not.toContain(k.hunter.apiKey);

    const subscriber = await signInAs(k.t, 'subscriber');
    const list = (await k.t.app.inject({ url: '/api/leads', headers: subscriber })).json() as LeadListResponse;
    const lead = list.leads[0]!;
    expect(lead).toMatchObject({ domain: 'acmerobotics.example.com', domainSource: 'sec', location: 'San Francisco, CA', filedLocation: 'SAN FRANCISCO, CA' });
    expect(Date.parse(lead.domainFoundAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(lead.contacts.map(({ name, filedName, email, emailStatus, emailSource }) => ({ name, filedName, email, emailStatus, emailSource }))).toEqual([
      { name: 'Glenn Lindores Chisholm', filedName: 'CHISHOLM GLENN LINDORES', email: 'glenn@acmerobotics.example.com', emailStatus: 'verified', emailSource: 'provider' },
      { name: 'Ada Lovelace', filedName: 'LOVELACE ADA', email: 'ada@acmerobotics.example.com', emailStatus: 'accept_all', emailSource: 'provider' },
    ]);
    expect(lead.contacts[0]!.emailCheckedAt).not.toBeNull();

    const company = (await k.t.app.inject({ url: `/api/companies/${lead.companyId}`, headers: subscriber })).json() as CompanyResponse;
    expect(company.company).toMatchObject({ domainSource: 'sec', phone: '415-555-0100', address: '1 Market St, Suite 300, San Francisco, CA 94105' });

    // Contact names are searchable; "Verified email only" keeps the lead with a verified email.
    expect(((await k.t.app.inject({ url: '/api/leads?q=chisholm', headers: subscriber })).json() as LeadListResponse).leads.map((row) => row.id)).toEqual([lead.id]);
    await writeLeads(k.t, [importLead({ companyName: 'Plain Co', domain: 'plain.example.com' }, [{ name: 'Pat Plain', email: 'pat@plain.example.com' }])]);
    const verified = (await k.t.app.inject({ url: '/api/v1/leads?emailStatus=verified', headers: subscriber })).json() as LeadListResponse;
    expect(verified.leads.map((row) => row.id)).toEqual([lead.id]);
    expect((await k.t.app.inject({ url: '/api/leads?emailStatus=unverified', headers: subscriber })).statusCode).toBe(400);

    // The admin's sources screen: coverage by source, and the provider's requests against the limit.
    const admin = await signInAs(k.t, 'admin');
    const { enrichment } = (await k.t.app.inject({ url: '/api/admin/sources', headers: admin })).json() as SourcesResponse;
    expect(enrichment).toMatchObject({ providerEnabled: true, requestsToday: hunterCalls(k), dailyLimit: 500, pausedUntil: null, lastErrors: [] });
    expect(enrichment.coverage.find((row) => row.source === 'sec-form-d')).toEqual({ source: 'sec-form-d', leads: 1, withWebsite: 1, withEmail: 1, withVerifiedEmail: 1 });
    // A domain search, then one lookup for the one person the search did not know.
    expect([hunterCalls(k, '/v2/domain-search'), hunterCalls(k, '/v2/email-finder')]).toEqual([1, 1]);
  });

  it('fills a missing website from another source, never over one the admin typed', async () => {
    const k = await kit({ withKey: false });
    const [formD, , typed] = await writeLeads(k.t, [
      importLead({ companyName: 'Beta Labs Inc', source: 'sec-form-d', cik: '1999002' }),
      importLead({ companyName: 'Beta Labs Inc', domain: 'betalabs.example.com', source: 'fundraisingfox', fundingRound: 'Series A' }),
      importLead({ companyName: 'Kappa Corp', domain: 'kappa.example.com' }),
    ]);
    await enrich(k, formD!);
    const leads = await k.t.database.rawTransaction((query) => query(`select domain, domain_source from leads where company_id = $1`, [formD]));
    expect(leads.rows).toEqual([{ domain: 'betalabs.example.com', domain_source: 'fundraisingfox' }]);
    // SEC had no record for the CIK (404): not an error, just no facts.
    expect(k.sec.requests.map((request) => request.path)).toEqual(['/submissions/CIK0001999002.json']);

    await k.t.database.rawTransaction((query) => query(`update companies set domain = 'kappa.admin.example.com', domain_source = 'admin' where id = $1`, [typed]));
    await writeLeads(k.t, [importLead({ companyName: 'Kappa Corp', domain: 'kappa.example.com', fundingRound: 'Series B' })]);
    const company = await k.t.database.rawTransaction((query) => query('select domain, domain_source from companies where id = $1', [typed]));
    expect(company.rows[0]).toEqual({ domain: 'kappa.admin.example.com', domain_source: 'admin' });
    expect(hunterCalls(k)).toBe(0);
  });

  it('takes a website from the provider only when its organisation is the company', async () => {
    const k = await kit();
    k.hunter.addOrganisation('Gamma Robotics, Inc.', { organization: 'GAMMA ROBOTICS', domain: 'gammarobotics.example.com', pattern: '{first}.{last}' });
    k.hunter.addOrganisation('Delta Foods LLC', { organization: 'Delta Foods Europe', domain: 'deltafoods.example.eu', pattern: '{first}' });
    const [gamma, delta] = await writeLeads(k.t, [
      importLead({ companyName: 'Gamma Robotics, Inc.' }, ['Grace Hopper']),
      importLead({ companyName: 'Delta Foods LLC' }, ['Dan Delta']),
    ]);
    await enrich(k, gamma!);
    await enrich(k, delta!);
    const domains = await k.t.database.rawTransaction((query) => query('select name, domain, domain_source, email_pattern from companies order by name'));
    expect(domains.rows).toEqual([
      { name: 'Delta Foods LLC', domain: null, domain_source: null, email_pattern: null },
      { name: 'Gamma Robotics, Inc.', domain: 'gammarobotics.example.com', domain_source: 'provider', email_pattern: '{first}.{last}' },
    ]);
    // The provider's pattern gives the person an address, marked as built from a pattern and unverified.
    expect(await storedContacts(k.t, gamma!)).toEqual([{ name: 'Grace Hopper', email: 'grace.hopper@gammarobotics.example.com', email_status: 'unverified', email_source: 'pattern' }]);
    expect(await storedContacts(k.t, delta!)).toEqual([{ name: 'Dan Delta', email: null, email_status: null, email_source: null }]);
    expect(k.hunter.requests.map((request) => request.query.company)).toEqual(['Gamma Robotics, Inc.', 'Delta Foods LLC']);
  });

  it("maps each of the provider's verification statuses, and looks each person up once across runs", async () => {
    const k = await kit();
    const domain = 'statuses.example.com';
    const people = { Val: 'valid', Acc: 'accept_all', Unk: 'unknown', Inv: 'invalid' } as const;
    for (const [first, status] of Object.entries(people)) k.hunter.addPerson({ domain, firstName: first, lastName: 'Person', email: `${first.toLowerCase()}@${domain}`, status });
    const names = [...Object.keys(people).map((first) => `${first} Person`), 'Nobody Known'];
    const [company] = await writeLeads(k.t, [importLead({ companyName: 'Statuses Inc', domain }, names), importLead({ companyName: 'Statuses Inc', domain, fundingRound: 'Series A' }, names)]);
    await enrich(k, company!);
    const contacts = (await storedContacts(k.t, company!)).filter((contact, index, all) => all.findIndex((other) => other.name === contact.name) === index);
    expect(contacts.map(({ name, email, email_status, email_source }) => [name, email, email_status, email_source])).toEqual([
      ['Val Person', 'val@statuses.example.com', 'verified', 'provider'],
      ['Acc Person', 'acc@statuses.example.com', 'accept_all', 'provider'],
      ['Unk Person', 'unk@statuses.example.com', 'unverified', 'provider'],
      ['Inv Person', null, null, null],
      ['Nobody Known', null, null, null],
    ]);
    // One domain search, then one lookup per person although each is on two rounds.
    expect([hunterCalls(k, '/v2/domain-search'), hunterCalls(k, '/v2/email-finder')]).toEqual([1, 5]);
    // A second run (a retry, a new round) asks nothing again.
    await k.t.app.jobs.enqueue(ENRICH_COMPANY_JOB, company!, { companyId: company! });
    expect(await k.t.app.jobs.runDue()).toMatchObject({ done: 1 });
    expect(hunterCalls(k)).toBe(6);
  });

  it('builds addresses from a pattern only with evidence: two known addresses that agree', async () => {
    const k = await kit({ withKey: false });
    const [learned, single] = await writeLeads(k.t, [
      importLead({ companyName: 'Epsilon Io', domain: 'epsilon.example.com' }, [
        { name: 'Ada Lovelace', email: 'ada.lovelace@epsilon.example.com' },
        { name: 'Alan Turing', email: 'alan.turing@epsilon.example.com' },
        'Grace Brewster Hopper',
      ]),
      importLead({ companyName: 'Zeta Io', domain: 'zeta.example.com' }, [{ name: 'Ada Lovelace', email: 'ada.lovelace@zeta.example.com' }, 'Alan Turing']),
    ]);
    await enrich(k, learned!);
    await enrich(k, single!);
    expect((await storedContacts(k.t, learned!))[2]).toEqual({ name: 'Grace Brewster Hopper', email: 'grace.hopper@epsilon.example.com', email_status: 'unverified', email_source: 'pattern' });
    expect((await storedContacts(k.t, single!))[1]).toEqual({ name: 'Alan Turing', email: null, email_status: null, email_source: null });
    // The imported addresses kept their own status and source.
    expect((await storedContacts(k.t, learned!))[0]).toMatchObject({ email_status: 'unverified', email_source: 'import' });
    // No HUNTER_API_KEY: not one provider request, although the stand-in was there to answer.
    expect(hunterCalls(k)).toBe(0);
  });

  it('stops at the daily limit until the next day, and pauses every lookup until a 429 Retry-After', async () => {
    const k = await kit({ env: { ENRICHMENT_DAILY_LIMIT: '2' } });
    const [limited] = await writeLeads(k.t, [importLead({ companyName: 'Eta Inc', domain: 'eta.example.com' }, ['Ann One', 'Ben Two', 'Cat Three'])]);
    await k.t.app.jobs.enqueue(ENRICH_COMPANY_JOB, limited!, { companyId: limited! });
    expect(await k.t.app.jobs.runDue()).toMatchObject({ retried: 1 });
    expect(hunterCalls(k)).toBe(2);
    const waiting = await k.t.database.rawTransaction((query) => query(`select status, run_after from jobs where key = $1`, [limited]));
    const nextDay = new Date();
    nextDay.setUTCHours(24, 0, 0, 0);
    expect(waiting.rows[0]!.status).toBe('pending');
    expect(new Date(waiting.rows[0]!.run_after as string).getTime()).toBeGreaterThanOrEqual(nextDay.getTime());

    const k2 = await kit();
    k2.hunter.failNext('/v2/domain-search', 429, 120);
    const [first, second] = await writeLeads(k2.t, [
      importLead({ companyName: 'Theta Inc', domain: 'theta.example.com' }, ['Tom Theta']),
      importLead({ companyName: 'Iota Inc', domain: 'iota.example.com' }, ['Ian Iota']),
    ]);
    await k2.t.app.jobs.enqueue(ENRICH_COMPANY_JOB, first!, { companyId: first! });
    await k2.t.app.jobs.enqueue(ENRICH_COMPANY_JOB, second!, { companyId: second! });
    expect(await k2.t.app.jobs.runDue()).toMatchObject({ retried: 2, done: 0 });
    // One request was answered 429; the other job waited without asking.
    expect(hunterCalls(k2)).toBe(1);
    const admin = await signInAs(k2.t, 'admin');
    const { enrichment } = (await k2.t.app.inject({ url: '/api/admin/sources', headers: admin })).json() as SourcesResponse;
    const pausedFor = Date.parse(enrichment.pausedUntil!) - Date.now();
    expect(pausedFor).toBeGreaterThan(100_000);
    expect(pausedFor).toBeLessThanOrEqual(120_000);
    expect(enrichment.lastErrors[0]!.message).toContain('429');
    const runAfter = await k2.t.database.rawTransaction((query) => query(`select min(run_after) as at from jobs where kind = $1`, [ENRICH_COMPANY_JOB]));
    expect(new Date(runAfter.rows[0]!.at as string).getTime()).toBeGreaterThan(Date.now() + 100_000);
  });

  it('works older leads through newest first, and enriches in the background worker with no click', async () => {
    const k = await kit({ withKey: false, runJobs: true });
    const [older] = await writeLeads(k.t, [
      importLead({ companyName: 'Old Co', domain: 'old.example.com' }, [
        { name: 'Ada Lovelace', email: 'ada.lovelace@old.example.com' },
        { name: 'Alan Turing', email: 'alan.turing@old.example.com' },
        'Grace Hopper',
      ]),
    ]);
    await k.t.database.rawTransaction((query) => query(`update leads set created_at = now() - interval '3 days' where company_id = $1`, [older]));
    const [newer] = await writeLeads(k.t, [importLead({ companyName: 'New Co', domain: 'new.example.com' }, ['Nia New'])]);
    expect(await enqueueEnrichmentBackfill(k.t.database, 10)).toBe(2);
    const order = await k.t.database.rawTransaction((query) => query(`select key from jobs where kind = $1 order by priority desc, run_after, created_at`, [ENRICH_COMPANY_JOB]));
    expect(order.rows.map((row) => row.key)).toEqual([newer, older]);
    await expect
      .poll(async () => (await storedContacts(k.t, older!))[2]?.email, { timeout: 20_000 })
      .toBe('grace.hopper@old.example.com');
    // Done companies are not queued again.
    await expect.poll(async () => enqueueEnrichmentBackfill(k.t.database, 10), { timeout: 20_000 }).toBe(0);
  });
});
