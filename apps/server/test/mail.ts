// Helpers for newsletter and alert tests: leads with a chosen "added" time, subscribers, and the deps
// a mail run needs from an app.
import { addIsoDays, isoDayOf } from '@fundwire/shared';
import type { Database } from '../src/db/client.js';
import { insertLeads } from '../src/seed/insert.js';
import type { BulkLead } from '../src/modules/leads/bulk.js';

let counter = 0;

export function testLead(overrides: Partial<BulkLead> = {}): BulkLead {
  counter++;
  const name = overrides.companyName ?? `Mailco ${counter} ${Math.random().toString(36).slice(2, 7)}`;
  return {
    companyName: name,
    domain: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example.com`,
    industry: 'FinTech',
    fundingAmount: 1_000_000 * counter,
    fundingRound: 'Seed',
    location: 'Berlin, Germany',
    // Funded yesterday: still news (digests carry rounds funded within NEWS_MAX_AGE_DAYS).
    fundingDate: addIsoDays(isoDayOf(Date.now()), -1),
    description: `${name} builds things.`,
    tags: [],
    contacts: [{ name: `Founder ${counter}`, role: 'CEO', email: `founder${counter}@example.com`, linkedIn: `https://linkedin.example.com/in/f${counter}` }],
    ...overrides,
  };
}

export async function addLeads(database: Database, leads: BulkLead[]): Promise<void> {
  await insertLeads(database, leads);
}

/** Pretends the leads with these names were added at `at` (fixed-clock tests). */
export async function setAddedAt(database: Database, companyNames: string[], at: Date): Promise<void> {
  await database.rawTransaction((query) => query(`update leads set created_at = $2 where company_name = any($1::text[])`, [companyNames, at.toISOString()]));
}

/** Active (confirmed) newsletter subscribers, written directly. */
export async function addActiveSubscribers(database: Database, emails: string[]): Promise<void> {
  await database.rawTransaction((query) =>
    query(
      `insert into newsletter_subscribers (email, status, confirmed_at) select e, 'active', now() from unnest($1::text[]) as e`,
      [emails],
    ),
  );
}

export { mailRunDeps as mailDeps } from '../src/modules/mail-queue/service.js';

export function linkFrom(text: string, pathPart: string): string {
  const found = text.match(/https?:\/\/[^\s<>"')\]]+/g)?.find((link) => link.includes(pathPart));
  if (!found) throw new Error(`no ${pathPart} link in: ${text.slice(0, 500)}`);
  return found;
}

export async function countDeliveries(database: Database, editionId: string): Promise<Record<string, number>> {
  return database.rawTransaction(async (query) => {
    const result = await query(`select status, count(*)::int as n from mail_deliveries where edition_id = $1 group by status`, [editionId]);
    return Object.fromEntries(result.rows.map((row) => [String(row.status), Number(row.n)]));
  });
}
