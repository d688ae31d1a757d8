// A list page's leads are JSON texts the database builds (LEAD_JSON_SQL, lead-rows.ts), sent as they are: they must be
// the leads toLead makes of the same rows (getLead), for leads of every kind: merged sources, edited fields (with one
// the API does not know), no contacts, bounced and missing addresses, unknown amounts and rounds, timestamps with and
// without microseconds, quotes and control characters; for column lists and searches alike, on both databases.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadListQuerySchema, leadListResponseSchema, type Lead } from '@fundwire/shared';
import { rowsOf } from '../../db/client.js';
import { generateLeads } from '../../seed/generate.js';
import { insertLeads } from '../../seed/insert.js';
import { buildTestApp, testDatabaseKind, type TestApp } from '../../../test/helpers.js';
import { getLead, listLeadsJson } from './service.js';

describe(`lead JSON built by the database (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: string[];
  beforeAll(async () => {
    t = await buildTestApp();
    await insertLeads(t.database, [...generateLeads({ count: 300, seed: 11 })]);
    const { db } = t.database;
    ids = rowsOf<{ id: string }>(await db.execute(sql`select id::text as id from leads order by funding_date desc, id desc limit 12`)).map((row) => row.id);
    const [merged, edited, bare, bounced, odd, exactMs] = ids as [string, string, string, string, string, string];
    // Two merged reports, ordered by when they were merged.
    await db.execute(sql`insert into lead_reports (identity_key, lead_id, source, source_id, source_url, fields, merged_at) values
      ('test-b', ${merged}, 'fundraisingfox', 'fox-1', 'https://example.com/fox-1', '{}'::jsonb, '2026-01-02T03:04:05.678901Z'),
      ('test-a', ${merged}, 'sec-form-d', null, null, '{}'::jsonb, '2026-01-01T00:00:00Z')`);
    // Edited fields in the stored order, with one the API does not list.
    await db.execute(sql`update leads set edited_fields = array['tags', 'notAField', 'companyName'] where id = ${edited}`);
    // No contacts, no amount, no round, no industry, no location.
    await db.execute(sql`delete from contacts where lead_id = ${bare}`);
    await db.execute(sql`update leads set funding_amount = null, funding_round = null, round_label = 'Convertible Note', industry = null, location = null where id = ${bare}`);
    // A bounced address, an empty one, and a checked one with microseconds.
    await db.execute(sql`update contacts set email_status = 'bounced', email_source = 'provider', email_checked_at = '2026-03-04T05:06:07.123456Z'
      where id = (select id from contacts where lead_id = ${bounced} order by position limit 1)`);
    await db.execute(sql`update contacts set email = '' where id = (select id from contacts where lead_id = ${bounced} order by position offset 1 limit 1)`);
    // Quotes, a backslash, a newline, a tab and non-ASCII text; a website with where it came from.
    await db.execute(sql`update leads set company_name = ${'Quote "Co" \\ Ltd\n\tÄ 😀'}, description = ${'line one\nline "two"'},
      tags = array['a"b', 'ünï'], domain_source = 'sec', domain_found_at = '2026-05-06T07:08:09.999999Z', filed_location = 'BERLIN' where id = ${odd}`);
    // Timestamps of whole milliseconds (as JavaScript writes them) and of none.
    await db.execute(sql`update leads set created_at = '2026-06-07T08:09:10.570Z', updated_at = '2026-06-07T08:09:11Z' where id = ${exactMs}`);
  }, 120_000);
  afterAll(async () => t.close());

  const page = async (query: Record<string, string>) => {
    const json = await listLeadsJson(t.database.db, leadListQuerySchema.parse(query));
    return { json, body: leadListResponseSchema.parse(JSON.parse(json)) };
  };

  it('writes every lead of a column list as toLead does', async () => {
    const { json, body } = await page({ limit: '12' });
    expect(body.leads.map((lead) => lead.id)).toEqual(ids);
    const raw = (JSON.parse(json) as { leads: Lead[] }).leads;
    for (const [index, id] of ids.entries()) expect(raw[index], id).toEqual(await getLead(t.database.db, id));
    const [merged, edited, bare, bounced] = raw;
    expect(merged!.sources).toEqual([
      { source: 'sec-form-d', sourceId: null, sourceUrl: null },
      { source: 'fundraisingfox', sourceId: 'fox-1', sourceUrl: 'https://example.com/fox-1' },
    ]);
    expect(edited!.editedFields).toEqual(['tags', 'companyName']);
    expect(bare!.contacts).toEqual([]);
    expect(bare!.fundingAmount).toBeNull();
    expect(bounced!.contacts[0]).toMatchObject({ email: null, emailStatus: 'bounced', emailCheckedAt: '2026-03-04T05:06:07.123Z' });
    expect(bounced!.contacts[1]).toMatchObject({ email: null, emailStatus: null, emailSource: null });
    expect(raw[4]!.domainFoundAt).toBe('2026-05-06T07:08:09.999Z');
    expect(raw[5]!.createdAt).toBe('2026-06-07T08:09:10.570Z');
    expect(raw[5]!.updatedAt).toBe('2026-06-07T08:09:11.000Z');
  });

  it('writes the leads of searches, filtered lists and cursor pages as toLead does', async () => {
    const queries: Record<string, string>[] = [{ q: 'quote' }, { q: 'line two' }, { industry: 'FinTech', limit: '50' }, { sort: 'amount', dir: 'asc', limit: '30' }, { q: 'a' }];
    let checked = 0;
    for (const query of queries) {
      const first = await page(query);
      const next = first.body.nextCursor ? await page({ ...query, cursor: first.body.nextCursor }) : undefined;
      for (const { json } of [first, ...(next ? [next] : [])]) {
        for (const lead of (JSON.parse(json) as { leads: Lead[] }).leads) {
          expect(lead, `${JSON.stringify(query)} ${lead.id}`).toEqual(await getLead(t.database.db, lead.id));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
