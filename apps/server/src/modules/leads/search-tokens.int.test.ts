// The search tokens of migration 0032: a search with an industry, round or location reads them through the search
// index (read-rules.ts SEARCH_TOKEN_FILTERS), and must answer exactly the leads a plain reading of the filter gives.
// No prefix a user types may complete to a token, and contact names are found as words of the search document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import type { SeedLead } from '../../seed/generate.js';
import type { TestApp } from '../../../test/helpers.js';
import { analysedApp, daysAgo, getLeads, uuid } from '../../../test/strategy-leads.js';

const INDUSTRIES = ['Zephyrtech', 'SaaS', "Chef's Tools"];
const ROUNDS = ['Seed', 'Series A', null] as const;
const LOCATIONS = ['Oslo, Norway', 'Lima, Peru', 'Perth, Australia'];

/** Lead i: "otter" on every other lead, "heron" on every third; industry, round and location cycle at different
 * paces, so each combination occurs; every fifth lead has a contact named Quillon. */
function buildLead(index: number): SeedLead {
  const words = ['company', ...(index % 2 === 0 ? ['otter'] : []), ...(index % 3 === 0 ? ['heron'] : [])];
  return {
    id: uuid(index),
    companyName: `Firm ${index}`,
    domain: `firm-${index}.example.com`,
    industry: INDUSTRIES[Math.floor(index / 5) % 3]!,
    fundingAmount: 1_000_000 + index,
    fundingRound: ROUNDS[Math.floor(index / 3) % 3]!,
    roundLabel: ROUNDS[Math.floor(index / 3) % 3] === null ? 'SAFE' : null,
    location: LOCATIONS[Math.floor(index / 9) % 3]!,
    fundingDate: daysAgo(index % 700),
    description: `${words.join(' ')} number ${index}`,
    tags: [],
    contacts: index % 5 === 0 ? [{ name: `Ada Quillon ${index}`, role: 'CEO', email: null, linkedIn: '' }] : [],
  };
}

