// Column filters on data built to drive each strategy (test/strategy-leads.ts): the stored "no contacts" flag through
// every writer, a round with an amount range the planner misjudges, and "has contacts" counted honestly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lead, LeadListResponse } from '@fundwire/shared';
import { sql } from 'drizzle-orm';
import type { SeedLead } from '../../seed/generate.js';
import { insertLeads } from '../../seed/insert.js';
import { buildTestApp, signInAs, type TestApp } from '../../../test/helpers.js';
import { analysedApp, buildLead, daysAgo, getLeads, uuid } from '../../../test/strategy-leads.js';
import { BUMP_LEADS_VERSION_SQL } from './cache.js';

describe('the stored "no contacts" flag', () => {
  let t: TestApp;
  let subscriber: Record<string, string>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    subscriber = await signInAs(t, 'subscriber');
    admin = await signInAs(t, 'admin');
  });
  afterAll(async () => t.close());

  const ids = async (hasContacts: boolean) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/leads?hasContacts=${hasContacts}&limit=100`, headers: subscriber });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as LeadListResponse).leads.map((lead) => lead.id).sort();
  };

  it('follows every writer: the bulk upsert, a writer that says nothing, contacts added later, and the admin edit', async () => {
    // The bulk upsert, with and without contacts.
    const withContacts = { ...buildLead(1), contacts: [{ name: 'Ada Example', role: 'CEO', email: 'ada@example.com', linkedIn: '' }] };
    await insertLeads(t.database, [withContacts, buildLead(2)]);
    expect(await ids(true)).toEqual([uuid(1)]);
    expect(await ids(false)).toEqual([uuid(2)]);

    // A writer that knows nothing of the flag: no contacts until some arrive (the contacts trigger clears it).
    await t.database.db.execute(
      sql`insert into leads (id, company_name, domain, location, funding_date, description, identity_key) values (${uuid(3)}, 'Raw Co', 'raw.example.com', 'Oslo, Norway', ${daysAgo(3)}, 'raw', 'raw|1')`,
    );
    // As every lead write does, so the list caches see it.
    await t.database.db.execute(sql.raw(BUMP_LEADS_VERSION_SQL));
    expect(await ids(false)).toEqual([uuid(2), uuid(3)]);
    await t.database.db.execute(sql`insert into contacts (lead_id, position, name) values (${uuid(3)}, 0, 'Raw Person')`);
    await t.database.db.execute(sql.raw(BUMP_LEADS_VERSION_SQL));
    expect(await ids(false)).toEqual([uuid(2)]);
    expect(await ids(true)).toEqual([uuid(1), uuid(3)]);

    // A re-upload with contacts for the lead that had none.
    await insertLeads(t.database, [{ ...buildLead(2), contacts: [{ name: 'Bo Example', role: 'CTO', email: null, linkedIn: '' }] }]);
    expect(await ids(false)).toEqual([]);

    // The admin removes a lead's contacts, then gives them back.
    const lead = (await t.app.inject({ method: 'GET', url: `/api/v1/leads/${uuid(1)}`, headers: subscriber })).json().lead as Lead;
    const input = {
      companyName: lead.companyName,
      domain: lead.domain,
      industry: lead.industry,
      fundingAmount: lead.fundingAmount,
      fundingRound: lead.fundingRound,
      roundLabel: lead.roundLabel,
      location: lead.location,
      fundingDate: lead.fundingDate,
      description: lead.description,
      tags: lead.tags,
      sourceUrl: lead.sourceUrl,
    };
    const edit = async (contacts: Lead['contacts']) => {
      const response = await t.app.inject({ method: 'PUT', url: `/api/leads/${uuid(1)}`, headers: admin, payload: { ...input, contacts } });
      expect(response.statusCode, response.body).toBe(200);
    };
    await edit([]);
    expect(await ids(false)).toEqual([uuid(1)]);
    await edit(lead.contacts);
    expect(await ids(false)).toEqual([]);
  });
});

describe('column filters the planner misjudges', () => {
  let t: TestApp;
  let subscriber: Record<string, string>;
  // Half FinTech Seed rounds at $1M, half SaaS Series C rounds at $100M: the planner, taking the columns as
  // independent, expects FinTech with $50M or more a quarter of the time (6,000 leads, an estimate it would trust);
  // there are none. Likewise Seed rounds of $50M or more, of which there are only the 150 oldest SaaS leads.
  const total = 24_000;
  const rareSeed = (index: number) => index >= total - 300 && index % 2 === 1;
  const leadsBuilt = Array.from({ length: total }, (_, index): SeedLead => {
    const fintech = index % 2 === 0;
    return {
      ...buildLead(index),
      id: `30000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      domain: `lead-${index}.example.com`,
      industry: fintech ? 'FinTech' : 'SaaS',
      fundingRound: fintech || rareSeed(index) ? 'Seed' : 'Series C',
      fundingAmount: fintech ? 1_000_000 : 100_000_000,
      fundingDate: daysAgo(Math.floor((index * 730) / total)),
    };
  });
  beforeAll(async () => ({ t, subscriber } = await analysedApp(leadsBuilt)), 180_000);
  afterAll(async () => t.close());

  const get = (url: string) => getLeads(t, subscriber, url);

  it('counts a round with an amount range the planner expects thousands of times, and pages it by cursor and by page', async () => {
    const estimate = await t.database.db.execute(sql`explain (format json) select 1 from leads where funding_round = 'Seed' and funding_amount >= 50000000`);
    expect(JSON.stringify(estimate)).toMatch(/"Plan Rows":\s*(5[5-9]\d{2}|6\d{3})/);
    const expected = leadsBuilt
      .filter((lead, index) => rareSeed(index) && lead.fundingRound === 'Seed')
      .sort((a, b) => (a.fundingDate === b.fundingDate ? (a.id < b.id ? 1 : -1) : a.fundingDate < b.fundingDate ? 1 : -1))
      .map((lead) => lead.id);
    expect(expected).toHaveLength(150);
    for (const order of ['', '&sort=amount&dir=asc', '&sort=round']) {
      const query = `fundingRound=Seed&minFunding=50000000${order}&limit=40`;
      const first = await get(`/api/leads?${query}`);
      // Counted, not the planner's 6,000.
      expect(first).toMatchObject({ totalCount: 150, countIsExact: true, hasMore: true });
      const ids = first.leads.map((lead) => lead.id);
      for (let page = first; page.nextCursor;) {
        page = await get(`/api/leads?${query}&cursor=${page.nextCursor}`);
        expect(page).toMatchObject({ totalCount: 150, countIsExact: true });
        ids.push(...page.leads.map((lead) => lead.id));
      }
      // Every lead of the range has the same amount and round: each order is newest first.
      expect(ids).toEqual(expected);
      const third = await get(`/api/leads?${query}&page=3`);
      expect(third.leads.map((lead) => lead.id)).toEqual(expected.slice(80, 120));
      expect(await get(`/api/leads?${query}&page=5`)).toMatchObject({ leads: [], totalCount: 150, countIsExact: true, hasMore: false });
    }
    // With a filter beside it, and with an amount ceiling that leaves none.
    expect(await get(`/api/leads?fundingRound=Seed&minFunding=50000000&industry=SaaS&location=Austin`)).toMatchObject({ totalCount: 120, countIsExact: true });
    expect(await get(`/api/leads?fundingRound=Seed&minFunding=50000000&maxFunding=99000000`)).toMatchObject({ leads: [], totalCount: 0, countIsExact: true });
  });

  it('says 0, exactly, on page 1 and on any page after it', async () => {
    const estimate = await t.database.db.execute(sql`explain (format json) select 1 from leads where industry = 'FinTech' and funding_amount >= 50000000`);
    expect(JSON.stringify(estimate)).toMatch(/"Plan Rows":\s*(5[5-9]\d{2}|6\d{3})/);
    for (const page of [1, 2, 7]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/leads?industry=FinTech&minFunding=50000000&limit=20&page=${page}`, headers: subscriber });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ leads: [], totalCount: 0, countIsExact: true, hasMore: false, nextCursor: null });
    }
  });
});

describe('counting "has contacts"', () => {
  let t: TestApp;
  let subscriber: Record<string, string>;
  // FinTech: 1,100 leads, 150 without contacts (950 with: more than the exact-count limit in all, fewer with contacts).
  // AI: 900 leads, 100 without (800 with). SaaS: 1,100 leads, every one with contacts.
  const groups = [
    { industry: 'FinTech', size: 1_100, without: 150 },
    { industry: 'AI', size: 900, without: 100 },
    { industry: 'SaaS', size: 1_100, without: 0 },
  ];
  const contact = { name: 'Ada Example', role: 'CEO', email: 'ada@example.com', linkedIn: '' };
  const leadsBuilt = groups.flatMap(({ industry, size, without }, group) =>
    Array.from({ length: size }, (_, index): SeedLead => ({
      ...buildLead(index),
      id: `4000000${group}-0000-4000-8000-${String(index).padStart(12, '0')}`,
      domain: `${industry.toLowerCase()}-${index}.example.com`,
      industry,
      // Every 7th lead, until `without` of them, has none.
      contacts: index % 7 === 0 && index / 7 < without ? [] : [contact],
    })),
  );
  beforeAll(async () => ({ t, subscriber } = await analysedApp(leadsBuilt)), 120_000);
  afterAll(async () => t.close());

  const get = (url: string) => getLeads(t, subscriber, url);
  const withContacts = (industry: string) => leadsBuilt.filter((lead) => lead.industry === industry && lead.contacts.length > 0).length;

  it('counts exactly when few have contacts, whether or not the filter alone has more than the limit', async () => {
    expect(leadsBuilt.filter((lead) => lead.industry === 'FinTech' && lead.contacts.length === 0)).toHaveLength(150);
    expect(leadsBuilt.filter((lead) => lead.industry === 'AI' && lead.contacts.length === 0)).toHaveLength(100);
    // 800 with contacts: counted (at most 1,001 probes of the contacts index).
    expect(await get('/api/leads?industry=AI&hasContacts=true&limit=5')).toMatchObject({ totalCount: withContacts('AI'), countIsExact: true, hasMore: true });
    // The filter alone has 1,100 (more than the limit) and 150 lack contacts: 950, counted through the contacts themselves.
    expect(await get('/api/leads?industry=FinTech&hasContacts=true&limit=5')).toMatchObject({ totalCount: withContacts('FinTech'), countIsExact: true });
    expect(withContacts('FinTech')).toBe(950);
    // Without contacts, for the record: the stored flag.
    expect(await get('/api/leads?industry=FinTech&hasContacts=false&limit=5')).toMatchObject({ totalCount: 150, countIsExact: true });
  });

  it('says "more than 1,000" for more than 1,000 with contacts (a semi-join estimate is a guess), before and after one loses them', async () => {
    const alone = await get('/api/leads?industry=SaaS&limit=5');
    expect(alone.countIsExact).toBe(false);
    expect(await get('/api/leads?industry=SaaS&hasContacts=true&limit=5')).toMatchObject({ totalCount: 1_000, countIsExact: false, countIsLowerBound: true });
    // One SaaS lead loses its contacts (as the admin's edit or an upload would: the flag with them).
    const first = leadsBuilt.find((lead) => lead.industry === 'SaaS')!;
    await t.database.db.execute(sql`delete from contacts where lead_id = ${first.id}`);
    await t.database.db.execute(sql`update leads set lacks_contacts = true where id = ${first.id}`);
    await t.database.db.execute(sql.raw(BUMP_LEADS_VERSION_SQL));
    const after = await get('/api/leads?industry=SaaS&hasContacts=true&limit=5');
    expect(after).toMatchObject({ totalCount: 1_000, countIsExact: false, countIsLowerBound: true });
    expect(withContacts('SaaS') - 1).toBeGreaterThan(1_000);
    expect(await get('/api/leads?industry=SaaS&hasContacts=false&limit=5')).toMatchObject({ totalCount: 1, countIsExact: true });
  });
});
