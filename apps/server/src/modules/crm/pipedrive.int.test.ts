// Send to Pipedrive against the stand-in: a token checked with users/me, the organization, its persons and one note
// per round, again with no duplicates, a contact without an email, the rate headers honoured, a refused token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Integrations } from '@fundwire/shared';
import { signInAs, type TestApp } from '../../../test/helpers.js';
import { buildCrmTestApp, connectPipedrive, createLeads, runPush, startPush } from '../../../test/crm.js';
import { startHubspotStandIn, type HubspotStandIn } from '../../../test/hubspot-stand-in.js';
import { startPipedriveStandIn, type PipedriveStandIn } from '../../../test/pipedrive-stand-in.js';

describe('Send to Pipedrive', () => {
  let hubspot: HubspotStandIn;
  let pipedrive: PipedriveStandIn;
  let t: TestApp;
  let user: Record<string, string>;
  beforeAll(async () => {
    hubspot = await startHubspotStandIn();
    pipedrive = await startPipedriveStandIn();
    t = await buildCrmTestApp(hubspot, pipedrive);
    user = await signInAs(t, 'subscriber');
  });
  afterAll(async () => {
    await t.close();
    await hubspot.close();
    await pipedrive.close();
  });

  it('refuses a token Pipedrive does not accept, and keeps one it does, showing the company', async () => {
    const refused = await connectPipedrive(t, user, 'not-a-real-token');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'Pipedrive did not accept this token' });
    const accepted = await connectPipedrive(t, user);
    expect(accepted.statusCode).toBe(200);
    expect((accepted.json() as Integrations).pipedrive).toEqual({ available: true, connected: true, accountName: 'Acme Sales', needsReconnect: false });
    expect(accepted.body).not.toContain('pipedrive-token');
    const me = pipedrive.requests.filter((request) => request.path === '/v1/users/me');
    expect(me.at(-1)!.query.get('api_token')).toBe('pipedrive-token-0123456789abcdef');
  });

  it('pushes leads: organization, persons in it and one note per round; again, nothing new', async () => {
    const leads = await createLeads(t, 3, { contacts: 2, withoutEmail: 1 });
    const push = await runPush(t, user, (await startPush(t, user, 'pipedrive', leads.map((lead) => lead.id))).id);
    expect(push).toMatchObject({ status: 'done', total: 3, done: 3, failed: 0 });
    for (const lead of leads) {
      const orgs = [...pipedrive.organizations.values()].filter((org) => org.name === lead.companyName);
      expect(orgs).toHaveLength(1);
      const people = [...pipedrive.persons.values()].filter((person) => person.org_id === orgs[0]!.id);
      expect(people.map((person) => person.name).sort()).toEqual(lead.contacts.map((contact) => contact.name).sort());
      expect(people.find((person) => person.emails.length > 0)!.emails).toEqual([lead.contacts[1]!.email]);
      const notes = [...pipedrive.notes.values()].filter((note) => note.org_id === orgs[0]!.id);
      expect(notes).toHaveLength(1);
      expect(notes[0]!.content).toContain('Series A round: $5,000,000, 2026-11-01');
      expect(push.results.find((result) => result.leadId === lead.id)!.crmCompanyUrl).toBe(`https://acmesales.pipedrive.com/organization/${orgs[0]!.id}`);
    }
    const sizes = () => [pipedrive.organizations.size, pipedrive.persons.size, pipedrive.notes.size];
    const before = sizes();
    const again = await runPush(t, user, (await startPush(t, user, 'pipedrive', leads.map((lead) => lead.id))).id);
    expect(again).toMatchObject({ status: 'done', done: 3 });
    expect(sizes()).toEqual(before);
    const search = pipedrive.requests.find((request) => request.path === '/v1/organizations/search')!;
    expect(search.query.get('exact_match')).toBe('true');
    expect(pipedrive.requests.find((request) => request.path === '/v1/persons/search')!.query.get('organization_id')).toMatch(/^\d+$/);
  });

  it('waits for x-ratelimit-reset when x-ratelimit-remaining runs out', async () => {
    const [lead] = await createLeads(t, 1, { contacts: 0 });
    pipedrive.rate.remaining = 0;
    pipedrive.rate.resetSeconds = 1;
    const from = pipedrive.requests.length;
    await runPush(t, user, (await startPush(t, user, 'pipedrive', [lead!.id])).id);
    pipedrive.rate.remaining = null;
    const sent = pipedrive.requests.slice(from);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('a token revoked in Pipedrive (401) pauses the account: "Reconnect Pipedrive"', async () => {
    const [lead] = await createLeads(t, 1, { contacts: 0 });
    pipedrive.tokens.clear();
    const push = await runPush(t, user, (await startPush(t, user, 'pipedrive', [lead!.id])).id);
    expect(push.results[0]).toMatchObject({ status: 'pending', error: 'Paused: reconnect Pipedrive' });
    const state = (await t.app.inject({ method: 'GET', url: '/api/integrations', headers: user })).json() as Integrations;
    expect(state.pipedrive.needsReconnect).toBe(true);
  });
});
