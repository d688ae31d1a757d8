// Round trips per lead list (issue 34 item 2): at most two statements besides the session check, with the caches on
// (the cache version, a location filter's locations and a search's last word spelled out, then the page with its
// contacts, history counts and count) and off, for column lists and searches, so they cannot creep back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadListQuerySchema } from '@fundwire/shared';
import { generateLeads, type SeedLead } from '../../seed/generate.js';
import { insertLeads } from '../../seed/insert.js';
import { buildTestApp, testDatabaseKind, type TestApp } from '../../../test/helpers.js';
import { countStatements, type StatementCount } from '../../../test/statement-counter.js';
import { disableLeadCaches, listLeadsJson } from './service.js';

/** Column lists of every strategy: index walks, a narrow round-and-amount range, a wide one, counts exact, estimated
 * and "more than", pages by number and past the end. */
const COLUMN_LISTS = [
  'limit=20',
  'industry=FinTech',
  'industry=FinTech&industry=AI&fundingRound=Seed',
  'fundingRound=Seed&minFunding=50000000',
  'fundingRound=Seed&minFunding=100000',
  'location=an&limit=10',
  'location=Berlin&hasContacts=true',
  'hasContacts=false',
  'sort=amount&dir=asc&page=3',
  'sort=round&page=2&minFunding=1000000',
  'industry=FinTech&page=400&limit=20',
];

/** Searches of every shape: a common word, a rare one, a word with an industry, a prefix, two words (meeting and
 * not), a word with filters, other orders, a contact's name, pages by number and past the end. */
const SEARCHES = [
  'q=builds',
  'q=revenue&limit=10',
  'q=revenue&industry=FinTech',
  'q=bui',
  'q=plat&industry=AI&fundingRound=Seed',
  'q=revenue%20europe',
  'q=revenue%20tripled',
  'q=hiring&fundingRound=Seed&minFunding=1000000&location=an',
  'q=hiring&hasContacts=true&dateStart=2020-01-01',
  'q=builds&sort=amount&dir=asc',
  'q=revenue&sort=date&dir=asc',
  'q=Templeton',
  'q=revenue&page=3&limit=10',
  'q=revenue&industry=FinTech&page=90&limit=20',
];

describe(`statements per lead list (${testDatabaseKind})`, () => {
  let t: TestApp;
  let counter: StatementCount;
  beforeAll(async () => {
    t = await buildTestApp();
    const generated: SeedLead[] = [...generateLeads({ count: 2_500, seed: 7 })];
    await insertLeads(t.database, generated);
    counter = countStatements(t.database);
  }, 240_000);
  afterAll(async () => {
    counter.restore();
    await t.close();
  });

  /** The statements one list sends, and its response. */
  const measure = async (query: string) => {
    const parsed = leadListQuerySchema.parse(Object.fromEntries([...new URLSearchParams(query)].map(([key, value], _i, all) => [key, all.filter(([other]) => other === key).length > 1 ? all.filter(([other]) => other === key).map(([, v]) => v) : value])));
    counter.reset();
    const body = JSON.parse(await listLeadsJson(t.database.db, parsed)) as { nextCursor: string | null; totalCount: number };
    return { statements: [...counter.statements], body };
  };

  it('reads a column list, its next page by cursor and a cached repeat in at most two statements each, caches on', async () => {
    for (const query of COLUMN_LISTS) {
      const first = await measure(query);
      expect(first.statements.length, `${query}: ${first.statements.join('\n---\n')}`).toBeLessThanOrEqual(2);
      if (first.body.nextCursor) {
        const next = await measure(`${query.replace(/&?page=\d+/, '')}&cursor=${first.body.nextCursor}`);
        expect(next.statements.length, `${query} by cursor: ${next.statements.join('\n---\n')}`).toBeLessThanOrEqual(2);
      }
      // The same page again: the cache version only.
      expect((await measure(query)).statements.length, `${query} cached`).toBe(1);
    }
  });

  it('reads a search, its next pages by cursor and a cached repeat in at most two statements each, caches on', async () => {
    for (const query of SEARCHES) {
      const first = await measure(query);
      expect(first.statements.length, `${query}: ${first.statements.join('\n---\n')}`).toBeLessThanOrEqual(2);
      let cursor = first.body.nextCursor;
      for (let page = 2; cursor && page <= 3; page++) {
        const next = await measure(`${query.replace(/&?page=\d+/, '')}&cursor=${cursor}`);
        expect(next.statements.length, `${query}, page ${page} by cursor: ${next.statements.join('\n---\n')}`).toBeLessThanOrEqual(2);
        cursor = next.body.nextCursor;
      }
      expect((await measure(query)).statements.length, `${query} cached`).toBe(1);
    }
  });

  it('reads a column list in at most two statements, caches off', async () => {
    disableLeadCaches(t.database.db);
    for (const query of COLUMN_LISTS) {
      const first = await measure(query);
      expect(first.statements.length, `${query}: ${first.statements.join('\n---\n')}`).toBeLessThanOrEqual(2);
    }
    // Without a location, an unfiltered or plain filtered page is one statement: page, contacts, history and count.
    for (const query of ['limit=20', 'industry=FinTech', 'industry=FinTech&fundingRound=Seed']) expect((await measure(query)).statements.length, query).toBe(1);
    // A search: its last word spelled out (with any locations), then the page with its contacts and count.
    for (const query of SEARCHES) {
      const first = await measure(query);
      expect(first.statements.length, `${query}: ${first.statements.join('\n---\n')}`).toBeLessThanOrEqual(2);
      if (first.body.nextCursor) {
        const next = await measure(`${query.replace(/&?page=\d+/, '')}&cursor=${first.body.nextCursor}`);
        expect(next.statements.length, `${query} by cursor: ${next.statements.join('\n---\n')}`).toBeLessThanOrEqual(2);
      }
    }
  });
});
