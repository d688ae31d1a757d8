// The search strategies of decision 026 on data built to drive each one: words the planner thinks common that never
// occur together, a word common only among old leads, a word common everywhere, a word rare enough to rank; and
// location filters resolved through lead_locations, which its trigger keeps complete. Every answer is compared with
// the leads the data was built from, and every count must be honest: exact when it says so, never a large "about"
// for a search that matches nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_EXACT_COUNT_LIMIT, type Lead, type LeadListResponse } from '@fundwire/shared';
import { sql } from 'drizzle-orm';
import type { SeedLead } from '../../seed/generate.js';
import { rowsOf } from '../../db/client.js';
import { insertLeads } from '../../seed/insert.js';
import { buildTestApp, signInAs, type TestApp } from '../../../test/helpers.js';
import { BUMP_LEADS_VERSION_SQL } from './cache.js';

const LEAD_COUNT = 10_000;
const today = new Date();
const daysAgo = (days: number) => new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10);
const uuid = (index: number) => `20000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

/** Lead i: "apple" on even, "banana" on odd leads (never both); "cherry" on every third lead older than a year;
 * "everywhere" on all; "kiwi" on every 40th; "mango" only on FinTech leads (every 4th): all of the newest 100 days',
 * every other one before; "plum", "pear" and "fig" together on the newest 5,500. Dates spread over two years, so the
 * newest leads are the low indexes. */
function buildLead(index: number): SeedLead {
  const days = Math.floor((index * 730) / LEAD_COUNT);
  const words = [index % 2 === 0 ? 'apple' : 'banana', 'everywhere'];
  if (days > 365 && index % 3 === 0) words.push('cherry');
  if (index % 40 === 0) words.push('kiwi');
  if (index % 4 === 0 && (days < 100 || index % 8 === 0)) words.push('mango');
  if (index < 5_500) words.push('plum', 'pear', 'fig');
  return {
    id: uuid(index),
    companyName: `Company ${index}`,
    domain: `company-${index}.example.com`,
    industry: index % 4 === 0 ? 'FinTech' : 'SaaS',
    fundingAmount: 1_000_000 + index,
    fundingRound: 'Seed',
    roundLabel: null,
    location: index % 5 === 0 ? 'Berlin, Germany' : 'Austin, TX',
    fundingDate: daysAgo(days),
    description: `${words.join(' ')} company number ${index}`,
    tags: [],
    contacts: [],
  };
}

/** A test app holding these leads, analysed as autovacuum would leave them (the planner's estimates drive the
 * strategies), with a subscriber signed in. */
async function analysedApp(stored: SeedLead[]): Promise<{ t: TestApp; subscriber: Record<string, string> }> {
  const t = await buildTestApp();
  await insertLeads(t.database, stored);
  await t.database.db.execute(sql`analyze leads`);
  return { t, subscriber: await signInAs(t, 'subscriber') };
}

/** A subscriber's lead list, which must answer 200. */
async function getLeads(t: TestApp, subscriber: Record<string, string>, url: string): Promise<LeadListResponse> {
  const response = await t.app.inject({ method: 'GET', url, headers: subscriber });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('lead search strategies at ten thousand leads', () => {
  let t: TestApp;
  let subscriber: Record<string, string>;
  const all = Array.from({ length: LEAD_COUNT }, (_, index) => buildLead(index));
  const newestFirst = (list: SeedLead[]) =>
    [...list].sort((a, b) => (a.fundingDate === b.fundingDate ? (a.id < b.id ? 1 : -1) : a.fundingDate < b.fundingDate ? 1 : -1)).map((lead) => lead.id);
  const has = (word: string) => (lead: SeedLead) => lead.description.split(' ').includes(word);

  beforeAll(async () => ({ t, subscriber } = await analysedApp(all)), 120_000);
  afterAll(async () => t.close());

  const get = (url: string) => getLeads(t, subscriber, url);
  /** Follows nextCursor to the end (pages of 100) and returns every id. */
  const walk = async (query: string) => {
    const first = await get(`/api/leads?${query}&limit=100`);
    const ids = first.leads.map((lead) => lead.id);
    let page = first;
    while (page.nextCursor) {
      page = await get(`/api/leads?${query}&limit=100&cursor=${page.nextCursor}`);
      ids.push(...page.leads.map((lead) => lead.id));
    }
    return { first, ids };
  };

  it('says 0, exactly, for two words the planner expects together thousands of times and that never meet', async () => {
    const estimate = await t.database.db.execute(sql`explain (format json) select 1 from leads where search_vector @@ to_tsquery('simple', 'apple & banana')`);
    expect(JSON.stringify(estimate)).toMatch(/"Plan Rows":\s*(2\d{3}|[3-9]\d{3})/); // the planner's guess: 2,000 or more
    const page = await get('/api/leads?q=apple%20banana&limit=20');
    expect(page).toMatchObject({ leads: [], totalCount: 0, countIsExact: true, hasMore: false });
  });

  it('finds a word common only among old leads newest first, with its true count, by cursor to the end', async () => {
    const expected = newestFirst(all.filter(has('cherry')));
    expect(expected.length).toBeGreaterThan(SEARCH_EXACT_COUNT_LIMIT);
    const { first, ids } = await walk('q=cherry');
    expect(first.sort).toBe('date');
    expect(first).toMatchObject({ totalCount: expected.length, countIsExact: false });
    expect(ids).toEqual(expected);
    // By page number too, a few pages in.
    const third = await get('/api/leads?q=cherry&limit=20&page=3');
    expect(third.leads.map((lead) => lead.id)).toEqual(expected.slice(40, 60));
  });

  it('finds a word common everywhere among the newest leads, and says "more than" the limit rather than guess', async () => {
    const expected = newestFirst(all.filter(has('everywhere')));
    const first = await get('/api/leads?q=everywhere&limit=20');
    expect(first.leads.map((lead) => lead.id)).toEqual(expected.slice(0, 20));
    expect(first.sort).toBe('date');
    // An extrapolation from how densely the newest leads match is no estimate within 20%: a lower bound, and a true one.
    expect(first).toMatchObject({ totalCount: SEARCH_EXACT_COUNT_LIMIT, countIsExact: false, countIsLowerBound: true });
    expect(expected.length).toBeGreaterThan(SEARCH_EXACT_COUNT_LIMIT);
    const page = await get('/api/leads?q=everywhere&limit=20&page=4');
    expect(page.leads.map((lead) => lead.id)).toEqual(expected.slice(60, 80));
    // sort=amount on a common word walks the amount order.
    const byAmount = await get('/api/leads?q=everywhere&limit=20&sort=amount');
    const largest = [...all].sort((a, b) => (b.fundingAmount ?? 0) - (a.fundingAmount ?? 0)).map((lead) => lead.id);
    expect(byAmount.leads.map((lead) => lead.id)).toEqual(largest.slice(0, 20));
  });

  it('ranks a rare word, counted exactly, and pages it by cursor without gaps', async () => {
    const expected = all.filter(has('kiwi')).map((lead) => lead.id);
    const { first, ids } = await walk('q=kiwi');
    expect(first).toMatchObject({ totalCount: expected.length, countIsExact: true, sort: 'relevance' });
    expect([...ids].sort()).toEqual([...expected].sort());
  });

  it('reads a search the planner thinks rare once, with its true count, when it has more matches than an exact count shows', async () => {
    // "mango" with FinTech: the planner multiplies the two (about 350 expected); there are more than 1,000, dense
    // among the newest FinTech leads and sparse before, so a count extrapolated from the newest would say about 2,500.
    const expected = newestFirst(all.filter((lead) => has('mango')(lead) && lead.industry === 'FinTech'));
    expect(expected.length).toBeGreaterThan(SEARCH_EXACT_COUNT_LIMIT);
    const estimate = await t.database.db.execute(
      sql`explain (format json) select 1 from leads where industry = 'FinTech' and search_vector @@ to_tsquery('simple', 'mango')`,
    );
    expect(JSON.stringify(estimate)).toMatch(/"Plan Rows":\s*1?\d{1,3}[,}]/); // under 2,000: expected rare
    const { first, ids } = await walk('q=mango&industry=FinTech');
    expect(first).toMatchObject({ totalCount: expected.length, countIsExact: false, sort: 'date' });
    expect(ids).toEqual(expected);
    const second = await get('/api/leads?q=mango&industry=FinTech&limit=20&page=2');
    expect(second.leads.map((lead) => lead.id)).toEqual(expected.slice(20, 40));
  });

  it('finds a deep page of a search the planner thinks rare that has more matches than one read takes', async () => {
    // Three words on the same 5,500 leads: the planner multiplies them (about 1,660 expected).
    const expected = newestFirst(all.filter(has('fig')));
    expect(expected.length).toBe(5_500);
    const estimate = await t.database.db.execute(
      sql`explain (format json) select 1 from leads where search_vector @@ to_tsquery('simple', 'plum & pear & fig')`,
    );
    expect(JSON.stringify(estimate)).toMatch(/"Plan Rows":\s*1?\d{1,3}[,}]/); // under 2,000: expected rare
    // Page 260 starts at 5,180: past the 5,000 matches a first read takes, not past the end.
    const deep = await get('/api/leads?q=plum%20pear%20fig&limit=20&page=260');
    expect(deep.leads.map((lead) => lead.id)).toEqual(expected.slice(5_180, 5_200));
    expect(deep.countIsExact).toBe(false);
    expect(deep.totalCount).toBeGreaterThanOrEqual(5_200);
    const past = await get('/api/leads?q=plum%20pear%20fig&limit=20&page=400');
    expect(past.leads).toEqual([]);
  });

  it('combines a common word with column filters and a location', async () => {
    const expected = newestFirst(all.filter((lead) => has('cherry')(lead) && lead.industry === 'FinTech' && lead.location.startsWith('Berlin')));
    const { first, ids } = await walk('q=cherry&industry=FinTech&location=berl');
    expect(ids).toEqual(expected);
    expect(first.totalCount).toBe(expected.length);
    expect(first.countIsExact).toBe(expected.length <= SEARCH_EXACT_COUNT_LIMIT);
  });

  it('spells out the last word as the words of search_lexemes it completes to, which every insert and update keeps complete', async () => {
    const matchQuery = async (q: string) => rowsOf<{ query: string }>(await t.database.db.execute(sql`select search_match_query(${q}, 50) as query`))[0]!.query;
    /** The reference: the prefix itself, straight through the search vectors. */
    const prefixMatches = async (tsquery: string) =>
      rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from leads where search_vector @@ ${tsquery}::tsquery order by id`)).map(
        (row) => row.id,
      );
    const found = async (q: string) => [...(await walk(`q=${encodeURIComponent(q)}`)).ids].sort();

    expect(await matchQuery('apple kiw')).toBe(`'apple' & ( 'kiwi' )`);
    // "company" alone (the domains' names are "company" and a number): spelled out.
    expect(await matchQuery('compan')).toBe(`( 'company' )`);
    // The numbers of the names that start with 12 (12, 120-129, 1200-1299): too many to spell out, so it stays a prefix.
    expect(await matchQuery('12')).toBe(`'12':*`);
    expect(await found('12')).toEqual(await prefixMatches(`'12':*`));
    expect(await matchQuery('zzyzx')).toBe(`'zzyzx':*`);
    expect(await found('apple kiw')).toEqual(await prefixMatches(`'apple' & 'kiw':*`));

    // New words arrive with an insert and with an update (beside a quote and a backslash); found at once.
    await insertLeads(t.database, [{ ...buildLead(LEAD_COUNT + 1), description: `kiwano and kiwi's and kiwi\\fruit` }]);
    await t.database.db.execute(sql`update leads set description = 'kiwiberry everywhere' where id = ${uuid(3)}`);
    await t.database.db.execute(sql.raw(BUMP_LEADS_VERSION_SQL));
    const spelled = await matchQuery('kiw');
    expect(spelled).toMatch(/^\( .* \)$/);
    for (const word of ['kiwano', 'kiwi', 'kiwiberry']) expect(spelled).toContain(`'${word}'`);
    const expected = await prefixMatches(`'kiw':*`);
    expect(expected).toContain(uuid(LEAD_COUNT + 1));
    expect(expected).toContain(uuid(3));
    expect(await found('kiw')).toEqual(expected);
    expect(await found('everywhere kiwib')).toEqual([uuid(3)]);
  });

  it('resolves location filters through lead_locations, which every insert and update keeps complete', async () => {
    const berlin = await get('/api/leads?location=ERLIN&limit=1');
    expect(berlin.totalCount).toBe(all.filter((lead) => lead.location.startsWith('Berlin')).length);
    expect((await get('/api/leads?location=ulaanbaatar&limit=5')).totalCount).toBe(0);

    // A new location arrives with an insert, another with an update; both are found at once.
    await insertLeads(t.database, [{ ...buildLead(LEAD_COUNT), location: 'Ulaanbaatar, Mongolia' }]);
    expect((await get('/api/leads?location=ulaanbaatar&limit=5')).leads.map((lead) => lead.id)).toEqual([uuid(LEAD_COUNT)]);
    await t.database.db.execute(sql`update leads set location = 'Nuuk, Greenland' where id = ${uuid(1)}`);
    await t.database.db.execute(sql.raw(BUMP_LEADS_VERSION_SQL));
    expect((await get('/api/leads?location=nuuk&limit=5')).leads.map((lead) => lead.id)).toEqual([uuid(1)]);
    const locations = await t.database.db.execute(sql`select location from lead_locations where location in ('Ulaanbaatar, Mongolia', 'Nuuk, Greenland')`);
    expect(JSON.stringify(locations)).toContain('Nuuk');

    // A LIKE wildcard in the text is literal, as before.
    expect((await get('/api/leads?location=%25&limit=1')).totalCount).toBe(0);
  });
});

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
    // The filter alone: 900 counted, less its 100 without contacts.
    expect(await get('/api/leads?industry=AI&hasContacts=true&limit=5')).toMatchObject({ totalCount: withContacts('AI'), countIsExact: true, hasMore: true });
    // The filter alone has 1,100 (more than the limit) and 150 lack contacts: counted through the contacts themselves.
    expect(await get('/api/leads?industry=FinTech&hasContacts=true&limit=5')).toMatchObject({ totalCount: withContacts('FinTech'), countIsExact: true });
    expect(withContacts('FinTech')).toBe(950);
    // Without contacts, for the record: the stored flag.
    expect(await get('/api/leads?industry=FinTech&hasContacts=false&limit=5')).toMatchObject({ totalCount: 150, countIsExact: true });
  });

  it("gives the filter's own count when none of its leads lacks contacts, and counts again once one does", async () => {
    const alone = await get('/api/leads?industry=SaaS&limit=5');
    expect(alone.countIsExact).toBe(false);
    expect(await get('/api/leads?industry=SaaS&hasContacts=true&limit=5')).toMatchObject({ totalCount: alone.totalCount, countIsExact: false });
    // One SaaS lead loses its contacts (as the admin's edit or an upload would: the flag with them).
    const first = leadsBuilt.find((lead) => lead.industry === 'SaaS')!;
    await t.database.db.execute(sql`delete from contacts where lead_id = ${first.id}`);
    await t.database.db.execute(sql`update leads set lacks_contacts = true where id = ${first.id}`);
    await t.database.db.execute(sql.raw(BUMP_LEADS_VERSION_SQL));
    const after = await get('/api/leads?industry=SaaS&hasContacts=true&limit=5');
    expect(after.countIsExact).toBe(false);
    expect(after.totalCount).toBeGreaterThan(1_000);
    expect(await get('/api/leads?industry=SaaS&hasContacts=false&limit=5')).toMatchObject({ totalCount: 1, countIsExact: true });
  });
});
