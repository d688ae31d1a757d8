// Leads built to drive each strategy of the lead read path (decision 026), shared by search-paths.int.test.ts and
// column-paths.int.test.ts: lead i's words, industry, location and date follow from i, so a test knows every answer.
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LeadListResponse } from '@fundwire/shared';
import type { SeedLead } from '../src/seed/generate.js';
import { insertLeads } from '../src/seed/insert.js';
import { buildTestApp, signInAs, type TestApp } from './helpers.js';

export const LEAD_COUNT = 10_000;
const today = new Date();
export const daysAgo = (days: number) => new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10);
export const uuid = (index: number) => `20000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

/** Lead i: "apple" on even, "banana" on odd leads (never both); "cherry" on every third lead older than a year;
 * "everywhere" on all; "kiwi" on every 40th; "mango" only on FinTech leads (every 4th): all of the newest 100 days',
 * every other one before; "plum", "pear" and "fig" together on the newest 5,500. Dates spread over two years, so the
 * newest leads are the low indexes. */
export function buildLead(index: number): SeedLead {
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
export async function analysedApp(stored: SeedLead[]): Promise<{ t: TestApp; subscriber: Record<string, string> }> {
  const t = await buildTestApp();
  await insertLeads(t.database, stored);
  await t.database.db.execute(sql`analyze leads`);
  return { t, subscriber: await signInAs(t, 'subscriber') };
}

/** A subscriber's lead list, which must answer 200. */
export async function getLeads(t: TestApp, subscriber: Record<string, string>, url: string): Promise<LeadListResponse> {
  const response = await t.app.inject({ method: 'GET', url, headers: subscriber });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
