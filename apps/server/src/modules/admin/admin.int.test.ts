import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportSummary, Lead, LeadStats } from '@fundwire/shared';
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
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: admin,
      payload: leadInput({ domain: 'https://www.Acme-Robotics.example.com/' }),
    });
    expect(created.statusCode).toBe(201);
    const lead = (created.json() as { lead: Lead }).lead;
    expect(lead).toMatchObject({ companyName: 'Acme Robotics', domain: 'acme-robotics.example.com', fundingAmount: 12_500_000 });
    // An address the admin typed: theirs, not checked yet (issue 31).
    expect(lead.contacts).toEqual([
      {
        id: expect.any(String),
        name: 'Robin Example',
        role: 'CEO',
        email: 'robin@acme-robotics.example.com',
        linkedIn: '',
        emailStatus: 'unverified',
        emailSource: 'admin',
        emailCheckedAt: null,
        filedName: null,
      },
    ]);
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

  it('bulk-deletes leads with their contacts in one request, counts only the ones that existed, and subscribers see it at once', async () => {
    const create = async (n: number, contacts = 1) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: admin,
        payload: leadInput({
          companyName: `Bulk Gone ${n}`,
          domain: `bulk-gone-${n}.example.com`,
          contacts: Array.from({ length: contacts }, (_, index) => ({ name: `Person ${index}`, role: 'CEO', email: '', linkedIn: '' })),
        }),
      });
      expect(response.statusCode).toBe(201);
      return (response.json() as { lead: Lead }).lead;
    };
    const [first, second, kept] = [await create(1, 2), await create(2), await create(3)];
    // Read once, so the list is cached before the delete.
    expect((await search('bulk gone')).map((row) => row.companyName).sort()).toEqual(['Bulk Gone 1', 'Bulk Gone 2', 'Bulk Gone 3']);
    const before = await totals();
    const unknown = '00000000-0000-4000-8000-0000000000aa';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/leads/bulk-delete',
      headers: admin,
      // Upper case, repeated and unknown ids are all fine.
      payload: { ids: [first!.id, second!.id.toUpperCase(), unknown, first!.id] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: 2 });
    expect(await totals()).toEqual({ leads: before.leads - 2, contacts: before.contacts - 3 });
    expect((await search('bulk gone')).map((row) => row.id)).toEqual([kept!.id]);
    // Their companies went with their only rounds.
    const companies = await t.database.rawTransaction((query) =>
      query('select count(*)::int as n from companies where id = any($1::uuid[])', [[first!.companyId, second!.companyId]]),
    );
    expect(companies.rows[0]?.n).toBe(0);

    const again = await t.app.inject({ method: 'POST', url: '/api/leads/bulk-delete', headers: admin, payload: { ids: [first!.id, unknown] } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ deleted: 0 });
  });

  it('lets only the admin bulk-delete, refuses a bad body with a 400 and deletes nothing, and rolls back a delete that fails part-way', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: admin,
      payload: leadInput({ companyName: 'Bulk Kept', domain: 'bulk-kept.example.com' }),
    });
    const kept = (response.json() as { lead: Lead }).lead;
    const other = (
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/leads',
          headers: admin,
          payload: leadInput({ companyName: 'Bulk Other', domain: 'bulk-other.example.com' }),
        })
      ).json() as {
        lead: Lead;
      }
    ).lead;
    const before = await totals();
    const user = await signInAs(t, 'user');
    for (const [who, headers, status] of [
      ['visitor', {}, 401],
      ['user', user, 403],
      ['subscriber', subscriber, 403],
    ] as const) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/leads/bulk-delete',
        headers: { ...headers, origin: t.config.appUrl },
        payload: { ids: [kept.id] },
      });
      expect(refused.statusCode, who).toBe(status);
      expect(refused.json(), who).toEqual({ error: expect.any(String) });
    }
    for (const [payload, words] of [
      [{ ids: [] }, 'at least one'],
      [{ ids: Array.from({ length: 501 }, () => kept.id) }, 'at most 500'],
      [{ ids: [kept.id, 'not-a-uuid'] }, 'UUID'],
      [{ ids: [kept.id, 42] }, 'ids'],
      [{ ids: kept.id }, 'ids'],
      [{}, 'ids'],
      [[kept.id], 'ids'],
    ] as const) {
      const bad = await t.app.inject({ method: 'POST', url: '/api/leads/bulk-delete', headers: admin, payload: payload as object });
      expect(bad.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect((bad.json() as { error: string }).error, JSON.stringify(payload).slice(0, 80)).toContain(words);
    }
    expect(await totals()).toEqual(before);

    // One transaction: a failure on the second lead leaves the first in place too.
    await t.database.rawTransaction(async (query) => {
      await query(`create function refuse_lead_delete() returns trigger language plpgsql as $$
                   begin if old.id = '${other.id}' then raise exception 'refused for the test'; end if; return old; end $$`);
      await query('create trigger refuse_lead_delete before delete on leads for each row execute function refuse_lead_delete()');
    });
    try {
      const failed = await t.app.inject({ method: 'POST', url: '/api/leads/bulk-delete', headers: admin, payload: { ids: [kept.id, other.id] } });
      expect(failed.statusCode).toBe(500);
      expect(await totals()).toEqual(before);
    } finally {
      await t.database.rawTransaction(async (query) => {
        await query('drop trigger refuse_lead_delete on leads');
        await query('drop function refuse_lead_delete()');
      });
    }
    const removed = await t.app.inject({ method: 'POST', url: '/api/leads/bulk-delete', headers: admin, payload: { ids: [kept.id, other.id] } });
    expect(removed.json()).toEqual({ deleted: 2 });
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

  it('names a bad batch row by number and company, and its fields in words, not zod text', async () => {
    const { description: _description, ...withoutDescription } = leadInput({ companyName: 'Acme Words', domain: 'acme-words.example.com' });
    const noName = { ...leadInput({ domain: 'no-name.example.com' }), companyName: undefined };
    const badContact = leadInput({
      companyName: 'Contact Co',
      domain: 'contact-co.example.com',
      contacts: [{ name: 'Ada', role: 'CEO', email: 'not-an-email', linkedIn: '' }],
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/leads/batch',
      headers: admin,
      payload: { leads: [leadInput({ companyName: 'Fine Co', domain: 'fine-co.example.com' }), withoutDescription, noName, badContact] },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { error: string; skippedRows: { line: number; company: string; reason: string }[] };
    expect(body.error).toBe('3 of 4 leads are invalid; nothing was uploaded. Lead 2 (Acme Words): description is missing');
    expect(body.skippedRows).toEqual([
      { line: 2, company: 'Acme Words', reason: 'description is missing' },
      { line: 3, company: '', reason: 'company name is missing' },
      { line: 4, company: 'Contact Co', reason: 'contact 1 email must be an email address' },
    ]);
    expect(JSON.stringify(body)).not.toContain('Invalid input');
  });

  it('uploads a batch all-or-nothing through the lead-input contract: one bad row in 1,000 names that row and writes nothing', async () => {
    const rows = Array.from({ length: 1000 }, (_, index) =>
      leadInput({
        companyName: `Batch Co ${index}`,
        domain: `batch-${index}.example.com`,
        contacts: [{ name: `P ${index}`, role: 'CEO', email: `p${index}@batch.example.com`, linkedIn: '' }],
      }),
    );
    rows[637] = leadInput({ companyName: 'Broken Co', domain: 'broken.example.com', fundingRound: 'Series Q' });
    const before = await totals();
    const bad = await t.app.inject({ method: 'POST', url: '/api/leads/batch', headers: admin, payload: { leads: rows } });
    expect(bad.statusCode).toBe(400);
    const body = bad.json() as {
      error: string;
      skippedRows: { line: number; company: string; reason: string }[];
      skippedByReason: { reason: string; count: number }[];
    };
    expect(body.error).toContain('Lead 638 (Broken Co): funding round must be one of');
    expect(body.skippedRows).toEqual([{ line: 638, company: 'Broken Co', reason: expect.stringContaining('funding round must be one of') }]);
    expect(body.skippedByReason).toHaveLength(1);
    expect(await totals()).toEqual(before);

    // Unknown round, amount, industry, location and email are values, not errors.
    rows[637] = leadInput({
      companyName: 'Fixed Co',
      domain: 'fixed.example.com',
      fundingRound: 'Undisclosed',
      fundingAmount: null,
      industry: '',
      location: null,
      contacts: [{ name: 'Filer', role: 'Director' }],
    });
    const good = await t.app.inject({ method: 'POST', url: '/api/leads/batch', headers: admin, payload: { leads: rows } });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ count: 1000, created: 1000, updated: 0, skipped: 0 });
    expect((await totals()).leads).toBe(before.leads + 1000);
    expect((await search('Fixed Co'))[0]).toMatchObject({
      fundingRound: null,
      fundingAmount: null,
      industry: null,
      location: null,
      source: 'batch',
      contacts: [{ name: 'Filer', email: null }],
    });

    // The same leads again change nothing (contacts replaced, not added).
    const repeat = await t.app.inject({ method: 'POST', url: '/api/leads/batch', headers: admin, payload: rows });
    expect(repeat.json()).toMatchObject({ count: 1000, created: 0, updated: 0 });
    const after = await totals();
    expect(after.leads).toBe(before.leads + 1000);
    expect(after.contacts).toBe(before.contacts + 1000);
  });

  it('refuses empty, oversized and malformed batches', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/leads/batch', headers: admin, payload: { leads: [] } });
    expect(empty.statusCode).toBe(400);
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/leads/batch',
      headers: admin,
      payload: { leads: Array.from({ length: 10_001 }, () => ({})) },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toContain('10,000');
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/leads/batch',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"leads": [',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ error: expect.any(String) });
  });

  const postCsv = (url: string, payload: string | Buffer) => t.app.inject({ method: 'POST', url, headers: { ...admin, 'content-type': 'text/csv' }, payload });
  const importCsv = async (payload: string | Buffer) => {
    const response = await postCsv('/api/admin/imports', payload);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return response.json() as ImportSummary;
  };
  const HEADER = 'company_slug,company_name,fundraisingfox_url,domain,announced_on,stage,round_label,amount_usd,amount_is_floor,basis';
  const ffRow = (name: string, domain: string, date: string, amount: string, stage = 'Seed', label = stage) =>
    `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')},${name},https://fundraisingfox.com/companies/x,${domain},${date},${stage},"${label}",${amount},False,press`;

  it('previews and imports the shared Fundraising Fox sample: 95% of non-fund rows, preview = commit, a second import changes nothing', { timeout: 120_000 }, async () => {
    const csv = readFileSync(samplePath);
    const before = await totals();

    const previewResponse = await postCsv('/api/admin/imports/preview', csv);
    expect(previewResponse.statusCode).toBe(200);
    const preview = previewResponse.json() as ImportSummary;
    expect(preview.total).toBe(2540);
    expect(preview.created + preview.updated + preview.unchanged + preview.merged + preview.skipped).toBe(2540);
    expect(preview.updated).toBe(0);
    const funds = preview.skippedByReason.find((entry) => entry.reason.includes('pooled investment fund'))?.count ?? 0;
    expect(preview.created + preview.merged).toBeGreaterThanOrEqual(0.95 * (2540 - funds));
    // Only pooled funds and exact copies are skipped, each with a line and a reason.
    expect(preview.skippedByReason.map((entry) => entry.reason).sort()).toEqual(
      expect.arrayContaining(preview.skippedByReason.map((entry) => entry.reason).filter((reason) => /pooled investment fund|exact copy/.test(reason))),
    );
    for (const entry of preview.skippedByReason) expect(entry.reason).toMatch(/pooled investment fund|exact copy/);
    expect(preview.skippedRows).toHaveLength(preview.skipped);
    for (const row of preview.skippedRows) {
      expect(row.line).toBeGreaterThan(1);
      expect(row.reason.length).toBeGreaterThan(3);
    }
    expect(await totals()).toEqual(before);

    const imported = await importCsv(csv);
    expect(imported).toEqual(preview);
    expect((await totals()).leads).toBe(before.leads + preview.created);

    const second = await importCsv(csv);
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: preview.created, skipped: preview.skipped });
    expect((await totals()).leads).toBe(before.leads + preview.created);

    // A subscriber finds an imported round, with its source link and without invented facts.
    const found = await search('Creoir');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      companyName: 'Creoir',
      domain: 'creoir.com',
      fundingRound: 'Seed',
      industry: null,
      location: null,
      source: 'import',
      sourceId: 'creoir',
      sourceUrl: 'https://fundraisingfox.com/companies/creoir',
      editedFields: [],
    });
    expect(found[0]!.description).toContain('CC BY 4.0');
    // A non-ASCII name survives.
    expect((await search('Apothékary')).length).toBeGreaterThan(0);
  });

  it('keeps rounds without a stage or amount as Undisclosed; stats and amount filters leave them out', async () => {
    const csv = [
      HEADER,
      ffRow('Zqx Note Co', 'note-co.example.com', '2026-08-01', '', '', 'Convertible Note'),
      ffRow('Zqx Filing Co', 'filing-co.example.com', '2026-08-01', '', '', 'Equity financing (Form D, Rule 506(b))'),
      ffRow('Zqx Small Co', 'small-co.example.com', '2026-08-01', '900', 'Seed', 'Angel'),
      '',
    ].join('\n');
    expect(await importCsv(csv)).toMatchObject({ total: 3, created: 3, skipped: 0 });
    const note = (await search('Zqx Note Co'))[0]!;
    expect(note).toMatchObject({ fundingRound: null, roundLabel: 'Convertible Note', fundingAmount: null });
    const list = async (query: string) =>
      ((await t.app.inject({ method: 'GET', url: `/api/leads?limit=100&${query}`, headers: subscriber })).json() as { leads: Lead[] }).leads.map(
        (lead) => lead.companyName,
      );
    expect(await list('maxFunding=1000')).toEqual(['Zqx Small Co']);
    expect((await list('q=zqx')).sort()).toEqual(['Zqx Filing Co', 'Zqx Note Co', 'Zqx Small Co']);
    expect((await list('fundingRound=Undisclosed&q=zqx')).sort()).toEqual(['Zqx Filing Co', 'Zqx Note Co']);

    const stats = (await t.app.inject({ method: 'GET', url: '/api/leads/stats', headers: subscriber })).json() as LeadStats;
    const amounts = (await t.database.db.select({ amount: leads.fundingAmount }).from(leads)).map((row) => row.amount);
    const disclosed = amounts.filter((amount): amount is number => amount !== null);
    expect(disclosed.length).toBeLessThan(amounts.length);
    expect(stats.disclosedCount).toBe(disclosed.length);
    expect(stats.avgFunding).toBe(Math.round(disclosed.reduce((sum, amount) => sum + amount, 0) / disclosed.length));
  });

  it('treats a stage or label named like an inherited property (constructor, __proto__, toString) as unknown text, never a prototype lookup', async () => {
    const names = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'isPrototypeOf'];
    const csv = [
      HEADER,
      ...names.map((name, index) => ffRow(`Zqp Proto ${index} Co`, `proto-${index}.example.com`, '2026-08-03', '1000000', name, name)),
      ffRow('Zqp Mixed Co', 'proto-mixed.example.com', '2026-08-03', '1000000', '__proto__', 'Series A'),
      '',
    ].join('\n');
    const preview = await postCsv('/api/admin/imports/preview', csv);
    expect(preview.statusCode, preview.body.slice(0, 300)).toBe(200);
    expect(preview.json()).toMatchObject({ total: names.length + 1, created: names.length + 1, skipped: 0 });
    expect(await importCsv(csv)).toMatchObject({ total: names.length + 1, created: names.length + 1, skipped: 0 });
    for (const [index, name] of names.entries()) {
      expect((await search(`Zqp Proto ${index} Co`))[0], name).toMatchObject({ fundingRound: null, roundLabel: name });
    }
    // An unknown stage leaves the label to say what the round is.
    expect((await search('Zqp Mixed Co'))[0]).toMatchObject({ fundingRound: 'Series A' });
  });

  it('saves the good rows of a file and reports each bad one by line; bad bytes never cause a 5xx', async () => {
    const mixed = [
      HEADER,
      ffRow('Good Date Co', 'good-date.example.com', '2026-03-04', '1000000'),
      ffRow('Bad Date Co', 'bad-date.example.com', '2020-02-30', '1000000'),
      '',
    ].join('\n');
    const preview = (await postCsv('/api/admin/imports/preview', mixed)).json() as ImportSummary;
    const committed = await importCsv(mixed);
    expect(committed).toEqual(preview);
    expect(committed).toMatchObject({
      total: 2,
      created: 1,
      skipped: 1,
      skippedRows: [{ line: 3, company: 'Bad Date Co', reason: 'announced_on "2020-02-30" must be a real calendar date' }],
    });
    expect(await search('Good Date Co')).toHaveLength(1);

    const latin1 = Buffer.concat([
      Buffer.from(`${HEADER}\n`),
      Buffer.from(`${ffRow('Caf\xe9 Latin Co', 'cafe-latin.example.com', '2026-03-05', '2000000')}\n`, 'latin1'),
    ]);
    expect(await importCsv(latin1)).toMatchObject({ created: 1, skipped: 0 });
    expect((await search('Latin Co'))[0]?.companyName).toBe('Café Latin Co');

    const random = Buffer.from(Array.from({ length: 5000 }, (_, index) => (index * 7919 + 13) % 256));
    for (const payload of [
      random,
      Buffer.concat([Buffer.from(`${HEADER}\n`), random]),
      `${HEADER}\n${ffRow('Nul\u0000 Co', 'nul.example.com', '2026-03-04', '1')}\n`,
      `${HEADER}\n"never closed,1\n`,
      '\u0000\u0000\u0000',
    ]) {
      for (const url of ['/api/admin/imports/preview', '/api/admin/imports']) {
        const response = await postCsv(url, payload);
        expect(response.statusCode, url).toBeLessThan(500);
        if (response.statusCode >= 400)
          expect(response.json()).toEqual({ error: expect.any(String), ...(response.json().missing ? { missing: expect.any(Array) } : {}) });
      }
    }
  });

  it('skips import rows that PostgreSQL or the lead form would refuse, with a reason each, and stores none of them', async () => {
    const csv = [
      HEADER,
      ffRow('Kept Robotics', 'https://www.Kept-Robotics.example.com/', '2026-03-04', '1000000'),
      ffRow('Nul\u0000 Labs', 'nul.example.com', '2026-03-04', '1000000'),
      ffRow('Zero Year Labs', 'zero.example.com', '0000-03-04', '1000000'),
      ffRow('Leap Labs', 'leap.example.com', '2021-02-29', '1000000'),
      ffRow('Huge Labs', 'huge.example.com', '2026-03-04', '1e300'),
      ffRow('Script Labs', 'javascript:alert(1)', '2026-03-04', '1000000'),
      ffRow('N'.repeat(10_000), '', '2026-03-04', '1000000'),
      ffRow('Hex Labs', 'hex.example.com', '2026-03-04', '0x10'),
      '',
    ].join('\n');
    const before = await totals();
    for (const url of ['/api/admin/imports/preview', '/api/admin/imports']) {
      const response = await postCsv(url, csv);
      expect(response.statusCode, url).toBe(200);
      const summary = response.json() as ImportSummary;
      expect(summary).toMatchObject({ total: 8, created: 1, updated: 0, skipped: 7 });
      expect(summary.skippedRows.map((skipped) => [skipped.line, skipped.reason])).toEqual([
        [3, 'contains a NUL character'],
        [4, 'announced_on "0000-03-04" must be a real calendar date'],
        [5, 'announced_on "2021-02-29" must be a real calendar date'],
        [6, 'amount_usd "1e300" must be a decimal number of dollars'],
        [7, 'domain "javascript:alert(1)" must be a domain such as acme.com'],
        [8, `company_name "${'N'.repeat(40)}…" must be at most 200 characters`],
        [9, 'amount_usd "0x10" must be a decimal number of dollars'],
      ]);
      expect(summary.skippedByReason).toContainEqual({ reason: 'announced_on … must be a real calendar date', count: 2 });
    }
    expect((await totals()).leads).toBe(before.leads + 1);
    // The domain is stored as the lead form would store it.
    expect((await search('Kept Robotics')).map((lead) => lead.domain)).toEqual(['kept-robotics.example.com']);
    expect(await search('Script Labs')).toEqual([]);
    expect(await search('Hex Labs')).toEqual([]);
  });

  it('lists at most 100 skipped rows, and counts every skip by reason', async () => {
    const rows = Array.from({ length: 250 }, (_, index) => ffRow(`Bad ${index} Co`, `bad-${index}.example.com`, '2020-02-30', '1'));
    const summary = await importCsv([HEADER, ...rows, ''].join('\n'));
    expect(summary.skipped).toBe(250);
    expect(summary.skippedRows).toHaveLength(100);
    expect(summary.skippedByReason).toEqual([{ reason: 'announced_on … must be a real calendar date', count: 250 }]);
  });

  it("keeps an admin's edits when the file is imported again, and marks the edited fields", async () => {
    const csv = [HEADER, ffRow('Sticky Edits Co', 'sticky-edits.example.com', '2026-07-01', '', '', 'Convertible Note'), ''].join('\n');
    await importCsv(csv);
    const imported = (await search('Sticky Edits Co'))[0]!;
    expect(imported).toMatchObject({ source: 'import', industry: null, location: null, editedFields: [] });

    const edit = {
      companyName: imported.companyName,
      domain: imported.domain,
      industry: 'Robotics',
      fundingAmount: null,
      fundingRound: 'Undisclosed',
      roundLabel: imported.roundLabel,
      location: 'Oslo, Norway',
      fundingDate: imported.fundingDate,
      description: 'Robots that file their own paperwork.',
      tags: imported.tags,
      contacts: [{ name: 'Kari Filer', role: 'Director', email: '' }],
    };
    const saved = await t.app.inject({ method: 'PUT', url: `/api/leads/${imported.id}`, headers: admin, payload: edit });
    expect(saved.statusCode, saved.body).toBe(200);
    const edited = (saved.json() as { lead: Lead }).lead;
    expect(edited.editedFields).toEqual(['contacts', 'description', 'industry', 'location']);
    expect(edited.contacts).toMatchObject([{ name: 'Kari Filer', role: 'Director', email: null, linkedIn: '', emailStatus: null, emailSource: null }]);

    // The file again, and a new version of it with an amount: the edits stay, the empty amount is filled.
    expect(await importCsv(csv)).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    const withAmount = await importCsv(
      [HEADER, ffRow('Sticky Edits Co', 'sticky-edits.example.com', '2026-07-01', '3000000', '', 'Convertible Note'), ''].join('\n'),
    );
    expect(withAmount).toMatchObject({ created: 0, updated: 1 });
    const after = (await search('Sticky Edits Co'))[0]!;
    expect(after).toMatchObject({
      industry: 'Robotics',
      location: 'Oslo, Norway',
      description: 'Robots that file their own paperwork.',
      fundingAmount: 3_000_000,
      contacts: [{ name: 'Kari Filer', role: 'Director', email: null, linkedIn: '' }],
      editedFields: ['contacts', 'description', 'industry', 'location'],
    });
  });

  it('refuses a CSV that is not a Fundraising Fox file', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/imports/preview',
      headers: { ...admin, 'content-type': 'text/csv' },
      payload: 'name,amount\nx,1\n',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('missing columns');
  });
});
