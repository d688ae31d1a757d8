// One round, one lead: Form D filings (EDGAR stand-in) and Fundraising Fox rows (dataset stand-in) of the same
// round become one lead with both sources; split back; the admin's edit kept; a server with both sources on.
import { afterEach, describe, expect, it } from 'vitest';
import type { Lead, LeadResponse, SourcesResponse, SplitLeadResponse } from '@fundwire/shared';
import { buildTestApp, signInAs, type TestApp } from '../../../test/helpers.js';
import { startEdgarStandIn, type EdgarStandIn, type FormDFixture } from '../../../test/edgar-stand-in.js';
import { datasetFile, startFundraisingFoxStandIn, type DatasetRow, type FundraisingFoxStandIn } from '../../../test/fundraisingfox-stand-in.js';
import { mergeWritten, upsertLeadBatch } from '../../modules/leads/index.js';
import { scheduleSources } from '../../jobs/source-scheduler.js';

const DAY = '2026-11-20';
const FAST = { intervalMs: 5, backoffMs: 5, maxAttempts: 2 };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setup(): Promise<{ t: TestApp; edgar: EdgarStandIn; fox: FundraisingFoxStandIn; admin: Record<string, string> }> {
  const edgar = await startEdgarStandIn();
  const fox = await startFundraisingFoxStandIn();
  const t = await buildTestApp({ EDGAR_USER_AGENT: 'Fundwire tests ops@fundwire.example.com', EDGAR_BASE_URL: edgar.url, FUNDRAISINGFOX_URL: fox.url });
  cleanups.push(() => edgar.close(), () => fox.close(), () => t.close());
  return { t, edgar, fox, admin: await signInAs(t, 'admin') };
}

const helix = (overrides: Partial<FormDFixture> = {}): FormDFixture => ({
  accessionNumber: '0001234567-26-000001',
  cik: '1234567',
  entityName: 'Helix Bio, Inc.',
  city: 'Austin',
  stateOrCountry: 'TX',
  entityType: 'Corporation',
  yearOfInc: '2024',
  industryGroupType: 'Biotechnology',
  dateOfFirstSale: '2026-11-10',
  totalOfferingAmount: '5000000',
  totalAmountSold: '2500000',
  totalRemaining: '2500000',
  people: [{ firstName: 'Ada', lastName: 'Lovelace', relationships: ['Executive Officer'], clarification: 'CEO' }],
  ...overrides,
});
const helixRow = (overrides: Partial<DatasetRow> = {}): DatasetRow => ({
  slug: 'helix-bio',
  name: 'Helix Bio',
  domain: 'helixbio.com',
  date: '2026-11-12',
  stage: 'Seed',
  label: 'Seed',
  amount: 2_500_000,
  basis: 'sec_filing',
  ...overrides,
});

const runFormD = (t: TestApp) => t.app.sources.run('sec-form-d', { days: [DAY], today: DAY, http: FAST });
const runFox = (t: TestApp) => t.app.sources.run('fundraisingfox', { days: [DAY] });