describe('search tokens (migration 0032)', () => {
  let t: TestApp;
  let subscriber: Record<string, string>;
  const all = Array.from({ length: 600 }, (_, index) => buildLead(index));
  const sorted = (ids: string[]) => [...ids].sort();
  const has = (word: string) => (lead: SeedLead) => lead.description.split(' ').includes(word);

  beforeAll(async () => ({ t, subscriber } = await analysedApp(all)), 120_000);
  afterAll(async () => t.close());

  /** Every id a search answers, following nextCursor (pages of 100). */
  const idsOf = async (query: string) => {
    let page = await getLeads(t, subscriber, `/api/leads?${query}&limit=100`);
    const ids = page.leads.map((lead) => lead.id);
    while (page.nextCursor) {
      page = await getLeads(t, subscriber, `/api/leads?${query}&limit=100&cursor=${page.nextCursor}`);
      ids.push(...page.leads.map((lead) => lead.id));
    }
    return { ids: sorted(ids), totalCount: page.totalCount };
  };

  it('answers a word with industries, rounds (undisclosed too) and locations with exactly the leads of the filter', async () => {
    const cases: [string, (lead: SeedLead) => boolean][] = [
      ['q=otter&industry=Zephyrtech', (lead) => has('otter')(lead) && lead.industry === 'Zephyrtech'],
      [`q=heron&industry=${encodeURIComponent("Chef's Tools")}&industry=SaaS`, (lead) => has('heron')(lead) && lead.industry !== 'Zephyrtech'],
      ['q=otter&fundingRound=Undisclosed', (lead) => has('otter')(lead) && lead.fundingRound === null],
      ['q=otter%20heron&fundingRound=Series%20A&location=oslo', (lead) => has('otter')(lead) && has('heron')(lead) && lead.fundingRound === 'Series A' && lead.location === 'Oslo, Norway'],
      ['q=her&industry=SaaS&location=Peru', (lead) => has('heron')(lead) && lead.industry === 'SaaS' && lead.location === 'Lima, Peru'],
      ['q=quillon&industry=Zephyrtech', (lead) => lead.contacts.length > 0 && lead.industry === 'Zephyrtech'],
    ];
    for (const [query, matches] of cases) {
      const expected = sorted(all.filter(matches).map((lead) => lead.id));
      expect(expected.length, query).toBeGreaterThan(0);
      const { ids, totalCount } = await idsOf(query);
      expect(ids, query).toEqual(expected);
      expect(totalCount, query).toBe(expected.length);
    }
  });

  it('holds every lead’s industry, round and location as tokens of its search document', async () => {
    const count = async (token: string) =>
      Number(rowsOf<{ n: string | number }>(await t.database.db.execute(sql`select count(*) as n from leads where search_vector @@ ${`'${token.replace(/'/g, "''")}'`}::tsquery`))[0]!.n);
    for (const industry of INDUSTRIES) expect(await count(`#industry:${industry}`), industry).toBe(all.filter((lead) => lead.industry === industry).length);
    expect(await count('#round:')).toBe(all.filter((lead) => lead.fundingRound === null).length);
    expect(await count('#round:Series A')).toBe(all.filter((lead) => lead.fundingRound === 'Series A').length);
    expect(await count('#location:Lima, Peru')).toBe(all.filter((lead) => lead.location === 'Lima, Peru').length);
  });

  it('never completes a prefix a user types to a token', async () => {
    // Every lead has the tokens '#industry:Zephyrtech' or another, '#round:…' and '#location:…'; no word starts so.
    for (const q of ['zeph', 'industry', 'ind', '%23industry', 'round', '%23round%3ASeed', 'location', 'oslo'])
      expect((await getLeads(t, subscriber, `/api/leads?q=${q}&limit=5`)).totalCount, q).toBe(0);
    const lexemes = rowsOf<{ lexeme: string }>(await t.database.db.execute(sql`select lexeme from search_lexemes where lexeme like '#%'`));
    expect(lexemes).toEqual([]);
  });

  it('still finds contact names, alone and with a filter', async () => {
    const expected = sorted(all.filter((lead) => lead.contacts.length > 0).map((lead) => lead.id));
    expect((await idsOf('q=Quillon')).ids).toEqual(expected);
    const inOslo = sorted(all.filter((lead) => lead.contacts.length > 0 && lead.location === 'Oslo, Norway').map((lead) => lead.id));
    expect((await idsOf('q=Quillon&location=Oslo')).ids).toEqual(inOslo);
    // The names are words of the search document (migration 0033): first and last name together, and a prefix while typing.
    expect((await idsOf(`q=${encodeURIComponent('ada quillon')}`)).ids).toEqual(expected);
    expect((await idsOf('q=quill')).ids).toEqual(expected);
  });

  it('takes quotes, backslashes and SQL in the search words as text: every one answers 200 and nothing changes', async () => {
    const before = rowsOf<{ n: string | number }>(await t.database.db.execute(sql`select count(*) as n from leads`))[0]!.n;
    for (const q of ["otter'); delete from leads; --", "o'tter", 'otter\\', "\\'; select 1; --", '%_%', "'", '"otter']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/leads?q=${encodeURIComponent(q)}&industry=${encodeURIComponent("Chef's Tools")}&limit=5`, headers: subscriber });
      expect(response.statusCode, q).toBe(200);
    }
    // A quoted word is that word, and LIKE's wildcards are plain characters (no lead's name or words hold them).
    expect((await getLeads(t, subscriber, `/api/leads?q=${encodeURIComponent('%_%')}&limit=5`)).totalCount).toBe(0);
    expect((await idsOf(`q=${encodeURIComponent('"otter"')}&industry=Zephyrtech`)).ids).toEqual((await idsOf('q=otter&industry=Zephyrtech')).ids);
    expect(rowsOf<{ n: string | number }>(await t.database.db.execute(sql`select count(*) as n from leads`))[0]!.n).toBe(before);
  });
});
