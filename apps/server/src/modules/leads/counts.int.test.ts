// Counts that never mislead (issue 34 item 5): a few thousand leads imported on top of the demo leads, and every list
// count and the API's totalCount exact, within 20% of the truth when it is an estimate, or a true "more than N".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LeadListResponse } from '@fundwire/shared';
import { rowsOf } from '../../db/client.js';
import { generateLeads } from '../../seed/generate.js';
import { insertLeads } from '../../seed/insert.js';
import { buildTestApp, signInAs, testDatabaseKind, type TestApp } from '../../../test/helpers.js';

const IMPORTED = 3_031;
const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Each list as the API takes it, with a plain SQL reference for the leads it should count. */
const LISTS: { query: string; where: string }[] = [
  { query: '', where: 'true' },
  { query: 'industry=FinTech', where: `industry = 'FinTech'` },
  { query: 'industry=FinTech&industry=AI', where: `industry in ('FinTech', 'AI')` },
  { query: 'fundingRound=Seed', where: `funding_round = 'Seed'` },
  { query: 'fundingRound=Undisclosed', where: `funding_round is null` },
  { query: 'minFunding=5000000', where: 'funding_amount >= 5000000' },
  { query: `dateStart=${dayAgo(120)}`, where: `funding_date >= '${dayAgo(120)}'` },
  { query: 'industry=FinTech&fundingRound=Seed', where: `industry = 'FinTech' and funding_round = 'Seed'` },
  { query: 'industry=AI&minFunding=10000000', where: `industry = 'AI' and funding_amount >= 10000000` },
  { query: 'location=an', where: `location ilike '%an%'` },
  { query: 'location=Berlin&industry=SaaS', where: `location ilike '%Berlin%' and industry = 'SaaS'` },
  { query: 'hasContacts=true', where: 'exists (select 1 from contacts c where c.lead_id = leads.id)' },
  { query: 'hasContacts=false', where: 'not exists (select 1 from contacts c where c.lead_id = leads.id)' },
  { query: 'hasContacts=true&industry=FinTech', where: `industry = 'FinTech' and exists (select 1 from contacts c where c.lead_id = leads.id)` },
];

describe(`counts after an import on top of the demo leads (${testDatabaseKind})`, () => {
  let t: TestApp;
  let subscriber: Record<string, string>;
  beforeAll(async () => {
    // The demo leads, seeded at start-up as on a first run.
    t = await buildTestApp({ DEMO_DATA: '1' });
    // The import: batches of 500 in one transaction, as an admin import writes them.
    await insertLeads(t.database, generateLeads({ count: IMPORTED, seed: 34 }), { batchSize: 500 });
    subscriber = await signInAs(t, 'subscriber');
  }, 240_000);
  afterAll(async () => t.close());

  const list = async (query: string): Promise<LeadListResponse> => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/leads?${query}`, headers: subscriber });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as LeadListResponse;
  };
  const truth = async (where: string): Promise<number> => {
    const [row] = rowsOf<{ n: string | number }>(await t.database.db.execute(sql.raw(`select count(*) as n from leads where ${where}`)));
    return Number(row?.n);
  };
  /** Exact when it says so, a true lower bound when it says "more than", else within 20%. */
  const expectHonest = (page: LeadListResponse, real: number, label: string) => {
    if (page.countIsExact) expect(page.totalCount, label).toBe(real);
    else if (page.countIsLowerBound) expect(real, label).toBeGreaterThan(page.totalCount);
    else expect(Math.abs(page.totalCount - real), `${label}: ${page.totalCount} for ${real}`).toBeLessThanOrEqual(real * 0.2);
  };

  it('has the demo leads and the import', async () => {
    expect(await truth('true')).toBeGreaterThanOrEqual(IMPORTED + 400);
  });

  it('gives every list an exact count, an estimate within 20%, or a true "more than"', async () => {
    for (const { query, where } of LISTS) {
      const real = await truth(where);
      const first = await list(`${query}&limit=20`);
      expectHonest(first, real, query || '(no filter)');
      // A later page by number, and the next page by cursor, say no less.
      if (first.nextCursor) expectHonest(await list(`${query}&limit=20&cursor=${first.nextCursor}`), real, `${query} by cursor`);
      expectHonest(await list(`${query}&limit=20&page=3`), real, `${query} page 3`);
    }
  });

  it('shows the whole archive as an estimate only once its statistics describe it', async () => {
    const all = await list('limit=20');
    const real = await truth('true');
    expect(all.countIsExact).toBe(false);
    expect(all.countIsLowerBound).toBe(false);
    expect(Math.abs(all.totalCount - real)).toBeLessThanOrEqual(real * 0.2);
    // The planner's own figure agrees: the import refreshed the statistics.
    const [plan] = rowsOf<{ reltuples: number | string }>(await t.database.db.execute(sql`select reltuples from pg_class where oid = 'leads'::regclass`));
    expect(Math.abs(Number(plan?.reltuples) - real)).toBeLessThanOrEqual(real * 0.2);
  });

  it('says "more than 1,000" for a combination the planner cannot estimate within 20%, never a guess', async () => {
    const combined = await list('industry=FinTech&hasContacts=true&limit=20');
    const real = await truth(`industry = 'FinTech' and exists (select 1 from contacts c where c.lead_id = leads.id)`);
    if (real > 1_000) expect(combined).toMatchObject({ totalCount: 1_000, countIsExact: false, countIsLowerBound: true });
    else expect(combined).toMatchObject({ totalCount: real, countIsExact: true, countIsLowerBound: false });
    const wide = await list('location=an&limit=20');
    expect(wide).toMatchObject({ totalCount: 1_000, countIsExact: false, countIsLowerBound: true });
    expect(await truth(`location ilike '%an%'`)).toBeGreaterThan(1_000);
  });
});
