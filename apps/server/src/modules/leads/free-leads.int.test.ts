import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_LEADS_COUNT, freeLeadSchema } from '@fundwire/shared';
import { generateLeads } from '../../seed/generate.js';
import { insertLeads } from '../../seed/insert.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';

describe('GET /api/free-leads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('returns an empty list and a message on an empty database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/free-leads' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ leads: [], message: expect.any(String) });
  });

  it('returns the most recent leads, newest first, without any contact data', async () => {
    const seeded = [...generateLeads({ count: 40, seed: 99 })];
    await insertLeads(t.database, seeded);
    const response = await t.app.inject({ method: 'GET', url: '/api/free-leads' });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { leads: Record<string, unknown>[]; message: string };
    expect(body.leads).toHaveLength(FREE_LEADS_COUNT);
    expect(body.message).toContain('40');

    const newestDates = seeded
      .map((lead) => lead.fundingDate)
      .sort()
      .reverse()
      .slice(0, FREE_LEADS_COUNT);
    expect(body.leads.map((lead) => lead.fundingDate)).toEqual(newestDates);

    const allowed = Object.keys(freeLeadSchema.shape).sort();
    const contactValues = new Set(seeded.flatMap((lead) => lead.contacts.flatMap((contact) => [contact.name, contact.email, contact.linkedIn])));
    for (const lead of body.leads) {
      expect(Object.keys(lead).sort()).toEqual(allowed);
      for (const value of Object.values(lead)) {
        expect(String(value)).not.toContain('@');
        expect(contactValues.has(String(value))).toBe(false);
      }
    }
    expect(response.body).not.toMatch(/"(contacts?|email|linkedIn|name|role)"\s*:/i);
  });
});
