// Send to Pipedrive against the stand-in: a token checked with users/me, the organization, its persons and one note
// per round, again with no duplicates, a contact without an email, the rate headers honoured, a refused token.
import { describe, expect, it } from 'vitest';
import type { Integrations } from '@fundwire/shared';
import { connectPipedrive, createLeads, runPush, startPush, useCrmTestApp } from '../../../test/crm.js';

describe('Send to Pipedrive', () => {
  const crm = useCrmTestApp({ signIn: true });

  it('refuses a token Pipedrive does not accept, and keeps one it does, showing the company', async () => {
    const refused = await connectPipedrive(crm.t, crm.user, 'not-a-real-token');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'Pipedrive did not accept this token' });
    const accepted = await connectPipedrive(crm.t, crm.user);
    expect(accepted.statusCode).toBe(200);
    expect((accepted.json() as Integrations).pipedrive).toEqual({ available: true, connected: true, accountName: 'Acme Sales', needsReconnect: false });
    expect(accepted.body).not.toContain('pipedrive-token');
    const me = crm.pipedrive.requests.filter((request) => request.path === '/v1/users/me');
    expect(me.at(-1)!.query.get('api_token')).toBe('pipedrive-token-0123456789abcdef');
  });

  it('pushes leads: organization, persons in it and one note per round; again, nothing new', async () => {
    const leads = await createLeads(crm.t, 3, { contacts: 2, withoutEmail: 1 });
    const push = await runPush(crm.t, crm.user, (await startPush(crm.t, crm.user, 'pipedrive', leads.map((lead) => lead.id))).id);
    expect(push).toMatchObject({ status: 'done', total: 3, done: 3, failed: 0 });
    for (const lead of leads) {
      const orgs = [...crm.pipedrive.organizations.values()].filter((org) => org.name === lead.companyName);
      expect(orgs).toHaveLength(1);
      const people = [...crm.pipedrive.persons.values()].filter((person) => person.org_id === orgs[0]!.id);
      expect(people.map((person) => person.name).sort()).toEqual(lead.contacts.map((contact) => contact.name).sort());
      expect(people.find((person) => person.emails.length > 0)!.emails).toEqual([lead.contacts[1]!.email]);
      const notes = [...crm.pipedrive.notes.values()].filter((note) => note.org_id === orgs[0]!.id);
      expect(notes).toHaveLength(1);
      expect(notes[0]!.content).toContain('Series A round: $5,000,000, 2026-11-01');
      expect(push.results.find((result) => result.leadId === lead.id)!.crmCompanyUrl).toBe(`https://acmesales.pipedrive.com/organization/${orgs[0]!.id}`);
    }
    const sizes = () => [crm.pipedrive.organizations.size, crm.pipedrive.persons.size, crm.pipedrive.notes.size];
    const before = sizes();
    const again = await runPush(crm.t, crm.user, (await startPush(crm.t, crm.user, 'pipedrive', leads.map((lead) => lead.id))).id);
    expect(again).toMatchObject({ status: 'done', done: 3 });
    expect(sizes()).toEqual(before);
    const search = crm.pipedrive.requests.find((request) => request.path === '/v1/organizations/search')!;
    expect(search.query.get('exact_match')).toBe('true');
    expect(crm.pipedrive.requests.find((request) => request.path === '/v1/persons/search')!.query.get('organization_id')).toMatch(/^\d+$/);
  });

  it('waits for x-ratelimit-reset when x-ratelimit-remaining runs out', async () => {
    const [lead] = await createLeads(crm.t, 1, { contacts: 0 });
    crm.pipedrive.rate.remaining = 0;
    crm.pipedrive.rate.resetSeconds = 1;
    const from = crm.pipedrive.requests.length;
    await runPush(crm.t, crm.user, (await startPush(crm.t, crm.user, 'pipedrive', [lead!.id])).id);
    crm.pipedrive.rate.remaining = null;
    const sent = crm.pipedrive.requests.slice(from);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('a token revoked in Pipedrive (401) pauses the account: "Reconnect Pipedrive"', async () => {
    const [lead] = await createLeads(crm.t, 1, { contacts: 0 });
    crm.pipedrive.tokens.clear();
    const push = await runPush(crm.t, crm.user, (await startPush(crm.t, crm.user, 'pipedrive', [lead!.id])).id);
    expect(push.results[0]).toMatchObject({ status: 'pending', error: 'Paused: reconnect Pipedrive' });
    const state = (await crm.t.app.inject({ method: 'GET', url: '/api/integrations', headers: crm.user })).json() as Integrations;
    expect(state.pipedrive.needsReconnect).toBe(true);
  });
});
