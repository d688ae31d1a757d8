import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportSummary, Lead } from '@fundwire/shared';
import { contacts, leads } from '../../db/schema/index.js';
import { buildTestApp, signInAs, type TestApp } from '../../../test/helpers.js';

const samplePath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../data/samples/fundraisingfox-rounds-sample.csv');

function leadInput(overrides: Record<string, unknown> = {}) {
  return {
    companyName: 'Acme Robotics',
    domain: 'acme-robotics.example.com',
    industry: 'Robotics',
    fundingAmount: 12_500_000,
    fundingRound: 'Series A',
    location: 'Pittsburgh, PA',
    fundingDate: '2026-11-20',
    description: 'Warehouse robots.',
    tags: [],
    contacts: [{ name: 'Robin Example', role: 'CEO', email: 'robin@acme-robotics.example.com', linkedIn: '' }],
    ...overrides,
  };
}

describe('admin lead writes', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let subscriber: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t, 'admin');
    subscriber = await signInAs(t, 'subscriber');
  });
  afterAll(async () => t.close());

  const totals = async () => {
    const [leadCount] = await t.database.db.select({ value: count() }).from(leads);
    const [contactCount] = await t.database.db.select({ value: count() }).from(contacts);
    return { leads: leadCount?.value ?? 0, contacts: contactCount?.value ?? 0 };
  };
  const search = async (q: string) =>
    ((await t.app.inject({ method: 'GET', url: `/api/leads?q=${encodeURIComponent(q)}`, headers: subscriber })).json() as { leads: Lead[] }).leads;

  it('creates, edits and deletes a lead, and subscribers see each change at once', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/leads', headers: admin, payload: leadInput({ domain: 'https://www.Acme-Robotics.example.com/' }) });
    expect(created.statusCode).toBe(201);
    const lead = (created.json() as { lead: Lead }).lead;
    expect(lead).toMatchObject({ companyName: 'Acme Robotics', domain: 'acme-robotics.example.com', fundingAmount: 12_500_000 });
    expect(lead.contacts).toEqual([{ name: 'Robin Example', role: 'CEO', email: 'robin@acme-robotics.example.com', linkedIn: '' }]);
    expect((await search('acme robotics')).map((row) => row.id)).toEqual([lead.id]);

    const duplicate = await t.app.inject({ method: 'POST', url: '/api/leads', headers: admin, payload: leadInput({ companyName: 'Acme Again' }) });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toContain('already exists');

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/leads/${lead.id}`,
      headers: admin,
      payload: leadInput({ companyName: 'Acme Robotics Inc', fundingAmount: 15_000_000, contacts: [] }),
    });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as { lead: Lead }).lead).toMatchObject({ companyName: 'Acme Robotics Inc', fundingAmount: 15_000_000, contacts: [] });
    expect((await search('acme robotics'))[0]?.companyName).toBe('Acme Robotics Inc');

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/leads/${lead.id}`, headers: admin });
    expect(removed.statusCode).toBe(200);
    expect(await search('acme robotics')).toEqual([]);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/leads/${lead.id}`, headers: admin });
    expect(again.statusCode).toBe(404);
  });

  it('rejects an invalid lead with errors per field, and writes nothing', async () => {
    const before = await totals();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: admin,
      payload: leadInput({ domain: 'not a domain', fundingAmount: -5, fundingDate: '2026-13-01', contacts: [{ name: 'X', email: 'nope' }] }),
    });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { error: string; issues: { path: string }[] };
    expect(body.issues.map((issue) => issue.path)).toEqual(expect.arrayContaining(['domain', 'fundingAmount', 'fundingDate', 'contacts.0.email']));
    expect(await totals()).toEqual(before);
    expect((await t.app.inject({ method: 'PUT', url: '/api/leads/not-a-uuid', headers: admin, payload: leadInput() })).statusCode).toBe(404);
  });

  it('uploads a batch all-or-nothing: one bad row in 1,000 names that row and writes nothing', async () => {
    const rows = Array.from({ length: 1000 }, (_, index) =>
      leadInput({ companyName: `Batch Co ${index}`, domain: `batch-${index}.example.com`, contacts: [{ name: `P ${index}`, role: 'CEO', email: `p${index}@batch.example.com`, linkedIn: '' }] }),
    );
    rows[637] = leadInput({ companyName: 'Broken Co', domain: 'broken.example.com', fundingRound: 'Series Q' });
    const before = await totals();
    const bad = await t.app.inject({ method: 'POST', url: '/api/leads/batch', headers: admin, payload: { leads: rows } });
    expect(bad.statusCode).toBe(400);
    const body = bad.json() as { error: string; rows: { index: number; companyName: string; errors: { field: string }[] }[] };
    expect(body.error).toContain('Row 638');
    expect(body.rows).toHaveLength(1);
    expect(body.rows[0]).toMatchObject({ index: 637, companyName: 'Broken Co', errors: [{ field: 'fundingRound' }] });
    expect(await totals()).toEqual(before);

    rows[637] = leadInput({ companyName: 'Fixed Co', domain: 'fixed.example.com' });
    const good = await t.app.inject({ method: 'POST', url: '/api/leads/batch', headers: admin, payload: { leads: rows } });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ count: 1000, created: 1000, updated: 0 });
    expect((await totals()).leads).toBe(before.leads + 1000);

    // The same leads again update in place (contacts replaced, not added).
    const repeat = await t.app.inject({ method: 'POST', url: '/api/leads/batch', headers: admin, payload: rows });
    expect(repeat.json()).toEqual({ count: 1000, created: 0, updated: 1000 });
    const after = await totals();
    expect(after.leads).toBe(before.leads + 1000);
    expect(after.contacts).toBe(before.contacts + 1000);
  });

  it('refuses empty, oversized and malformed batches', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/leads/batch', headers: admin, payload: { leads: [] } });
    expect(empty.statusCode).toBe(400);
    const tooMany = await t.app.inject({ method: 'POST', url: '/api/leads/batch', headers: admin, payload: { leads: Array.from({ length: 10_001 }, () => ({})) } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toContain('10,000');
    const notJson = await t.app.inject({ method: 'POST', url: '/api/leads/batch', headers: { ...admin, 'content-type': 'application/json' }, payload: '{"leads": [' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ error: expect.any(String) });
  });

  it('previews and imports the shared Fundraising Fox sample; a second import creates nothing', async () => {
    const csv = readFileSync(samplePath);
    const before = await totals();
    const post = (url: string) => t.app.inject({ method: 'POST', url, headers: { ...admin, 'content-type': 'text/csv' }, payload: csv });

    const preview = (await post('/api/admin/imports/preview')).json() as ImportSummary;
    expect(preview.total).toBe(2540);
    expect(preview.created + preview.skipped).toBe(2540);
    expect(preview.updated).toBe(0);
    expect(preview.skippedRows).toHaveLength(preview.skipped);
    for (const row of preview.skippedRows) expect(row.reason.length).toBeGreaterThan(3);
    expect(await totals()).toEqual(before);

    const imported = (await post('/api/admin/imports')).json() as ImportSummary;
    expect(imported).toEqual(preview);
    expect((await totals()).leads).toBe(before.leads + preview.created);

    const second = (await post('/api/admin/imports')).json() as ImportSummary;
    expect(second.created).toBe(0);
    expect(second.updated).toBe(preview.created);
    expect((await totals()).leads).toBe(before.leads + preview.created);

    // A subscriber finds an imported round, with its source link and without invented facts.
    const found = await search('Creoir');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ companyName: 'Creoir', domain: 'creoir.com', fundingRound: 'Seed', industry: '', location: '', sourceUrl: 'https://fundraisingfox.com/companies/creoir' });
    expect(found[0]!.description).toContain('CC BY 4.0');
  });

  it('skips import rows that PostgreSQL or the lead form would refuse, with a reason each, and stores none of them', async () => {
    const header = 'company_slug,company_name,fundraisingfox_url,domain,announced_on,stage,round_label,amount_usd,amount_is_floor,basis';
    const row = (name: string, domain: string, date: string, amount: string) => `x,${name},https://fundraisingfox.com/companies/x,${domain},${date},Seed,Seed,${amount},False,press`;
    const csv = [
      header,
      row('Kept Robotics', 'https://www.Kept-Robotics.example.com/', '2026-03-04', '1000000'),
      row('Nul\u0000 Labs', 'nul.example.com', '2026-03-04', '1000000'),
      row('Zero Year Labs', 'zero.example.com', '0000-03-04', '1000000'),
      row('Leap Labs', 'leap.example.com', '2021-02-29', '1000000'),
      row('Huge Labs', 'huge.example.com', '2026-03-04', '1e300'),
      row('Script Labs', 'javascript:alert(1)', '2026-03-04', '1000000'),
      row('N'.repeat(3000), '', '2026-03-04', '1000000'),
      '',
    ].join('\n');
    const before = await totals();
    for (const url of ['/api/admin/imports/preview', '/api/admin/imports']) {
      const response = await t.app.inject({ method: 'POST', url, headers: { ...admin, 'content-type': 'text/csv' }, payload: csv });
      expect(response.statusCode, url).toBe(200);
      const summary = response.json() as ImportSummary;
      expect(summary).toMatchObject({ total: 7, created: 1, updated: 0, skipped: 6 });
      expect(summary.skippedRows.map((skipped) => [skipped.line, skipped.reason])).toEqual([
        [3, 'contains a NUL character'],
        [4, 'no valid date (0000-03-04)'],
        [5, 'no valid date (2021-02-29)'],
        [6, 'amount "1e300" is too large'],
        [7, 'domain "javascript:alert(1)" is not a domain such as acme.com'],
        [8, 'company name is longer than 200 characters'],
      ]);
    }
    expect((await totals()).leads).toBe(before.leads + 1);
    // The domain is stored as the lead form would store it.
    expect((await search('Kept Robotics')).map((lead) => lead.domain)).toEqual(['kept-robotics.example.com']);
    expect(await search('Script Labs')).toEqual([]);
  });

  it('refuses a CSV that is not a Fundraising Fox file', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/imports/preview', headers: { ...admin, 'content-type': 'text/csv' }, payload: 'name,amount\nx,1\n' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('missing columns');
  });
});
