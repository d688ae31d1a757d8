import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyResponse, Lead } from '@fundwire/shared';
import { companies, leads } from '../../db/schema/index.js';
import { buildTestApp, signInAs, type TestApp } from '../../../test/helpers.js';
import { generateLeads } from '../../seed/generate.js';
import { insertLeads } from '../../seed/insert.js';
import { assignCompaniesToLeads } from '../leads/index.js';

const samplePath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../data/samples/fundraisingfox-rounds-sample.csv');

function leadInput(overrides: Record<string, unknown> = {}) {
  return {
    companyName: 'Orbital Forge',
    domain: 'orbital-forge.example.com',
    industry: 'SpaceTech',
    fundingAmount: 2_000_000,
    fundingRound: 'Seed',
    location: 'Denver, CO',
    fundingDate: '2026-03-01',
    description: 'Satellite buses.',
    tags: [],
    contacts: [{ name: 'Ada Example', role: 'CEO', email: 'ada@orbital-forge.example.com', linkedIn: '' }],
    ...overrides,
  };
}

describe('companies', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let subscriber: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t, 'admin');
    subscriber = await signInAs(t, 'subscriber');
  });
  afterAll(async () => t.close());

  const create = async (overrides: Record<string, unknown>) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/leads', headers: admin, payload: leadInput(overrides) });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { lead: Lead }).lead;
  };
  const getCompany = (id: string, headers = subscriber) => t.app.inject({ method: 'GET', url: `/api/companies/${id}`, headers });

  it('groups a company\'s rounds (www and subdomains alike) and returns them newest first with contacts listed once', async () => {
    const seed = await create({});
    const seriesA = await create({
      domain: 'https://www.app.orbital-forge.example.com/',
      companyName: 'Orbital Forge, Inc.',
      fundingRound: 'Series A',
      fundingAmount: 9_000_000,
      fundingDate: '2026-09-01',
      contacts: [
        { name: 'Ada Example', role: 'CEO', email: 'ADA@orbital-forge.example.com', linkedIn: '' },
        { name: 'Bo Example', role: 'CFO', email: 'bo@orbital-forge.example.com', linkedIn: '' },
      ],
    });
    expect(seed.companyId).toBeTruthy();
    expect(seriesA.companyId).toBe(seed.companyId);
    expect(seed.earlierRounds).toBe(0);
    expect(seriesA.earlierRounds).toBe(1);

    const response = await getCompany(seed.companyId!);
    expect(response.statusCode).toBe(200);
    const body = response.json() as CompanyResponse;
    expect(body.company).toMatchObject({ id: seed.companyId, name: 'Orbital Forge, Inc.', industry: 'SpaceTech', location: 'Denver, CO', cik: null, roundCount: 2, totalFunding: 11_000_000 });
    expect(body.rounds.map((round) => [round.id, round.fundingRound, round.earlierRounds])).toEqual([
      [seriesA.id, 'Series A', 1],
      [seed.id, 'Seed', 0],
    ]);
    expect(body.contacts.map((contact) => contact.name)).toEqual(['Ada Example', 'Bo Example']);

    // The list carries the same company id and count (newest first: a search is otherwise ordered by relevance).
    const list = (await t.app.inject({ method: 'GET', url: '/api/leads?q=orbital&sort=date', headers: subscriber })).json() as { leads: Lead[] };
    expect(list.leads.map((lead) => [lead.id, lead.companyId, lead.earlierRounds])).toEqual([
      [seriesA.id, seed.companyId, 1],
      [seed.id, seed.companyId, 0],
    ]);
  });

  it('moves a round to another company when its domain changes, and drops a company left without rounds', async () => {
    const lead = await create({ companyName: 'Solo Labs', domain: 'solo-labs.example.com', fundingDate: '2026-04-01' });
    const oldCompany = lead.companyId!;
    const edited = await t.app.inject({ method: 'PUT', url: `/api/leads/${lead.id}`, headers: admin, payload: leadInput({ companyName: 'Solo Labs', domain: 'solo.example.org', fundingDate: '2026-04-01' }) });
    expect(edited.statusCode).toBe(200);
    const moved = (edited.json() as { lead: Lead }).lead;
    expect(moved.companyId).not.toBe(oldCompany);
    expect((await getCompany(oldCompany)).statusCode).toBe(404);
    expect((await getCompany(moved.companyId!)).json().rounds).toHaveLength(1);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/leads/${lead.id}`, headers: admin });
    expect(deleted.statusCode).toBe(200);
    const gone = await getCompany(moved.companyId!);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: 'Company not found' });
  });

  it("keeps an uploaded round with the company of the domain the admin gave it when the upload comes again", async () => {
    const upload = { leads: [leadInput({ companyName: 'Keel Works', domain: 'keel.example.com', fundingDate: '2026-04-02', contacts: [] })] };
    const first = await t.app.inject({ method: 'POST', url: '/api/leads/batch', headers: admin, payload: upload });
    expect(first.statusCode, first.body).toBeLessThan(300);
    const [row] = await t.database.db.select().from(leads).where(eq(leads.companyName, 'Keel Works'));
    const uploadedCompany = row!.companyId;

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/leads/${row!.id}`,
      headers: admin,
      payload: leadInput({ companyName: 'Keel Works', domain: 'keel-labs.example.com', fundingDate: '2026-04-02', contacts: [] }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const movedTo = (edited.json() as { lead: Lead }).lead.companyId;
    expect(movedTo).not.toBe(uploadedCompany);

    const again = await t.app.inject({ method: 'POST', url: '/api/leads/batch', headers: admin, payload: upload });
    expect(again.statusCode, again.body).toBeLessThan(300);
    const [after] = await t.database.db.select().from(leads).where(eq(leads.id, row!.id));
    expect(after).toMatchObject({ domain: 'keel-labs.example.com', companyId: movedTo });
    // The upload's own company is not left behind without a round.
    expect(await t.database.db.select().from(companies).where(eq(companies.domain, 'keel.example.com'))).toEqual([]);
  });

  it('answers bad and unknown ids with a 4xx error, and only subscribers may read', async () => {
    for (const id of ['not-a-uuid', '1', 'x'.repeat(90)]) {
      const response = await getCompany(id);
      expect(response.statusCode, `${id}: ${response.body}`).toBe(400);
      expect(response.json()).toEqual({ error: 'Invalid params: id: Company id must be a UUID' });
    }
    const nul = await getCompany('%00');
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ error: 'Text must not contain NUL characters' });
    // Longer than Fastify's path-parameter limit: no route matches.
    expect((await getCompany('x'.repeat(300))).statusCode).toBe(404);
    const unknown = await getCompany('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Company not found' });

    const lead = await create({ companyName: 'Gate Co', domain: 'gate.example.com' });
    expect((await getCompany(lead.companyId!, {})).statusCode).toBe(401);
    expect((await getCompany(lead.companyId!, await signInAs(t, 'user'))).statusCode).toBe(403);
    expect((await getCompany(lead.companyId!, admin)).statusCode).toBe(200);
  });

  it('imports the real sample: Passionfroot\'s two rounds are one company, and a batch upload joins it', async () => {
    const csv = readFileSync(samplePath);
    const imported = await t.app.inject({ method: 'POST', url: '/api/admin/imports', headers: { ...admin, 'content-type': 'text/csv' }, payload: csv });
    expect(imported.statusCode).toBe(200);

    const [row] = await t.database.db.select({ companyId: leads.companyId }).from(leads).where(eq(leads.domain, 'passionfroot.me')).limit(1);
    const body = (await getCompany(row!.companyId!)).json() as CompanyResponse;
    expect(body.company.name).toBe('Passionfroot');
    expect(body.rounds.map((round) => [round.fundingDate, round.fundingRound, round.fundingAmount])).toEqual([
      ['2026-08-21', 'Series A', null],
      ['2026-07-22', 'Series A', 15_000_000],
    ]);
    // Every imported lead has a company; none is without a round.
    const [orphans] = await t.database.db.select({ value: count() }).from(leads).where(isNull(leads.companyId));
    expect(orphans?.value).toBe(0);

    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/leads/batch',
      headers: admin,
      payload: { leads: [leadInput({ companyName: 'Passionfroot GmbH', domain: 'www.passionfroot.me', fundingRound: 'Series B', fundingDate: '2026-10-01' })] },
    });
    expect(batch.statusCode).toBe(200);
    const after = (await getCompany(row!.companyId!)).json() as CompanyResponse;
    expect(after.rounds.map((round) => [round.fundingRound, round.earlierRounds])).toEqual([
      ['Series B', 2],
      ['Series A', 1],
      ['Series A', 0],
    ]);
  });

  it('gives every seeded demo lead its company: one per made-up example.com name', async () => {
    const seeded = [...generateLeads({ count: 30, seed: 11 })];
    await insertLeads(t.database, seeded);
    const rows = await t.database.rawTransaction((query) =>
      query('select l.domain, l.company_id, c.identity_key from leads l join companies c on c.id = l.company_id where l.id = any($1::uuid[])', [seeded.map((lead) => lead.id)]),
    );
    expect(rows.rows).toHaveLength(30);
    for (const row of rows.rows) expect(row.identity_key).toBe(`domain:${String(row.domain)}`);
    expect(new Set(rows.rows.map((row) => row.company_id)).size).toBe(new Set(seeded.map((lead) => lead.domain)).size);
  });

  it('groups leads written before companies existed at start-up, once, keeping every row', async () => {
    await t.database.rawTransaction(async (query) => {
      for (const [name, domain, location, date] of [
        ['Legacy Works', 'legacy-works.example.com', 'Austin, TX', '2025-01-01'],
        ['Legacy Works LLC', 'www.legacy-works.example.com', 'Austin, TX', '2025-06-01'],
        ['Nameonly', '', 'Austin, TX', '2025-01-01'],
        ['Nameonly, Inc.', '', 'Dallas, TX', '2025-02-01'],
        ['Nameonly', '', 'Paris, France', '2025-03-01'],
      ]) {
        await query(
          `insert into leads (company_name, domain, industry, funding_amount, location, funding_date, description, identity_key)
           values ($1, $2, 'AI', 1, $3, $4, 'x', $5)`,
          [name, domain, location, date, `legacy|${name}|${location}|${date}`],
        );
      }
    });
    const [beforeCount] = await t.database.db.select({ value: count() }).from(leads);
    expect(await assignCompaniesToLeads(t.database)).toBe(5);
    expect(await assignCompaniesToLeads(t.database)).toBe(0);
    const [afterCount] = await t.database.db.select({ value: count() }).from(leads);
    expect(afterCount?.value).toBe(beforeCount?.value);

    const rows = await t.database.db
      .select({ name: leads.companyName, location: leads.location, key: companies.identityKey })
      .from(leads)
      .innerJoin(companies, eq(companies.id, leads.companyId))
      .where(eq(leads.industry, 'AI'));
    const keyOf = (name: string, location: string) => rows.find((row) => row.name === name && row.location === location)?.key;
    expect(keyOf('Legacy Works', 'Austin, TX')).toBe('domain:legacy-works.example.com');
    expect(keyOf('Legacy Works LLC', 'Austin, TX')).toBe(keyOf('Legacy Works', 'Austin, TX'));
    expect(keyOf('Nameonly', 'Austin, TX')).toBe('name:nameonly|us');
    expect(keyOf('Nameonly, Inc.', 'Dallas, TX')).toBe('name:nameonly|us');
    expect(keyOf('Nameonly', 'Paris, France')).toBe('name:nameonly|france');
  });
});
