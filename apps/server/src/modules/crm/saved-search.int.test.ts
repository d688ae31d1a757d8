// The saved-search CRM channel (alerts.crm): a new match is pushed to the connected CRM once, through the same
// net-new matching as the email, Slack and webhook channels; an update of a lead already matched, and a second
// search of the same account matching the same lead, push nothing more.
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/helpers.js';
import { connectHubspot, useCrmTestApp } from '../../../test/crm.js';
import { matchLeadChanges } from '../saved-searches/index.js';

describe('saved-search CRM channel', () => {
  const crm = useCrmTestApp();
  let admin: Record<string, string>;
  beforeAll(async () => {
    admin = await signInAs(crm.t, 'admin');
  });

  const match = async () => {
    while ((await matchLeadChanges(crm.t.database, { timeZone: 'UTC', adminEmail: crm.t.config.adminEmail, billingMode: crm.t.app.billing.mode })).changes > 0);
    await crm.t.app.jobs.runDue({ kinds: ['crm.push'] });
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
    const owner = await signInAs(crm.t, 'subscriber');
    await connectHubspot(crm.t, owner);
    const saved = await crm.t.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: owner,
      payload: { name: 'Bakeries', filter: { industry: [industry] }, alerts: { email: 'off', crm: 'hubspot' } },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().alerts).toEqual({ email: 'off', slackWebhookUrl: null, webhookUrl: null, crm: 'hubspot' });
    const second = await crm.t.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: owner,
      payload: { name: 'Bakeries again', filter: { industry: [industry], minFunding: 1_000_000 }, alerts: { crm: 'hubspot' } },
    });
    expect(second.statusCode, second.body).toBe(201);
    // A search without the channel: its match pushes nothing.
    const other = await signInAs(crm.t, 'subscriber');
    await connectHubspot(crm.t, other);
    await crm.t.app.inject({ method: 'POST', url: '/api/saved-searches', headers: other, payload: { name: 'No CRM', filter: { industry: [industry] } } });

    const created = await crm.t.app.inject({ method: 'POST', url: '/api/leads', headers: admin, payload: lead(industry, `Crumb ${Date.now()}`) });
    expect(created.statusCode, created.body).toBe(201);
    const leadId = created.json().lead.id as string;
    const name = created.json().lead.companyName as string;
    await match();
    const companies = () => [...crm.hubspot.companies.values()].filter((company) => company.properties.name === name);
    expect(companies()).toHaveLength(1);
    expect([...crm.hubspot.notes.values()].filter((note) => note.companyIds.includes(companies()[0]!.id))).toHaveLength(1);
    const pushes = await crm.t.database.rawTransaction((query) => query(`select crm, status, saved_search_id is not null as auto from crm_pushes`));
    expect(pushes.rows).toEqual([{ crm: 'hubspot', status: 'done', auto: true }]);
    const records = await crm.t.app.inject({ method: 'GET', url: `/api/crm/records?leadIds=${leadId}`, headers: owner });
    expect(records.json().records).toHaveLength(1);
    expect((await crm.t.app.inject({ method: 'GET', url: `/api/crm/records?leadIds=${leadId}`, headers: other })).json().records).toEqual([]);

    // The lead changes; it matched before, so it is not new: nothing is pushed again.
    const requests = crm.hubspot.crmRequests().length;
    const updated = await crm.t.app.inject({ method: 'PUT', url: `/api/leads/${leadId}`, headers: admin, payload: lead(industry, name, 'Bread, delivered.') });
    expect(updated.statusCode, updated.body).toBe(200);
    await match();
    expect(crm.hubspot.crmRequests().length).toBe(requests);
    expect((await crm.t.database.rawTransaction((query) => query(`select count(*)::int as n from crm_pushes`))).rows[0]!.n).toBe(1);
  });
});
