// Send to HubSpot against the stand-in: OAuth connect, one lead, a selection, again without duplicates, a contact
// without an email, a record deleted in HubSpot, an expired token refreshed, a 401 after the refresh pausing the
// account, a 429's Retry-After honoured, and 5xx retried up to a bound before the lead fails with the reason.
import { describe, expect, it } from 'vitest';
import type { Integrations } from '@fundwire/shared';
import { signInAs } from '../../../test/helpers.js';
import { connectHubspot, createLeads, readPush, runPush, startPush, useCrmTestApp } from '../../../test/crm.js';

describe('Send to HubSpot', () => {
  const crm = useCrmTestApp({ signIn: true });

  const integrations = async (headers = crm.user) => (await crm.t.app.inject({ method: 'GET', url: '/api/integrations', headers })).json() as Integrations;

  it('connects through the authorize page with a signed state, and shows the portal', async () => {
    expect((await integrations()).hubspot).toEqual({ available: true, connected: false, accountName: null, portalId: null, needsReconnect: false });
    const connect = await crm.t.app.inject({ method: 'GET', url: '/api/integrations/hubspot/connect', headers: crm.user });
    const authorize = new URL(String(connect.headers.location));
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${crm.hubspot.url}/oauth/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe(crm.hubspot.clientId);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${crm.t.config.appUrl}/api/integrations/hubspot/callback`);
    expect(authorize.searchParams.get('scope')).toContain('crm.objects.companies.write');
    expect(authorize.searchParams.get('state')).toBeTruthy();

    // A forged state and another user's state are refused, and nothing is exchanged.
    const tokenCalls = () => crm.hubspot.requests.filter((request) => request.path === '/oauth/v1/token').length;
    const before = tokenCalls();
    const forged = await crm.t.app.inject({ method: 'GET', url: '/api/integrations/hubspot/callback?code=x&state=forged.1.2.3', headers: crm.user });
    expect(forged.statusCode).toBe(302);
    expect(String(forged.headers.location)).toMatch(/^\/integrations\?error=/);
    const other = await signInAs(crm.t, 'subscriber');
    const theirs = await crm.t.app.inject({ method: 'GET', url: `/api/integrations/hubspot/callback?code=x&state=${authorize.searchParams.get('state')}`, headers: other });
    expect(String(theirs.headers.location)).toMatch(/^\/integrations\?error=/);
    expect(tokenCalls()).toBe(before);

    expect(await connectHubspot(crm.t, crm.user)).toBe('/integrations?connected=hubspot');
    const connected = (await integrations()).hubspot;
    expect(connected).toEqual({ available: true, connected: true, accountName: 'fundwire-test.hubspot.com', portalId: String(crm.hubspot.portalId), needsReconnect: false });
    const exchange = crm.hubspot.requests.find((request) => request.path === '/oauth/v1/token')!;
    expect(new URLSearchParams(exchange.text).get('grant_type')).toBe('authorization_code');
  });

  it('pushes one lead: the company with its fields, both contacts associated, one note for the round', async () => {
    const [lead] = await createLeads(crm.t, 1);
    const push = await startPush(crm.t, crm.user, 'hubspot', [lead!.id]);
    expect(push).toMatchObject({ status: 'queued', total: 1, done: 0, failed: 0 });
    expect(push.results[0]).toMatchObject({ leadId: lead!.id, companyName: lead!.companyName, status: 'pending' });
    const finished = await runPush(crm.t, crm.user, push.id);
    expect(finished).toMatchObject({ status: 'done', total: 1, done: 1, failed: 0 });
    const company = [...crm.hubspot.companies.values()].find((candidate) => candidate.properties.domain === lead!.domain)!;
    expect(company.properties).toEqual({ name: lead!.companyName, domain: lead!.domain, city: 'San Francisco', state: 'CA', country: 'United States', industry: 'FINANCIAL_SERVICES' });
    expect(finished.results[0]!.crmCompanyUrl).toBe(`${crm.hubspot.url}/contacts/${crm.hubspot.portalId}/record/0-2/${company.id}`);
    const people = [...crm.hubspot.contacts.values()].filter((contact) => contact.properties.email?.endsWith(`@${lead!.domain}`));
    expect(people.map((person) => person.properties.firstname).sort()).toEqual(['Person0', 'Person1']);
    for (const person of people) expect(crm.hubspot.associations.has(`${person.id}->${company.id}`)).toBe(true);
    const notes = [...crm.hubspot.notes.values()].filter((note) => note.companyIds.includes(company.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.properties.hs_note_body).toContain('Series A round: $5,000,000, 2026-11-01');
    expect(notes[0]!.properties.hs_note_body).toContain('via Fundwire');

    const records = await crm.t.app.inject({ method: 'GET', url: `/api/crm/records?leadIds=${lead!.id}`, headers: crm.user });
    expect(records.json().records).toEqual([{ leadId: lead!.id, crm: 'hubspot', crmCompanyUrl: finished.results[0]!.crmCompanyUrl, pushedAt: expect.any(String) }]);
  });

  it('pushes a selection of 60 leads in batches, and again with no second company, contact or note', { timeout: 120_000 }, async () => {
    // More than one chunk of 50.
    const leads = await createLeads(crm.t, 60);
    const sizes = () => [crm.hubspot.companies.size, crm.hubspot.contacts.size, crm.hubspot.notes.size, crm.hubspot.associations.size];
    const before = sizes();
    const requestsBefore = crm.hubspot.crmRequests().length;
    // When the limiter let each request go (its own guarantee, free of the event loop's delays).
    const limiter = crm.t.app.crm.hubspotLimiter;
    const take = limiter.take.bind(limiter);
    const released: number[] = [];
    limiter.take = async (key, signal) => {
      await take(key, signal);
      released.push(Date.now());
    };
    const first = await runPush(crm.t, crm.user, (await startPush(crm.t, crm.user, 'hubspot', leads.map((lead) => lead.id))).id);
    expect(first).toMatchObject({ status: 'done', total: 60, done: 60, failed: 0 });
    expect(sizes()).toEqual([before[0]! + 60, before[1]! + 120, before[2]! + 60, before[3]! + 120]);
    // Searches and the contact upsert cover 50 leads per request: the create, two associations and the note remain.
    const sent = crm.hubspot.crmRequests().slice(requestsBefore);
    expect(sent.length / 60).toBeLessThanOrEqual(4.2);
    // The account's window (100 requests; 1 s here, 10 s in production) is never overrun.
    for (let index = 100; index < released.length; index++) expect(released[index]! - released[index - 100]!).toBeGreaterThanOrEqual(1_000);
    // As the stand-in saw them: it shares this process's event loop with PGlite, which can hold an arrival back by
    // tens of milliseconds on a loaded machine; the limiter's margin (50 ms here) and this allowance cover that.
    for (let index = 100; index < sent.length; index++) expect(sent[index]!.at - sent[index - 100]!.at).toBeGreaterThanOrEqual(1_000 - 100);

    limiter.take = take;
    const after = sizes();
    const again = await runPush(crm.t, crm.user, (await startPush(crm.t, crm.user, 'hubspot', leads.slice(0, 30).map((lead) => lead.id))).id);
    expect(again).toMatchObject({ status: 'done', done: 30, failed: 0 });
    expect(sizes()).toEqual(after);
  });

  it('finds a contact without an email by name and company before creating one, and creates no second', async () => {
    const [lead] = await createLeads(crm.t, 1, { contacts: 1, withoutEmail: 1 });
    await runPush(crm.t, crm.user, (await startPush(crm.t, crm.user, 'hubspot', [lead!.id])).id);
    const named = () => [...crm.hubspot.contacts.values()].filter((contact) => contact.properties.company === lead!.companyName);
    expect(named()).toHaveLength(1);
    expect(named()[0]!.properties).toMatchObject({ firstname: 'Person0', lastname: lead!.contacts[0]!.name.split(' ')[1] });
    const searches = crm.hubspot.crmRequests().filter((request) => request.path === '/crm/v3/objects/contacts/search');
    expect(searches.at(-1)!.body).toMatchObject({ filterGroups: [{ filters: expect.arrayContaining([{ propertyName: 'company', operator: 'EQ', value: lead!.companyName }]) }] });
    await runPush(crm.t, crm.user, (await startPush(crm.t, crm.user, 'hubspot', [lead!.id])).id);
    expect(named()).toHaveLength(1);
  });

  it('recreates a company deleted in HubSpot on the next push', async () => {
    const [lead] = await createLeads(crm.t, 1, { contacts: 1 });
    await runPush(crm.t, crm.user, (await startPush(crm.t, crm.user, 'hubspot', [lead!.id])).id);
    const old = [...crm.hubspot.companies.values()].find((company) => company.properties.domain === lead!.domain)!;
    crm.hubspot.companies.delete(old.id);
    const again = await runPush(crm.t, crm.user, (await startPush(crm.t, crm.user, 'hubspot', [lead!.id])).id);
    const fresh = [...crm.hubspot.companies.values()].filter((company) => company.properties.domain === lead!.domain);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.id).not.toBe(old.id);
    expect(again.results[0]!.crmCompanyUrl).toContain(`/record/0-2/${fresh[0]!.id}`);
    // Its contact is linked to the new company, and the round's note is on it.
    const contact = [...crm.hubspot.contacts.values()].find((person) => person.properties.email === lead!.contacts[0]!.email)!;
    expect(crm.hubspot.associations.has(`${contact.id}->${fresh[0]!.id}`)).toBe(true);
    expect([...crm.hubspot.notes.values()].filter((note) => note.companyIds.includes(fresh[0]!.id))).toHaveLength(1);
  });

  it('fills only the empty fields of a company found by domain', async () => {
    const [lead] = await createLeads(crm.t, 1, { contacts: 0 });
    crm.hubspot.companies.set('777', { id: '777', properties: { name: 'Their Own Name', domain: lead!.domain, city: 'Oakland' } });
    await runPush(crm.t, crm.user, (await startPush(crm.t, crm.user, 'hubspot', [lead!.id])).id);
    expect(crm.hubspot.companies.get('777')!.properties).toEqual({ name: 'Their Own Name', domain: lead!.domain, city: 'Oakland', state: 'CA', country: 'United States', industry: 'FINANCIAL_SERVICES' });
    expect([...crm.hubspot.companies.values()].filter((company) => company.properties.domain === lead!.domain)).toHaveLength(1);
  });

  it('refreshes an expired token (grant_type=refresh_token) and carries on', async () => {
    const [lead] = await createLeads(crm.t, 1, { contacts: 1 });
    crm.hubspot.expireTokens();
    const refreshesBefore = crm.hubspot.requests.filter((request) => request.path === '/oauth/v1/token' && request.text.includes('grant_type=refresh_token')).length;
    const push = await runPush(crm.t, crm.user, (await startPush(crm.t, crm.user, 'hubspot', [lead!.id])).id);
    expect(push).toMatchObject({ status: 'done', done: 1 });
    expect(crm.hubspot.requests.filter((request) => request.path === '/oauth/v1/token' && request.text.includes('grant_type=refresh_token')).length).toBe(refreshesBefore + 1);
  });

  it('honours a 429 by waiting for its Retry-After', async () => {
    const [lead] = await createLeads(crm.t, 1, { contacts: 0 });
    crm.hubspot.faults.push({ method: 'POST', path: '/crm/v3/objects/companies/search', status: 429, headers: { 'retry-after': '1' }, body: { status: 'error', message: 'You have reached your ten_secondly_rolling limit.', category: 'RATE_LIMITS' } });
    const from = crm.hubspot.requests.length;
    const push = await runPush(crm.t, crm.user, (await startPush(crm.t, crm.user, 'hubspot', [lead!.id])).id);
    expect(push).toMatchObject({ status: 'done', done: 1 });
    const searches = crm.hubspot.requests.slice(from).filter((request) => request.path === '/crm/v3/objects/companies/search');
    expect(searches.length).toBeGreaterThanOrEqual(2);
    expect(searches[1]!.at - searches[0]!.at).toBeGreaterThanOrEqual(1_000);
  });

  it('retries a 5xx up to a bound, then marks the lead failed with the reason and sends the others', async () => {
    const [failing, fine] = await createLeads(crm.t, 2, { contacts: 0 });
    crm.hubspot.faults.push({ method: 'POST', path: '/crm/v3/objects/notes', status: 503, body: { message: 'Service Unavailable' }, times: 3 });
    const push = await runPush(crm.t, crm.user, (await startPush(crm.t, crm.user, 'hubspot', [failing!.id, fine!.id])).id);
    expect(push).toMatchObject({ status: 'done', total: 2, done: 1, failed: 1 });
    expect(push.results[0]).toMatchObject({ leadId: failing!.id, status: 'failed', error: 'HubSpot answered 503: Service Unavailable (tried 3 times)' });
    expect(push.results[1]).toMatchObject({ leadId: fine!.id, status: 'done' });
  });

  it('after a 401 that a refresh does not mend: "Reconnect HubSpot", pushes paused until the user connects again', async () => {
    const [lead] = await createLeads(crm.t, 1, { contacts: 0 });
    crm.hubspot.expireTokens();
    crm.hubspot.refuseRefresh();
    const push = await startPush(crm.t, crm.user, 'hubspot', [lead!.id]);
    const paused = await runPush(crm.t, crm.user, push.id);
    expect(paused.status).toBe('running');
    expect(paused.results[0]).toMatchObject({ status: 'pending', error: 'Paused: reconnect HubSpot' });
    expect((await integrations()).hubspot).toMatchObject({ connected: true, needsReconnect: true });
    const refused = await crm.t.app.inject({ method: 'POST', url: '/api/crm/pushes', headers: crm.user, payload: { crm: 'hubspot', leadIds: [lead!.id] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('Reconnect HubSpot first (Integrations)');

    crm.hubspot.refuseRefresh(false);
    await connectHubspot(crm.t, crm.user);
    expect((await integrations()).hubspot.needsReconnect).toBe(false);
    const resumed = await runPush(crm.t, crm.user, push.id);
    expect(resumed).toMatchObject({ status: 'done', done: 1 });
    expect((await readPush(crm.t, crm.user, push.id)).results[0]!.error).toBeNull();
  });

  it('disconnects: the tokens are forgotten', async () => {
    const response = await crm.t.app.inject({ method: 'DELETE', url: '/api/integrations/hubspot', headers: crm.user });
    expect(response.json()).toEqual({ ok: true });
    expect((await integrations()).hubspot).toMatchObject({ connected: false, accountName: null });
    const rows = await crm.t.database.rawTransaction((query) => query(`select count(*)::int as n from crm_connections where crm = 'hubspot'`));
    expect(Number(rows.rows[0]!.n)).toBe(0);
  });
});
