// Bounces (issue 31): a subscriber's report makes an address bounced for everyone at once: the admin still sees it,
// the API, the CSV export and alert mail leave it out, and it is never looked up or given again. Ten reports an hour
// per account; the admin can undo one.
import { afterEach, describe, expect, it } from 'vitest';
import type { CompanyResponse, LeadListResponse, LeadResponse } from '@fundwire/shared';
import { signInAs } from '../../../test/helpers.js';
import { importLead, startEnrichmentKit, storedContacts, writeLeads, type EnrichmentKit } from '../../../test/enrichment-kit.js';
import { loadDigestContent } from '../mail-queue/content.js';
import { enrichCompany } from './enrich.js';

const kits: EnrichmentKit[] = [];
afterEach(async () => {
  while (kits.length) await kits.pop()!.close();
});

async function setup() {
  const k = await startEnrichmentKit();
  kits.push(k);
  const domain = 'bounce.example.com';
  k.hunter.addPerson({ domain, firstName: 'Val', lastName: 'Bounce', email: `val@${domain}`, status: 'valid' });
  // The same person on two rounds of the company, and a third round of another company with the same address.
  const [company] = await writeLeads(k.t, [
    importLead({ companyName: 'Bounce Inc', domain }, ['Val Bounce']),
    importLead({ companyName: 'Bounce Inc', domain, fundingRound: 'Series A' }, ['Val Bounce']),
  ]);
  await enrichCompany({ database: k.t.database, config: k.t.config }, company!);
  const subscriber = await signInAs(k.t, 'subscriber');
  const list = (await k.t.app.inject({ url: '/api/leads', headers: subscriber })).json() as LeadListResponse;
  const contact = list.leads[0]!.contacts[0]!;
  expect(contact).toMatchObject({ email: `val@${domain}`, emailStatus: 'verified' });
  return { k, company: company!, subscriber, contact, domain };
}

