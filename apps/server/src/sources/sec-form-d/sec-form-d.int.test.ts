// The SEC Form D feed end to end against a local EDGAR stand-in: discovery, mapping, amendments, skips,
// faults, politeness, resume after a crash, two instances at once, the schedule and the admin status.
import { afterEach, describe, expect, it } from 'vitest';
import { nextSend, type CompanyResponse, type LeadListResponse, type SourcesResponse } from '@fundwire/shared';
import { buildAppOn, buildTestApp, createPostgresDatabase, signInAs, type TestApp } from '../../../test/helpers.js';
import { formIndexPath, primaryDocPath, startEdgarStandIn, type EdgarStandIn, type FormDFixture } from '../../../test/edgar-stand-in.js';
import { scheduleSources } from '../../jobs/source-scheduler.js';
import { mailDeps } from '../../../test/mail.js';
import { startSmtpReceiver } from '../../../test/smtp.js';
import { runMailSchedule } from '../../modules/mail-queue/index.js';
import { addDays, businessDays, edgarToday, MAX_ITEM_RUNS, runSource } from '../runner.js';
import { secFormD } from './connector.js';

const USER_AGENT = 'Fundwire tests ops@fundwire.example.com';
const FAST = { intervalMs: 20, backoffMs: 10, maxAttempts: 3 };
const DAY = '2026-11-20';

let accessionCounter = 0;
function filing(overrides: Partial<FormDFixture> = {}): FormDFixture {
  accessionCounter++;
  const cik = overrides.cik ?? String(1_900_000 + accessionCounter);
  return {
    accessionNumber: `${cik.padStart(10, '0')}-26-${String(accessionCounter).padStart(6, '0')}`,
    cik,
    entityName: `Startup ${accessionCounter} Inc.`,
    city: 'Austin',
    stateOrCountry: 'TX',
    entityType: 'Corporation',
    yearOfInc: '2024',
    industryGroupType: 'Biotechnology',
    dateOfFirstSale: '2026-11-10',
    totalOfferingAmount: '5000000',
    totalAmountSold: '2500000',
    totalRemaining: '2500000',
    people: [{ firstName: 'Ada', lastName: 'Lovelace', relationships: ['Executive Officer', 'Director'], clarification: 'CEO' }],
    ...overrides,
  };
}

interface LeadRow {
  id: string;
  company_name: string;
  funding_amount: string | null;
  funding_round: string | null;
  round_label: string | null;
  funding_date: string;
  industry: string | null;
  location: string | null;
  description: string;
  tags: string[];
  source: string;
  source_id: string;
  source_url: string;
  cik: string | null;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setup(env: Record<string, string> = {}, options: { now?: () => Date } = {}): Promise<{ t: TestApp; edgar: EdgarStandIn }> {
  const edgar = await startEdgarStandIn();
  const t = await buildTestApp({ EDGAR_USER_AGENT: USER_AGENT, EDGAR_BASE_URL: edgar.url, ...env }, options);
  cleanups.push(() => edgar.close(), () => t.close());
  return { t, edgar };
}

async function leadsOf(t: TestApp): Promise<LeadRow[]> {
  const result = await t.database.rawTransaction((query) =>
    query(`select l.*, l.funding_date::text as funding_date, c.cik from leads l left join companies c on c.id = l.company_id where l.source = 'sec-form-d' order by l.created_at, l.company_name`),
  );
  // bigint comes back as a number from PGlite and as text from PostgreSQL.
  return (result.rows as unknown as LeadRow[]).map((row) => ({ ...row, funding_amount: row.funding_amount === null ? null : String(row.funding_amount) }));
}

async function contactsOf(t: TestApp, leadId: string) {
  const result = await t.database.rawTransaction((query) => query('select name, role, email from contacts where lead_id = $1 order by position', [leadId]));
  return result.rows;
}

const adminHeaders = new WeakMap<TestApp, Promise<Record<string, string>>>();
const asAdmin = (t: TestApp) => {
  if (!adminHeaders.has(t)) adminHeaders.set(t, signInAs(t, 'admin'));
  return adminHeaders.get(t)!;
};

async function status(t: TestApp) {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/sources', headers: await asAdmin(t) });
  expect(response.statusCode).toBe(200);
  return (response.json() as SourcesResponse).sources[0]!;
}

const run = (t: TestApp, days: string[]) => t.app.sources.run('sec-form-d', { days, today: DAY, http: FAST });

/** The most requests in any one-second window. */
function busiestSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while (sorted[j]! - sorted[i]! >= 1000) i++;
    most = Math.max(most, j - i + 1);
  }
  return most;
}