async function roundLeads(t: TestApp, admin: Record<string, string>): Promise<Lead[]> {
  const ids = await t.database.rawTransaction((query) => query(`select id from leads where source in ('sec-form-d', 'fundraisingfox', 'import') order by created_at`));
  const leads: Lead[] = [];
  for (const row of ids.rows) {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/leads/${String(row.id)}`, headers: admin });
    expect(response.statusCode).toBe(200);
    leads.push((response.json() as LeadResponse).lead);
  }
  return leads;
}

describe('one round, one lead', () => {
  it('merges a Form D filing and the SEC-based dataset row of the same round: both sources, the filing\'s figures, the row\'s domain and stage', async () => {
    const { t, edgar, fox, admin } = await setup();
    edgar.addFiling(DAY, helix());
    await runFormD(t);
    fox.setFile(datasetFile([helixRow()]));
    await runFox(t);
    const leads = await roundLeads(t, admin);
    expect(leads).toHaveLength(1);
    const [lead] = leads;
    expect(lead).toMatchObject({ fundingAmount: 2_500_000, fundingDate: '2026-11-10', location: 'Austin, TX', domain: 'helixbio.com', fundingRound: 'Seed' });
    expect(lead!.contacts.map((contact) => contact.name)).toEqual(['Ada Lovelace']);
    expect(lead!.sources.map((source) => source.source).sort()).toEqual(['fundraisingfox', 'sec-form-d']);
    expect(lead!.sources.find((source) => source.source === 'fundraisingfox')!.sourceUrl).toBe('https://fundraisingfox.com/companies/helix-bio');

    // /admin/sources counts the merge.
    const status = (await t.app.inject({ method: 'GET', url: '/api/admin/sources', headers: admin })).json() as SourcesResponse;
    expect(status.merges).toEqual({ mergedThisWeek: 1, leadsWithSeveralSources: 1 });

    // Split back: two leads, each as its source reports it; the filing keeps its people; a new release does not merge them again.
    const split = await t.app.inject({ method: 'POST', url: `/api/admin/leads/${lead!.id}/split`, headers: admin, payload: {} });
    expect(split.statusCode).toBe(200);
    expect((split.json() as SplitLeadResponse).split).toHaveLength(1);
    const apart = await roundLeads(t, admin);
    expect(apart).toHaveLength(2);
    const filing = apart.find((each) => each.source === 'sec-form-d')!;
    const row = apart.find((each) => each.source === 'fundraisingfox')!;
    expect(filing).toMatchObject({ domain: '', fundingRound: null, fundingAmount: 2_500_000, sources: [{ source: 'sec-form-d', sourceId: '0001234567-26-000001', sourceUrl: expect.any(String) }] });
    expect(filing.contacts.map((contact) => contact.name)).toEqual(['Ada Lovelace']);
    expect(row).toMatchObject({ domain: 'helixbio.com', fundingRound: 'Seed', fundingDate: '2026-11-12', contacts: [] });
    fox.setFile(datasetFile([helixRow({ amount: 2_500_001 })]));
    await runFox(t);
    expect(await roundLeads(t, admin)).toHaveLength(2);
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/leads/${filing.id}/split`, headers: admin, payload: {} });
    expect(again.statusCode).toBe(409);
  });

  it('merges a press row and a filing within 30 days and 10%, keeps a press row of another amount apart, and keeps the admin\'s edit through both sources', async () => {
    const { t, edgar, fox, admin } = await setup();
    fox.setFile(datasetFile([helixRow({ basis: 'press', date: '2026-11-25', amount: 2_700_000, stage: 'Seed' }), { slug: 'other-helix', name: 'Helix Bio', date: '2026-11-26', amount: 9_000_000, stage: 'Series A' }]));
    await runFox(t);
    edgar.addFiling(DAY, helix());
    await runFormD(t);
    const leads = await roundLeads(t, admin);
    expect(leads).toHaveLength(2);
    const merged = leads.find((lead) => lead.sources.length === 2)!;
    expect(merged).toMatchObject({ fundingAmount: 2_500_000, fundingDate: '2026-11-10', domain: 'helixbio.com', fundingRound: 'Seed' });
    expect(leads.find((lead) => lead.sources.length === 1)!.fundingAmount).toBe(9_000_000);

    // The admin corrects the amount; a new release and an amendment of the filing leave it as the admin set it.
    const { id, companyName, domain, industry, fundingRound, roundLabel, location, fundingDate, description, tags, sourceUrl, contacts } = merged;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/leads/${id}`,
      headers: admin,
      payload: { companyName, domain, industry, fundingAmount: 3_000_000, fundingRound, roundLabel, location, fundingDate, description, tags, sourceUrl, contacts },
    });
    expect(edit.statusCode).toBe(200);
    fox.setFile(datasetFile([helixRow({ basis: 'press', date: '2026-11-25', amount: 2_650_000, stage: 'Seed' })]));
    await runFox(t);
    edgar.addFiling('2026-11-23', helix({ accessionNumber: '0001234567-26-000002', formType: 'D/A', previousAccessionNumber: '0001234567-26-000001', totalAmountSold: '2600000' }));
    await t.app.sources.run('sec-form-d', { days: ['2026-11-23'], today: '2026-11-23', http: FAST });
    const after = (await roundLeads(t, admin)).find((lead) => lead.id === id)!;
    expect(after.fundingAmount).toBe(3_000_000);
    expect(after.sources.map((source) => source.source).sort()).toEqual(['fundraisingfox', 'sec-form-d']);
    expect(await roundLeads(t, admin)).toHaveLength(2);
  });

  it('keeps two companies of the same name in different countries apart', async () => {
    const { t, edgar, admin } = await setup();
    edgar.addFiling(DAY, helix({ entityName: 'Nova Labs Inc', cik: '7654321', accessionNumber: '0007654321-26-000001' }));
    await runFormD(t);
    const lead = { companyName: 'Nova Labs', domain: '', industry: null, location: 'Berlin, Germany', fundingAmount: 2_500_000, fundingRound: 'Seed' as const, roundLabel: null, fundingDate: '2026-11-11', description: 'Seed round.', tags: [], contacts: [], source: 'import' as const, sourceId: 'nova-labs' };
    await t.database.rawTransaction(async (query) => {
      const result = await upsertLeadBatch(query, [lead]);
      await mergeWritten(query, [...result.byKey.values()].map((entry) => ({ id: entry.id, lead })));
    });
    expect(await roundLeads(t, admin)).toHaveLength(2);
    // The same name with no country to contradict it is the same company.
    const unplaced = { ...lead, location: null, sourceId: 'nova-labs-2', fundingDate: '2026-11-12' };
    await t.database.rawTransaction(async (query) => {
      const result = await upsertLeadBatch(query, [unplaced]);
      await mergeWritten(query, [...result.byKey.values()].map((entry) => ({ id: entry.id, lead: unplaced })));
    });
    const leads = await roundLeads(t, admin);
    expect(leads).toHaveLength(2);
    expect(leads.find((each) => each.location === 'Austin, TX')!.sources.map((source) => source.source).sort()).toEqual(['import', 'sec-form-d']);
  });

  it('a server started with both sources on stand-ins ends with one lead per round, and /admin/sources shows both and the merges', async () => {
    const { t, edgar, fox, admin } = await setup();
    edgar.addFiling(DAY, helix());
    edgar.addFiling(DAY, helix({ entityName: 'Quanta Robotics Inc', cik: '2222222', accessionNumber: '0002222222-26-000001', totalAmountSold: '1000000', dateOfFirstSale: '2026-11-05' }));
    fox.setFile(
      datasetFile([
        helixRow(),
        { slug: 'quanta-robotics', name: 'Quanta Robotics', domain: 'quanta.ai', date: '2026-11-07', amount: 1_000_000, basis: 'sec_filing' },
        { slug: 'solo', name: 'Solo Co', domain: 'solo.io', date: '2026-11-01', amount: 400_000, stage: 'Pre-Seed' },
      ]),
    );
    scheduleSources(t.app, { firstDelayMs: 0, everyMs: 60_000 });
    const deadline = Date.now() + 60_000;
    let status: SourcesResponse;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await t.app.sources.idle();
      status = (await t.app.inject({ method: 'GET', url: '/api/admin/sources', headers: admin })).json() as SourcesResponse;
      if (status.sources.every((source) => source.lastRun?.status === 'done') || Date.now() > deadline) break;
    }
    // Form D runs over a backfill of days; the filings are on DAY, so run it for that day as the schedule would have.
    await runFormD(t);
    status = (await t.app.inject({ method: 'GET', url: '/api/admin/sources', headers: admin })).json() as SourcesResponse;
    expect(status.sources.map((source) => [source.id, source.enabled, source.lastRun?.status])).toEqual([
      ['sec-form-d', true, 'done'],
      ['fundraisingfox', true, 'done'],
    ]);
    const leads = await roundLeads(t, admin);
    expect(leads.map((lead) => [lead.companyName, lead.sources.length]).sort()).toEqual([
      ['Helix Bio, Inc.', 2],
      ['Quanta Robotics Inc', 2],
      ['Solo Co', 1],
    ]);
    expect(status.merges).toEqual({ mergedThisWeek: 2, leadsWithSeveralSources: 2 });
  }, 120_000);
});