describe('bounces', () => {
  it('hides a reported address from the API, the export and alert mail at once, for everyone but the admin', async () => {
    const { k, company, subscriber, contact, domain } = await setup();
    const other = await signInAs(k.t, 'subscriber');
    const report = await k.t.app.inject({ method: 'POST', url: `/api/contacts/${contact.id}/bounce`, headers: subscriber });
    expect(report.statusCode).toBe(200);
    expect(report.json()).toEqual({ contact: { id: contact.id, emailStatus: 'bounced' } });

    // Every round's copy of the address, for every account, through every door.
    for (const url of ['/api/leads', '/api/v1/leads']) {
      const leads = ((await k.t.app.inject({ url, headers: other })).json() as LeadListResponse).leads;
      expect(leads.flatMap((lead) => lead.contacts.map(({ email, emailStatus }) => ({ email, emailStatus })))).toEqual([
        { email: null, emailStatus: 'bounced' },
        { email: null, emailStatus: 'bounced' },
      ]);
    }
    const leadId = ((await k.t.app.inject({ url: '/api/leads', headers: other })).json() as LeadListResponse).leads[0]!.id;
    expect(((await k.t.app.inject({ url: `/api/v1/leads/${leadId}`, headers: other })).json() as LeadResponse).lead.contacts[0]!.email).toBeNull();
    const csv = (await k.t.app.inject({ url: '/api/leads/export.csv', headers: other })).body;
    expect(csv).not.toContain(`val@${domain}`);
    expect(csv.split('\r\n')[1]).toContain(',,bounced,provider,');
    const digest = await k.t.database.rawTransaction((query) =>
      loadDigestContent(query, { from: new Date(Date.now() - 86_400_000), to: new Date(Date.now() + 60_000), withContacts: true, limit: 10 }),
    );
    expect(JSON.stringify(digest)).not.toContain(`val@${domain}`);

    // The admin still sees the address, marked bounced, on the list and the company page; the public API never shows it.
    const admin = await signInAs(k.t, 'admin');
    const adminList = (await k.t.app.inject({ url: '/api/leads', headers: admin })).json() as LeadListResponse;
    expect(adminList.leads[0]!.contacts[0]).toMatchObject({ email: `val@${domain}`, emailStatus: 'bounced' });
    const page = (await k.t.app.inject({ url: `/api/companies/${company}`, headers: admin })).json() as CompanyResponse;
    expect(page.contacts[0]).toMatchObject({ email: `val@${domain}`, emailStatus: 'bounced' });
    expect(((await k.t.app.inject({ url: '/api/v1/leads', headers: admin })).json() as LeadListResponse).leads[0]!.contacts[0]!.email).toBeNull();

    // Never looked up or given again: a new round of the person stays without it.
    const requests = k.hunter.requests.length;
    await writeLeads(k.t, [importLead({ companyName: 'Bounce Inc', domain, fundingRound: 'Series B' }, ['Val Bounce'])]);
    await enrichCompany({ database: k.t.database, config: k.t.config }, company);
    expect(k.hunter.requests.length).toBe(requests);
    expect((await storedContacts(k.t, company)).map((row) => row.email_status)).toEqual(['bounced', 'bounced', null]);

    // The admin's undo gives every copy back the status it had.
    const undo = await k.t.app.inject({ method: 'DELETE', url: `/api/admin/contacts/${contact.id}/bounce`, headers: admin });
    expect(undo.json()).toEqual({ contact: { id: contact.id, emailStatus: 'verified' } });
    const after = ((await k.t.app.inject({ url: '/api/leads', headers: other })).json() as LeadListResponse).leads;
    expect(after.flatMap((lead) => lead.contacts.map((row) => row.emailStatus)).filter(Boolean)).toEqual(['verified', 'verified']);
  });

  it('takes ten reports an hour per account, 404s an unknown contact or one without an email, and keeps reports to paying accounts', async () => {
    const { k, company, subscriber, contact } = await setup();
    expect((await k.t.app.inject({ method: 'POST', url: '/api/contacts/00000000-0000-4000-8000-000000000000/bounce', headers: subscriber })).statusCode).toBe(404);
    expect((await k.t.app.inject({ method: 'POST', url: '/api/contacts/not-a-uuid/bounce', headers: subscriber })).json()).toEqual({ error: 'Invalid params: id: Contact id must be a UUID' });
    const [bare] = await writeLeads(k.t, [importLead({ companyName: 'Bare Co', domain: 'bare.example.com' }, ['No Email'])]);
    const bareContact = await k.t.database.rawTransaction((query) =>
      query('select c.id::text as id from contacts c join leads l on l.id = c.lead_id where l.company_id = $1', [bare]),
    );
    const noEmail = await k.t.app.inject({ method: 'POST', url: `/api/contacts/${String(bareContact.rows[0]!.id)}/bounce`, headers: subscriber });
    expect(noEmail.statusCode).toBe(404);
    expect(noEmail.json()).toEqual({ error: 'Contact not found, or it has no email' });
    const user = await signInAs(k.t, 'user');
    expect((await k.t.app.inject({ method: 'POST', url: `/api/contacts/${contact.id}/bounce`, headers: user })).statusCode).toBe(403);
    expect((await storedContacts(k.t, company))[0]!.email_status).toBe('verified');

    for (let index = 0; index < 10; index++) {
      expect((await k.t.app.inject({ method: 'POST', url: `/api/contacts/${contact.id}/bounce`, headers: subscriber })).statusCode).toBe(200);
    }
    const eleventh = await k.t.app.inject({ method: 'POST', url: `/api/contacts/${contact.id}/bounce`, headers: subscriber });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error).toMatch(/at most 10 bounced emails an hour/);
    // Another account still may.
    const other = await signInAs(k.t, 'subscriber');
    expect((await k.t.app.inject({ method: 'POST', url: `/api/contacts/${contact.id}/bounce`, headers: other })).statusCode).toBe(200);
  });
});
