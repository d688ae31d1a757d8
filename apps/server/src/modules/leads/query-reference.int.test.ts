// The list query (counts, keyset and page paging, full-text and trigram search, relevance, date, amount and round
// orders) against a straightforward reference, over a few thousand generated leads and random filters (fast-check,
// fixed seed).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXACT_COUNT_LIMIT,
  FUNDING_ROUNDS,
  MAX_LEADS_PAGE_SIZE,
  SEARCH_EXACT_COUNT_LIMIT,
  UNDISCLOSED,
  type Lead,
  type LeadListResponse,
} from '@fundwire/shared';
import { generateLeads, SEED_INDUSTRIES, type SeedLead } from '../../seed/generate.js';
import { insertLeads } from '../../seed/insert.js';
import { buildTestApp, signInAs, testDatabaseKind, type TestApp } from '../../../test/helpers.js';
import { countMatches, filterConditions } from './service.js';
import { LEAD_COUNT, SEED, daysAgo, type Filter, type Sort, type Direction, words, matches, newestFirst, sorted, queryString } from '../../../test/lead-reference.js';
import { leadFilterSchema, type LeadFilter } from '@fundwire/shared';

const filterOf = (query: Record<string, string>): LeadFilter => leadFilterSchema.parse(query);

describe(`lead list against a reference (${testDatabaseKind})`, () => {
  let t: TestApp;
  let subscriber: Record<string, string>;
  let generated: SeedLead[];
  let vocabulary: string[];

  beforeAll(async () => {
    t = await buildTestApp();
    // Some leads without contacts, and times added to the millisecond (all in the past, so none is capped at now).
    generated = [...generateLeads({ count: LEAD_COUNT, seed: SEED })].map((lead, index) => ({
      ...lead,
      contacts: index % 5 === 3 ? [] : lead.contacts,
      createdAt: new Date(Date.parse(`${lead.fundingDate}T00:00:00Z`) - 2 * 86_400_000 + ((index * 7_919_993) % 86_400_000)).toISOString(),
    }));
    await insertLeads(t.database, generated);
    subscriber = await signInAs(t, 'subscriber');
    vocabulary = [...new Set(generated.flatMap((lead) => [...words(lead.description), ...words(lead.companyName)]))].sort();
    // Seeding 3,000 leads took more than a minute on the shared machine under load.
  }, 240_000);
  afterAll(async () => t.close());

  const get = async (url: string): Promise<LeadListResponse> => {
    const response = await t.app.inject({ method: 'GET', url, headers: subscriber });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json() as LeadListResponse;
  };

  /** Every lead of a filter, following nextCursor from the first page. */
  async function walk(filter: Filter, limit: number, sort?: string, dir?: Direction): Promise<{ ids: string[]; first: LeadListResponse }> {
    const ids: string[] = [];
    let first: LeadListResponse | undefined;
    let cursor: string | undefined;
    for (let pages = 0; pages < 10_000; pages++) {
      const body = await get(`/api/leads?${queryString(filter, { limit, sort, dir, cursor })}`);
      first ??= body;
      ids.push(...body.leads.map((lead) => lead.id));
      expect(body.hasMore).toBe(body.nextCursor !== null);
      if (!body.nextCursor) return { ids, first };
      cursor = body.nextCursor;
    }
    throw new Error('cursor walk did not end');
  }

  const amounts = [0, 500_000, 2_000_000, 10_000_000, 50_000_000, 200_000_000];
  const filterKeys = ['industry', 'fundingRound', 'minFunding', 'maxFunding', 'dateStart', 'dateEnd', 'location', 'q', 'hasContacts', 'addedAfter'] as const;
  // At most three conditions at once: with more, nearly every filter matches nothing.
  const filterArbitrary = (): fc.Arbitrary<Filter> =>
    fc
      .tuple(
        fc.record({
          industry: fc.uniqueArray(fc.constantFrom(...SEED_INDUSTRIES), { minLength: 1, maxLength: 4 }),
          fundingRound: fc.uniqueArray(fc.constantFrom(...FUNDING_ROUNDS, UNDISCLOSED), { minLength: 1, maxLength: 3 }),
          minFunding: fc.constantFrom(...amounts),
          maxFunding: fc.constantFrom(...amounts.slice(1)),
          dateStart: fc.integer({ min: 0, max: 729 }).map(daysAgo),
          dateEnd: fc.integer({ min: 0, max: 729 }).map(daysAgo),
          location: fc.constantFrom('san', 'York', 'germany', 'a', 'ON', 'Nowhere'),
          q: fc.oneof(
            fc.constantFrom(...vocabulary),
            fc.tuple(fc.constantFrom(...vocabulary), fc.constantFrom(...vocabulary)).map(([a, b]) => `${a} ${b}`),
            // Prefixes of words as typed, and name and domain fragments.
            fc.tuple(fc.constantFrom(...vocabulary), fc.integer({ min: 1, max: 6 })).map(([word, length]) => word.slice(0, length)),
            fc.constantFrom('NovaGrid', 'novag', 'vagri', 'gridlab', 'lumenloop.example', 'zzz'),
          ),
          hasContacts: fc.boolean(),
          // A lead's own time added (which it is not later than), a millisecond either side, or a random moment, in
          // UTC or with an offset.
          addedAfter: fc
            .tuple(fc.integer({ min: 0, max: LEAD_COUNT - 1 }), fc.constantFrom(-1, 0, 1, 3_600_000), fc.boolean())
            .map(([index, shift, withOffset]) => {
              const at = new Date(Date.parse(generated[index]!.createdAt!) + shift);
              if (!withOffset) return at.toISOString();
              // The same moment two hours ahead of UTC: 2026-01-01T12:00:00.000+02:00 is 10:00Z.
              return `${new Date(at.getTime() + 2 * 3_600_000).toISOString().slice(0, -1)}+02:00`;
            }),
        }),
        fc.shuffledSubarray([...filterKeys], { maxLength: 3 }),
      )
      .map(([all, keys]) => Object.fromEntries(keys.map((key) => [key, all[key]])) as Filter)
      .filter((filter) => filter.minFunding === undefined || filter.maxFunding === undefined || filter.minFunding <= filter.maxFunding)
      .filter((filter) => filter.dateStart === undefined || filter.dateEnd === undefined || filter.dateStart <= filter.dateEnd);

  it('finds exactly the reference matches, newest first, with exact counts, by cursor and by page', async () => {
    await fc.assert(
      // Small pages only where the filter leaves few leads, so a walk takes about thirty pages at most.
      fc.asyncProperty(filterArbitrary(), fc.integer({ min: 1, max: 100 }), async (filter, limit) => {
        const expected = newestFirst(generated.filter((lead) => matches(lead, filter))).map((lead) => lead.id);
        limit = Math.min(MAX_LEADS_PAGE_SIZE, Math.max(limit, Math.ceil(expected.length / 25)));
        const { ids, first } = await walk(filter, limit, 'date');
        expect(ids).toEqual(expected);
        // Exact up to the limit; above it a true "more than the limit", or an estimate within 20% of the truth.
        if (expected.length <= (filter.q === undefined ? EXACT_COUNT_LIMIT : SEARCH_EXACT_COUNT_LIMIT)) {
          expect(first.countIsExact).toBe(true);
          expect(first.totalCount).toBe(expected.length);
        } else {
          expect(first.countIsExact).toBe(false);
          if (first.countIsLowerBound) expect(first.totalCount).toBe(SEARCH_EXACT_COUNT_LIMIT);
          else expect(Math.abs(first.totalCount - expected.length)).toBeLessThanOrEqual(expected.length * 0.2);
        }
        expect(first.sort).toBe('date');
        // Page numbers give the same slices, up to the last page.
        const page = Math.max(1, Math.ceil(expected.length / limit));
        const byPage = await get(`/api/leads?${queryString(filter, { limit, page, sort: 'date' })}`);
        expect(byPage.leads.map((lead) => lead.id)).toEqual(expected.slice((page - 1) * limit, page * limit));
        expect(byPage.hasMore).toBe(false);
      }),
      { numRuns: 150, seed: SEED },
    );
  }, 240_000);

  it('ranks searches by relevance by default, the same order as a plain ts_rank query over the same documents', async () => {
    await fc.assert(
      fc.asyncProperty(
        filterArbitrary().filter((filter) => filter.q !== undefined),
        fc.integer({ min: 3, max: 40 }),
        async (filter, limit) => {
          const q = filter.q!;
          limit = Math.max(limit, Math.ceil(generated.filter((lead) => matches(lead, filter)).length / 30));
          const { ids, first } = await walk(filter, limit);
          const expectedSet = generated.filter((lead) => matches(lead, filter)).map((lead) => lead.id);
          if (expectedSet.length > SEARCH_EXACT_COUNT_LIMIT) {
            // Too many matches to rank: newest first, and the response says so.
            expect(first.sort).toBe('date');
            expect(ids).toEqual(newestFirst(generated.filter((lead) => matches(lead, filter))).map((lead) => lead.id));
            return;
          }
          expect([...ids].sort()).toEqual([...expectedSet].sort());
          expect(first.sort).toBe('relevance');
          // The reference order: the rank of the same weighted document, computed on the spot for every lead.
          const prefix = /[\p{L}\p{N}]$/u.test(q);
          const rows = await t.database.rawTransaction((query) =>
            query(
              `with query as (select case when $2 then regexp_replace(websearch_to_tsquery('simple', $1)::text, '(''(?:[^'']|'''')*'')$', '\\1:*')::tsquery
                                     else websearch_to_tsquery('simple', $1) end as tsq)
             select id::text from leads, query
             where id = any($3::uuid[])
             order by ts_rank(setweight(to_tsvector('simple', company_name || ' ' || translate(split_part(regexp_replace(domain, '^www\\.', ''), '.', 1), '-', ' ')), 'A')
                              || setweight(to_tsvector('simple', array_to_string(tags, ' ')), 'B')
                              || setweight(to_tsvector('simple', description), 'C')
                              || setweight(to_tsvector('simple', (select coalesce(string_agg(c.name, ' ' order by c.position), '') from contacts c where c.lead_id = leads.id)), 'D'),
                              tsq) desc, funding_date desc, id desc`,
              [q, prefix, expectedSet],
            ),
          );
          expect(ids).toEqual(rows.rows.map((row) => row.id));
          // sort=date gives the same leads newest first.
          const byDate = await walk(filter, limit, 'date');
          expect(byDate.ids).toEqual(newestFirst(generated.filter((lead) => matches(lead, filter))).map((lead) => lead.id));
        },
      ),
      { numRuns: 80, seed: SEED + 1 },
    );
  }, 240_000);

  it('sorts by date, amount and round in both directions, unknowns last, the same leads by cursor to the end and by page', async () => {
    const sorts = fc.constantFrom<Sort>('date', 'amount', 'round');
    const directions = fc.constantFrom<Direction>('asc', 'desc');
    await fc.assert(
      fc.asyncProperty(filterArbitrary(), sorts, directions, fc.integer({ min: 1, max: 100 }), async (filter, sort, dir, limit) => {
        const expected = sorted(
          generated.filter((lead) => matches(lead, filter)),
          sort,
          dir,
        ).map((lead) => lead.id);
        limit = Math.min(MAX_LEADS_PAGE_SIZE, Math.max(limit, Math.ceil(expected.length / 25)));
        const { ids, first } = await walk(filter, limit, sort, dir);
        expect(ids).toEqual(expected);
        expect(first.sort).toBe(sort);
        expect(first.dir).toBe(dir);
        // Page numbers give the same slices.
        const page = Math.max(1, Math.ceil(expected.length / limit));
        const byPage = await get(`/api/leads?${queryString(filter, { limit, page, sort, dir })}`);
        expect(byPage.leads.map((lead) => lead.id)).toEqual(expected.slice((page - 1) * limit, page * limit));
      }),
      { numRuns: 100, seed: SEED + 2 },
    );
  }, 240_000);

  it('counts exactly up to the limit and estimates beyond it', async () => {
    const all = await countMatches(t.app.database.db, undefined, 100);
    expect(all.exact).toBe(false);
    expect(all.count).toBeGreaterThan(100);
    // Statistics are fresh after ANALYZE: the estimate of the whole table is its size.
    await t.database.rawTransaction((query) => query('analyze leads'));
    const analysed = await countMatches(t.app.database.db, undefined, 100);
    expect(analysed).toEqual({ count: LEAD_COUNT, exact: false });
    const fintech = generated.filter((lead) => lead.industry === 'FinTech').length;
    expect(await countMatches(t.app.database.db, filterConditions(filterOf({ industry: 'FinTech' })), 1_000)).toEqual({ count: fintech, exact: true });
    const fintechOrAi = generated.filter((lead) => lead.industry === 'FinTech' || lead.industry === 'AI').length;
    expect(await countMatches(t.app.database.db, filterConditions(leadFilterSchema.parse({ industry: ['FinTech', 'AI'] })), 1_000)).toEqual({
      count: fintechOrAi,
      exact: true,
    });
  });

  it('rejects a malformed cursor, a cursor together with a page, and pages deeper than the cap, with 400s', async () => {
    const first = await get('/api/leads?limit=5');
    expect(first.nextCursor).not.toBeNull();
    const garbage = [
      'nope',
      '%%%',
      Buffer.from('["d","2026-02-30","10000000-0000-4000-8000-000000000001"]').toString('base64url'),
      Buffer.from('["d","2026-01-01","not-a-uuid"]').toString('base64url'),
      Buffer.from('["r","abc","2026-01-01","10000000-0000-4000-8000-000000000001"]').toString('base64url'),
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('["d","2026-01-01","10000000-0000-4000-8000-000000000001","x"]').toString('base64url'),
      // A relevance cursor means nothing without a search.
      Buffer.from('["r","0.5","2026-01-01","10000000-0000-4000-8000-000000000001"]').toString('base64url'),
    ];
    for (const cursor of garbage) {
      const response = await t.app.inject({ method: 'GET', url: `/api/leads?cursor=${encodeURIComponent(cursor)}`, headers: subscriber });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json(), cursor).toEqual({ error: 'Invalid cursor' });
    }
    for (const [url, words] of [
      [`/api/leads?page=2&cursor=${first.nextCursor}`, 'either page or cursor'],
      ['/api/leads?page=501&limit=20', 'use cursor'],
      ['/api/leads?page=101&limit=100', 'use cursor'],
      ['/api/leads?sort=newest', 'sort'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url, headers: subscriber });
      expect(response.statusCode, url).toBe(400);
      expect((response.json() as { error: string }).error, url).toContain(words);
    }
    expect((await get('/api/leads?page=150&limit=20')).leads).toHaveLength(20);
  });

  it('never skips or repeats a lead while leads are inserted between pages', async () => {
    const before = new Set(newestFirst(generated).map((lead) => lead.id));
    const seen: string[] = [];
    let cursor: string | undefined;
    let inserted = 0;
    const extra = generateLeads({ count: 2_000, seed: SEED + 7 });
    for (;;) {
      // While each page is read, new leads land everywhere in the order: before, at and after the cursor.
      const batch: SeedLead[] = [];
      for (let i = 0; i < 40; i++) {
        const next = extra.next();
        if (next.done) break;
        batch.push({ ...next.value, companyName: `Concurrent ${inserted + i}`, domain: `concurrent-${inserted + i}.example.com` });
      }
      inserted += batch.length;
      const [body] = await Promise.all([
        get(`/api/leads?${queryString({}, { limit: 97, cursor })}`),
        insertLeads(t.database, batch.slice(0, 20)),
        insertLeads(t.database, batch.slice(20)),
      ]);
      seen.push(...body.leads.map((lead: Lead) => lead.id));
      if (!body.nextCursor) break;
      cursor = body.nextCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen.includes(id), id).toBe(true);
    // What was shown is in order: each lead after the one before it.
    const byId = new Map<string, { fundingDate: string; id: string }>();
    const rows = await t.database.rawTransaction((query) => query('select id::text, funding_date::text as "fundingDate" from leads'));
    for (const row of rows.rows as { id: string; fundingDate: string }[]) byId.set(row.id, row);
    for (let i = 1; i < seen.length; i++) {
      const a = byId.get(seen[i - 1]!)!;
      const b = byId.get(seen[i]!)!;
      expect(a.fundingDate > b.fundingDate || (a.fundingDate === b.fundingDate && a.id > b.id)).toBe(true);
    }
  }, 120_000);
});
