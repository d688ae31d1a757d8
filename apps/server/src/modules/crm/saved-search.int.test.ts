// The saved-search CRM channel (alerts.crm): a new match is pushed to the connected CRM once, through the same
// net-new matching as the email, Slack and webhook channels; an update of a lead already matched, and a second
// search of the same account matching the same lead, push nothing more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type TestApp } from '../../../test/helpers.js';
import { buildCrmTestApp, connectHubspot } from '../../../test/crm.js';
import { startHubspotStandIn, type HubspotStandIn } from '../../../test/hubspot-stand-in.js';
import { startPipedriveStandIn, type PipedriveStandIn } from '../../../test/pipedrive-stand-in.js';
import { matchLeadChanges } from '../saved-searches/index.js';

describe('saved-search CRM channel', () => {
  let hubspot: HubspotStandIn;
  let pipedrive: PipedriveStandIn;
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    hubspot = await startHubspotStandIn();
    pipedrive = await startPipedriveStandIn();
    t = await buildCrmTestApp(hubspot, pipedrive);
    admin = await signInAs(t, 'admin');
  });
  afterAll(async () => {
    await t.close();
    await hubspot.close();
    await pipedrive.close();
  });

  const match = async () => {
    while ((await matchLeadChanges(t.database, { timeZone: 'UTC', adminEmail: t.config.adminEmail, billingMode: t.app.billing.mode })).changes > 0);
    await t.app.jobs.runDue({ kinds: ['crm.push'] });
  };
  const lead = (industry: string, name: string, description = 'Payments for shops.') => ({
    companyName: name,
    domain: `${name.toLowerCase().replace(/\W+/g, '-')}.example.com`,
    industry,
    fundingAmount: 7_000_000,
    fundingRound: 'Series A',
    location: 'Berlin, Germany',
    fundingDate: '2026-11-04',
    description,
    tags: [],
    sourceUrl: 'https://example.com/news/1',
    contacts: [{ name: 'Ada Founder', role: 'CEO', email: `ada@${name.toLowerCase().replace(/\W+/g, '-')}.example.com`, linkedIn: '' }],
  });

  it('pushes a new match once, and never again for an update or a second matching search', async () => {
    const industry = `Bakery-${Date.now()}`;
    const owner = await signInAs(t, 'subscriber');
    await connectHubspot(t, owner);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: owner,
      payload: { name: 'Bakeries', filter: { industry: [industry] }, alerts: { email: 'off', crm: 'hubspot' } },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().alerts).toEqual({ email: 'off', slackWebhookUrl: null, webhookUrl: null, crm: 'hubspot' });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: owner,
      payload: { name: 'Bakeries again', filter: { industry: [industry], minFunding: 1_000_000 }, alerts: { crm: 'hubspot' } },
    });
    expect(second.statusCode, second.body).toBe(201);
    // A search without the channel: its match pushes nothing.
    const other = await signInAs(t, 'subscriber');
    await connectHubspot(t, other);
    await t.app.inject({ method: 'POST', url: '/api/saved-searches', headers: other, payload: { name: 'No CRM', filter: { industry: [industry] } } });

    const created = await t.app.inject({ method: 'POST', url: '/api/leads', headers: admin, payload: lead(industry, `Crumb ${Date.now()}`) });
    expect(created.statusCode, created.body).toBe(201);
    const leadId = created.json().lead.id as string;
    const name = created.json().lead.companyName as string;
    await match();
    const companies = () => [...hubspot.companies.values()].filter((company) => company.properties.name === name);
    expect(companies()).toHaveLength(1);
    expect([...hubspot.notes.values()].filter((note) => note.companyIds.includes(companies()[0]!.id))).toHaveLength(1);
    const pushes = await t.database.rawTransaction((query) => query(`select crm, status, saved_search_id is not null as auto from crm_pushes`));
    expect(pushes.rows).toEqual([{ crm: 'hubspot', status: 'done', auto: true }]);
    const records = await t.app.inject({ method: 'GET', url: `/api/crm/records?leadIds=${leadId}`, headers: owner });
    expect(records.json().records).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: `/api/crm/records?leadIds=${leadId}`, headers: other })).json().records).toEqual([]);

    // The lead changes; it matched before, so it is not new: nothing is pushed again.
    const requests = hubspot.crmRequests().length;
    const updated = await t.app.inject({ method: 'PUT', url: `/api/leads/${leadId}`, headers: admin, payload: lead(industry, name, 'Bread, delivered.') });
    expect(updated.statusCode, updated.body).toBe(200);
    await match();
    expect(hubspot.crmRequests().length).toBe(requests);
    expect((await t.database.rawTransaction((query) => query(`select count(*)::int as n from crm_pushes`))).rows[0]!.n).toBe(1);
  });
});