describe('SEC Form D feed', () => {
  it('turns a new Form D into one undisclosed-stage lead of the issuer, identified by CIK, with its people and no invented email', async () => {
    const { t, edgar } = await setup();
    const d = filing({ cik: '1234567', entityName: 'Helix Bio, Inc.', industryGroupType: 'Biotechnology' });
    edgar.addFiling(DAY, d);
    const summary = await run(t, [DAY]);
    expect(summary.days).toEqual([{ day: DAY, status: 'done', created: 1, updated: 0, skipped: 0, failed: 0, contactsSkipped: 0 }]);
    const [lead, ...others] = await leadsOf(t);
    expect(others).toEqual([]);
    expect(lead).toMatchObject({
      company_name: 'Helix Bio, Inc.',
      cik: '1234567',
      funding_amount: '2500000',
      funding_round: null,
      round_label: 'Form D',
      funding_date: '2026-11-10',
      industry: 'HealthTech',
      location: 'Austin, TX',
      source: 'sec-form-d',
      source_id: d.accessionNumber,
      source_url: `${edgar.url}/Archives/edgar/data/1234567/${d.accessionNumber.replace(/-/g, '')}/`,
    });
    expect(lead!.description).toContain('Offering target $5,000,000');
    expect(lead!.description).toContain('SEC industry group: Biotechnology');
    expect(await contactsOf(t, lead!.id)).toEqual([{ name: 'Ada Lovelace', role: 'Executive Officer, Director: CEO', email: '' }]);
    // The lead flows like any other: subscribers see it in the dashboard list.
    const list = await t.app.inject({ method: 'GET', url: '/api/leads?q=Helix', headers: await signInAs(t, 'subscriber') });
    expect(list.json()).toMatchObject({ leads: [{ companyName: 'Helix Bio, Inc.', fundingRound: null, source: 'sec-form-d' }] });
  });

  it('flows like any other lead: the dashboard list, the company page with its earlier rounds, and the weekly alert with its people', async () => {
    const smtp = await startSmtpReceiver();
    cleanups.push(() => smtp.close());
    const { t, edgar } = await setup({ SMTP_URL: smtp.url });
    const subscriber = await signInAs(t, 'subscriber');
    // The edition is next Monday's; the round was first sold two days before it, its earlier round last spring.
    const monday = nextSend('weekly', new Date(Date.now() + 14 * 86_400_000), 'America/New_York');
    const mondayDay = monday.toISOString().slice(0, 10);
    const earlier = filing({ cik: '7654321', entityName: 'Quanta Grid, Inc.', industryGroupType: 'Other Technology', dateOfFirstSale: '2026-04-02', totalAmountSold: '1200000' });
    const latest = filing({ cik: '7654321', entityName: 'Quanta Grid, Inc.', industryGroupType: 'Other Technology', dateOfFirstSale: addDays(mondayDay, -2), totalAmountSold: '8000000' });
    edgar.addFiling('2026-04-06', earlier);
    edgar.addFiling(DAY, latest);
    expect((await run(t, ['2026-04-06', DAY])).days.map((day) => day.created)).toEqual([1, 1]);
    const leads = await leadsOf(t);
    await t.database.rawTransaction((query) => query(`update leads set created_at = $1 where source_id = $2`, [new Date(monday.getTime() - 2 * 3_600_000), latest.accessionNumber]));

    const list = (await t.app.inject({ method: 'GET', url: `/api/leads?dateStart=${addDays(mondayDay, -7)}`, headers: subscriber })).json() as LeadListResponse;
    expect(list.leads.map((lead) => [lead.companyName, lead.fundingAmount, lead.earlierRounds])).toEqual([['Quanta Grid, Inc.', 8_000_000, 1]]);
    const companyId = list.leads[0]!.companyId!;
    const company = (await t.app.inject({ method: 'GET', url: `/api/companies/${companyId}`, headers: subscriber })).json() as CompanyResponse;
    expect(company.company).toMatchObject({ name: 'Quanta Grid, Inc.', cik: '7654321', roundCount: 2, totalFunding: 9_200_000 });
    expect(company.rounds.map((round) => round.id).sort()).toEqual(leads.map((lead) => lead.id).sort());

    const before = smtp.mails.length;
    await runMailSchedule(mailDeps(t.app), new Date(monday.getTime() + 30_000));
    const alert = smtp.mails.slice(before).find((mail) => mail.subject.startsWith('Your weekly Fundwire alert'));
    expect(alert?.subject).toBe('Your weekly Fundwire alert: 1 new funding round');
    expect(alert!.text).toContain('Quanta Grid, Inc.');
    expect(alert!.text).toContain('Ada Lovelace');
    expect(alert!.text).toContain('$8');
  });

  it('applies a D/A to the round it amends (by previous accession, else by CIK and date of first sale), keeping hand-edited fields, never adding a lead', async () => {
    const { t, edgar } = await setup();
    const original = filing({ cik: '2000001', totalAmountSold: '1000000' });
    const other = filing({ cik: '2000002', dateOfFirstSale: '2026-11-03', totalAmountSold: '300000' });
    edgar.addFiling('2026-11-19', original);
    edgar.addFiling('2026-11-19', other);
    await run(t, ['2026-11-19']);
    const before = await leadsOf(t);
    expect(before).toHaveLength(2);
    // The admin corrected the location of the first round by hand.
    await t.database.rawTransaction((query) => query(`update leads set location = 'Hand edited', edited_fields = array['location'] where source_id = $1`, [original.accessionNumber]));

    const amendment = filing({
      cik: '2000001',
      formType: 'D/A',
      previousAccessionNumber: original.accessionNumber,
      dateOfFirstSale: '2026-11-12',
      city: 'Boston',
      stateOrCountry: 'MA',
      totalAmountSold: '4000000',
      people: [{ firstName: 'Grace', lastName: 'Hopper', relationships: ['Executive Officer'], clarification: 'CFO' }],
    });
    // No previous accession: found by the same CIK and date of first sale.
    const amendmentByDate = filing({ cik: '2000002', formType: 'D/A', dateOfFirstSale: '2026-11-03', totalAmountSold: '900000' });
    edgar.addFiling(DAY, amendment);
    edgar.addFiling(DAY, amendmentByDate);
    const summary = await run(t, [DAY]);
    expect(summary.days[0]).toMatchObject({ created: 0, updated: 2 });
    const after = await leadsOf(t);
    expect(after).toHaveLength(2);
    const amended = after.find((lead) => lead.id === before.find((row) => row.source_id === original.accessionNumber)!.id)!;
    expect(amended).toMatchObject({ funding_amount: '4000000', location: 'Hand edited', source_id: original.accessionNumber });
    expect(amended.source_url).toContain(amendment.accessionNumber.replace(/-/g, ''));
    expect(await contactsOf(t, amended.id)).toEqual([{ name: 'Grace Hopper', role: 'Executive Officer: CFO', email: '' }]);
    expect(after.find((lead) => lead.source_id === other.accessionNumber)).toMatchObject({ funding_amount: '900000' });
    const day = (await status(t)).days.find((entry) => entry.day === DAY)!;
    expect(day).toMatchObject({ filingsSeen: 2, created: 0, updated: 2 });
  });

  it('skips pooled funds and real estate under their reasons, and reads Indefinite and 0 as undisclosed, a missing sale date as the flagged filing date', async () => {
    const { t, edgar } = await setup();
    edgar.addFiling(DAY, filing({ industryGroupType: 'Pooled Investment Fund' }));
    edgar.addFiling(DAY, filing({ industryGroupType: 'REITS and Finance' }));
    edgar.addFiling(DAY, filing({ industryGroupType: 'Residential' }));
    const indefinite = filing({ entityName: 'Open Ended Co', totalOfferingAmount: 'Indefinite', totalAmountSold: '0', dateOfFirstSale: 'yetToOccur' });
    edgar.addFiling(DAY, indefinite);
    const summary = await run(t, [DAY]);
    expect(summary.days[0]).toMatchObject({ created: 1, skipped: 3, failed: 0 });
    const [lead, ...others] = await leadsOf(t);
    expect(others).toEqual([]);
    expect(lead).toMatchObject({ company_name: 'Open Ended Co', funding_amount: null, funding_date: DAY });
    expect(lead!.tags).toContain('Filing date');
    expect(lead!.description).toContain('Offering target indefinite');
    expect(lead!.description).toContain('yet to occur');
    const day = (await status(t)).days[0]!;
    expect(day).toMatchObject({ day: DAY, status: 'done', filingsSeen: 4, created: 1, skipped: { 'pooled-fund': 1, 'real-estate': 2 } });
  });

  it('skips a filing with malformed XML with its reason while the rest of the day goes on, and fails a filing that keeps answering 404 after bounded retries', async () => {
    const { t, edgar } = await setup();
    const broken = filing({ rawXml: '<?xml version="1.0"?><edgarSubmission><primaryIssuer><cik>1</cik></primaryIssuer' });
    const missing = filing();
    const fine = filing({ entityName: 'Still Here Inc' });
    edgar.addFiling(DAY, broken);
    edgar.addFiling(DAY, missing);
    edgar.addFiling(DAY, fine);
    edgar.failAlways(primaryDocPath(missing), 404);
    const summary = await run(t, [DAY]);
    expect(summary.days[0]).toMatchObject({ status: 'done', created: 1, skipped: 1, failed: 1 });
    expect((await leadsOf(t)).map((lead) => lead.company_name)).toEqual(['Still Here Inc']);
    // Retried up to the bound, then recorded as failed.
    expect(edgar.requests.filter((request) => request.path === primaryDocPath(missing))).toHaveLength(FAST.maxAttempts);
    const source = await status(t);
    expect(source.days[0]).toMatchObject({ filingsSeen: 3, created: 1, failed: 1, skipped: { malformed: 1 } });
    expect(source.errors.map((error) => error.item)).toEqual(expect.arrayContaining([broken.accessionNumber, missing.accessionNumber]));
    expect(source.errors.find((error) => error.item === broken.accessionNumber)!.reason).toMatch(/malformed XML/);
    expect(source.errors.find((error) => error.item === missing.accessionNumber)!.reason).toMatch(/404/);
    // The next polls of the day try the failed filing again (EDGAR may list a filing before it serves it),
    // up to MAX_ITEM_RUNS runs in all, and never fetch or duplicate the others.
    for (let runs = 2; runs <= MAX_ITEM_RUNS; runs++) {
      const requestsBefore = edgar.requests.length;
      expect((await run(t, [DAY])).days[0]).toMatchObject({ status: 'done', created: 0, failed: 1 });
      expect(edgar.requests.slice(requestsBefore).map((request) => request.path)).toEqual([formIndexPath(DAY), ...Array<string>(FAST.maxAttempts).fill(primaryDocPath(missing))]);
    }
    const requestsBefore = edgar.requests.length;
    await run(t, [DAY]);
    expect(edgar.requests.slice(requestsBefore).map((request) => request.path)).toEqual([formIndexPath(DAY)]);
    expect(await leadsOf(t)).toHaveLength(1);
    expect((await status(t)).days[0]).toMatchObject({ created: 1, failed: 1, skipped: { malformed: 1 } });
  });

  it('creates a filing that answered 404 once EDGAR serves it, on a later poll of its day', async () => {
    const { t, edgar } = await setup();
    const late = filing({ entityName: 'Late Arrival Inc' });
    edgar.addFiling(DAY, late);
    edgar.failAlways(primaryDocPath(late), 404);
    expect((await run(t, [DAY])).days[0]).toMatchObject({ created: 0, failed: 1 });
    expect((await status(t)).days[0]).toMatchObject({ created: 0, failed: 1 });
    edgar.heal(primaryDocPath(late));
    expect((await run(t, [DAY])).days[0]).toMatchObject({ created: 1, failed: 0 });
    expect((await leadsOf(t)).map((lead) => lead.company_name)).toEqual(['Late Arrival Inc']);
    expect((await status(t)).days[0]).toMatchObject({ created: 1, failed: 0 });
  });

  it('honours a 429 Retry-After before asking again, and sends the declared User-Agent on every request', async () => {
    const { t, edgar } = await setup();
    const d = filing();
    edgar.addFiling(DAY, d);
    edgar.failNext(primaryDocPath(d), 429, 1);
    await run(t, [DAY]);
    const attempts = edgar.requests.filter((request) => request.path === primaryDocPath(d));
    expect(attempts).toHaveLength(2);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(950);
    expect(await leadsOf(t)).toHaveLength(1);
    expect(edgar.requests.every((request) => request.userAgent === USER_AGENT)).toBe(true);
  });

  it('treats a 403 or 404 index as a day without filings, and tries today again on the next run', async () => {
    const { t, edgar } = await setup();
    edgar.failNext(formIndexPath('2026-11-19'), 403);
    const first = await run(t, ['2026-11-19', DAY]);
    expect(first.days.map((day) => day.status)).toEqual(['no-index', 'no-index']);
    edgar.addFiling(DAY, filing());
    const second = await t.app.sources.run('sec-form-d', { today: DAY, http: FAST });
    expect(second.days.find((day) => day.day === DAY)).toMatchObject({ status: 'done', created: 1 });
  });

  it('covers each business day from the last one done through today, first EDGAR_BACKFILL_DAYS back, and retries a day that failed', async () => {
    const { t, edgar } = await setup();
    edgar.failAlways(formIndexPath('2026-11-17'), 500);
    const first = await t.app.sources.run('sec-form-d', { today: DAY, http: FAST });
    expect(first.days.map((day) => [day.day, day.status])).toEqual([
      ['2026-11-13', 'no-index'],
      ['2026-11-16', 'no-index'],
      ['2026-11-17', 'failed'],
      ['2026-11-18', 'no-index'],
      ['2026-11-19', 'no-index'],
      [DAY, 'no-index'],
    ]);
    edgar.addFiling('2026-11-19', filing());
    await t.app.sources.run('sec-form-d', { days: ['2026-11-19'], today: DAY, http: FAST });
    // Monday: the failed Tuesday before, then from the last day done (Thursday) through today, weekend left out.
    const next = await t.app.sources.run('sec-form-d', { today: '2026-11-23', http: FAST });
    expect(next.days.map((day) => day.day)).toEqual(['2026-11-17', DAY, '2026-11-23']);
    expect((await status(t)).errors[0]!.reason).toMatch(/daily index: HTTP 500/);
  });

  it('resumes a run killed mid-day without duplicates or fetching a recorded filing again', async () => {
    // This instance's clock: moved past the dead instance's lease instead of waiting for it to run out.
    let aheadMs = 0;
    const { t, edgar } = await setup({}, { now: () => new Date(Date.now() + aheadMs) });
    const filings = Array.from({ length: 6 }, () => filing());
    for (const entry of filings) edgar.addFiling(DAY, entry);
    const killed = new AbortController();
    const watcher = setInterval(() => {
      if (edgar.requests.filter((request) => request.path.endsWith('primary_doc.xml')).length >= 3) killed.abort(new Error('killed'));
    }, 1);
    // A first instance dies mid-day: it never releases its lease.
    await runSource(secFormD, { database: t.database, config: t.config, owner: 'dead-instance' }, { days: [DAY], today: DAY, leaseMs: 60_000, http: { ...FAST, intervalMs: 60 }, signal: killed.signal });
    clearInterval(watcher);
    const partial = (await leadsOf(t)).length;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(6);
    // Until the lease runs out nobody else takes the day.
    expect((await run(t, [DAY])).days[0]!.status).toBe('busy');
    aheadMs = 60_001;
    expect((await run(t, [DAY])).days[0]).toMatchObject({ status: 'done' });
    const leads = await leadsOf(t);
    expect(leads).toHaveLength(6);
    expect(new Set(leads.map((lead) => lead.source_id)).size).toBe(6);
    const docFetches = edgar.requests.filter((request) => request.path.endsWith('primary_doc.xml')).map((request) => request.path);
    // At most the one filing in flight at the kill is fetched twice.
    expect(docFetches.length - new Set(docFetches).size).toBeLessThanOrEqual(1);
  });

  it('hands an unfinished day back at shutdown instead of holding it until its lease runs out', async () => {
    const { t, edgar } = await setup();
    for (let i = 0; i < 4; i++) edgar.addFiling(DAY, filing());
    const running = t.app.sources.run('sec-form-d', { days: [DAY], today: DAY, http: { ...FAST, intervalMs: 300 } });
    while (!edgar.requests.some((request) => request.path.endsWith('primary_doc.xml'))) await new Promise((resolve) => setTimeout(resolve, 10));
    await t.app.close();
    await running.catch(() => undefined);
    const day = await t.database.rawTransaction((query) => query('select status, lease_owner from source_days where day = $1', [DAY]));
    expect(day.rows).toEqual([{ status: 'pending', lease_owner: null }]);
    expect((await leadsOf(t)).length).toBeLessThan(4);
  });

  it('with two instances on one PostgreSQL creates each lead once and keeps every second at 10 requests or fewer across both', { timeout: 60_000 }, async () => {
    const edgar = await startEdgarStandIn();
    const server = await createPostgresDatabase();
    cleanups.push(() => edgar.close(), () => server.dispose());
    const env = { EDGAR_USER_AGENT: USER_AGENT, EDGAR_BASE_URL: edgar.url };
    const first = await buildAppOn(server.url, env);
    cleanups.push(() => first.close());
    const second = await buildAppOn(server.url, env);
    cleanups.push(() => second.close());
    const days = ['2026-11-17', '2026-11-18', '2026-11-19', DAY];
    for (const day of days) for (let i = 0; i < 5; i++) edgar.addFiling(day, filing());
    // The real pace (125 ms) across both instances.
    const options = { days, today: DAY, http: { backoffMs: 10 } };
    await Promise.all([first.app.sources.run('sec-form-d', options), second.app.sources.run('sec-form-d', options)]);
    const result = await first.app.database.rawTransaction((query) => query(`select count(*)::int as n, count(distinct source_id)::int as ids from leads where source = 'sec-form-d'`));
    expect(result.rows[0]).toEqual({ n: 20, ids: 20 });
    const docFetches = edgar.requests.filter((request) => request.path.endsWith('primary_doc.xml')).map((request) => request.path);
    expect(docFetches).toHaveLength(20);
    expect(new Set(docFetches).size).toBe(20);
    expect(busiestSecond(edgar.requests.map((request) => request.at))).toBeLessThanOrEqual(10);
    expect(edgar.requests.every((request) => request.userAgent === USER_AGENT)).toBe(true);
  });

  it('by itself, once scheduled, ingests the last EDGAR_BACKFILL_DAYS days with no click, and the status shows the counts', { timeout: 30_000 }, async () => {
    const { t, edgar } = await setup({ EDGAR_BACKFILL_DAYS: '7' });
    const today = edgarToday();
    const days = businessDays(addDays(today, -7), today);
    for (const day of days) edgar.addFiling(day, filing());
    edgar.addFiling(addDays(today, -20), filing()); // outside the window: never asked for
    scheduleSources(t.app, { firstDelayMs: 10 });
    let source = await status(t);
    for (let waited = 0; waited < 20_000 && (source.lastRun?.status !== 'done' || source.days.length < days.length); waited += 200) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      source = await status(t);
    }
    expect(source).toMatchObject({ enabled: true, enableHint: null, lastRun: { status: 'done' } });
    expect(source.nextRunAt).not.toBeNull();
    expect(source.days.map((day) => day.day)).toEqual([...days].reverse());
    expect(source.days.every((day) => day.status === 'done' && day.created === 1 && day.filingsSeen === 1)).toBe(true);
    expect(await leadsOf(t)).toHaveLength(days.length);
    expect(edgar.requests.some((request) => request.path === formIndexPath(addDays(today, -20)))).toBe(false);
  });

  it('without EDGAR_USER_AGENT fetches nothing, says how to turn the feed on, and Run now answers 409', async () => {
    const edgar = await startEdgarStandIn();
    const t = await buildTestApp({ EDGAR_BASE_URL: edgar.url });
    cleanups.push(() => edgar.close(), () => t.close());
    edgar.addFiling(DAY, filing());
    expect(await t.app.sources.run('sec-form-d', { days: [DAY] })).toEqual({ ran: false, days: [] });
    scheduleSources(t.app, { firstDelayMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const source = await status(t);
    expect(source).toMatchObject({ enabled: false, lastRun: null, nextRunAt: null, days: [] });
    expect(source.enableHint).toMatch(/EDGAR_USER_AGENT/);
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/sources/sec-form-d/run', headers: await asAdmin(t) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: expect.stringMatching(/EDGAR_USER_AGENT/) });
    expect(edgar.requests).toEqual([]);
  });

  it('Run now queues the days due and runs them; an unknown source is a 404', async () => {
    // Three days back always hold a business day, whatever day of the week the test runs on.
    const { t, edgar } = await setup({ EDGAR_BACKFILL_DAYS: '3' });
    const today = edgarToday();
    const days = businessDays(addDays(today, -3), today);
    edgar.addFiling(days.at(-1)!, filing());
    const headers = await asAdmin(t);
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/sources/sec-form-d/run', headers });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ queued: true, days });
    await t.app.sources.idle();
    expect(await leadsOf(t)).toHaveLength(1);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/admin/sources/nope/run', headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: expect.any(String) });
  });
});
