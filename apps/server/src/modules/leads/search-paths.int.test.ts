// The search strategies of decision 026 on data built to drive each one: words the planner thinks common that never
// occur together, a word common only among old leads, a word common everywhere, a word rare enough to rank; and
// location filters resolved through lead_locations, which its trigger keeps complete. Every answer is compared with
// the leads the data was built from, and every count must be honest: exact when it says so, never a large "about"
// for a search that matches nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_EXACT_COUNT_LIMIT } from '@fundwire/shared';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import type { SeedLead } from '../../seed/generate.js';
import { insertLeads } from '../../seed/insert.js';
import type { TestApp } from '../../../test/helpers.js';
import { analysedApp, buildLead, getLeads, LEAD_COUNT, uuid } from '../../../test/strategy-leads.js';
import { BUMP_LEADS_VERSION_SQL } from './cache.js';

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
    // Berlin alone has more than 1,000: a substring location's estimate is not shown, so "more than 1,000", truly.
    const berlin = await get('/api/leads?location=ERLIN&limit=1');
    expect(berlin).toMatchObject({ totalCount: 1_000, countIsExact: false, countIsLowerBound: true });
    expect(all.filter((lead) => lead.location.startsWith('Berlin')).length).toBeGreaterThan(1_000);
    // With FinTech, 500: counted exactly.
    const berlinFintech = await get('/api/leads?location=ERLIN&industry=FinTech&limit=1');
    expect(berlinFintech).toMatchObject({
      totalCount: all.filter((lead) => lead.location.startsWith('Berlin') && lead.industry === 'FinTech').length,
      countIsExact: true,
    });
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
