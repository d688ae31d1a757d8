// The Fundraising Fox source end to end against a local stand-in of the dataset's raw rounds.csv: conditional
// GETs, only new or changed rows written, a large release streamed, attribution, the admin status and Run now.
import { afterEach, describe, expect, it } from 'vitest';
import type { LeadResponse, SourcesResponse } from '@fundwire/shared';
import { buildTestApp, signInAs, type TestApp } from '../../../test/helpers.js';
import { datasetFile, datasetLine, FUNDRAISINGFOX_HEADER, startFundraisingFoxStandIn, type DatasetRow, type FundraisingFoxStandIn } from '../../../test/fundraisingfox-stand-in.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setup(env: Record<string, string> = {}): Promise<{ t: TestApp; fox: FundraisingFoxStandIn }> {
  const fox = await startFundraisingFoxStandIn();
  const t = await buildTestApp({ FUNDRAISINGFOX_URL: fox.url, ...env });
  cleanups.push(() => fox.close(), () => t.close());
  return { t, fox };
}

const run = (t: TestApp) => t.app.sources.run('fundraisingfox', { days: [new Date().toISOString().slice(0, 10)] });

interface Row {
  id: string;
  company_name: string;
  domain: string;
  funding_amount: string | null;
  funding_round: string | null;
  round_label: string | null;
  funding_date: string;
  description: string;
  source: string;
  source_id: string;
  source_url: string;
  updated_at: string;
}

async function leads(t: TestApp): Promise<Row[]> {
  const result = await t.database.rawTransaction((query) =>
    query(`select id, company_name, domain, funding_amount::text as funding_amount, funding_round::text as funding_round, round_label,
                  funding_date::text as funding_date, description, source, source_id, source_url, updated_at::text as updated_at
           from leads where source = 'fundraisingfox' order by source_id`),
  );
  return result.rows as unknown as Row[];
}

const ROWS: DatasetRow[] = [
  { slug: 'creoir', name: 'Creoir', domain: 'creoir.com', date: '2026-09-04', stage: 'Seed', label: 'Seed', amount: 3_000_000 },
  { slug: 'oli-technologies', name: 'OLI Technologies', domain: 'olitechnologies.com', date: '2026-09-04', amount: 1_250_000, basis: 'sec_filing' },
  { slug: 'leeta', name: 'Leeta Materials, Inc.', domain: 'leeta.com', date: '2026-09-03', stage: 'Series A', label: 'Series A-1', amount: null },
];

describe('Fundraising Fox source', () => {
  it('maps rows as the import does, with the source, its row page, "at least" for a filed minimum and the attribution', async () => {
    const { t, fox } = await setup();
    fox.setFile(datasetFile(ROWS));
    const summary = await run(t);
    expect(summary.days[0]).toMatchObject({ status: 'done', created: 3, updated: 0, failed: 0 });
    const stored = await leads(t);
    expect(stored.map((row) => row.company_name)).toEqual(['Creoir', 'Leeta Materials, Inc.', 'OLI Technologies']);
    const [creoir, leeta, oli] = stored;
    expect(creoir).toMatchObject({ source: 'fundraisingfox', source_id: 'creoir/2026-09-04', source_url: 'https://fundraisingfox.com/companies/creoir', funding_round: 'Seed', funding_amount: '3000000', domain: 'creoir.com' });
    expect(leeta).toMatchObject({ funding_round: 'Series A', round_label: 'Series A-1', funding_amount: null });
    expect(oli!.description).toContain('At least $1,250,000');
    for (const row of stored) expect(row.description).toContain('Fundraising Fox Open Dataset (CC BY 4.0)');

    // The API lists the source of every lead.
    const admin = await signInAs(t, 'admin');
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/leads/${creoir!.id}`, headers: admin });
    expect(response.statusCode).toBe(200);
    expect((response.json() as LeadResponse).lead.sources).toEqual([
      { source: 'fundraisingfox', sourceId: 'creoir/2026-09-04', sourceUrl: 'https://fundraisingfox.com/companies/creoir' },
    ]);
  });

  it('an unchanged file costs one conditional request and writes nothing', async () => {
    const { t, fox } = await setup();
    fox.setFile(datasetFile(ROWS));
    await run(t);
    const before = await leads(t);
    const requestsBefore = fox.requests.length;
    const summary = await run(t);
    expect(summary.days[0]).toMatchObject({ status: 'done', created: 0, updated: 0, skipped: 0, failed: 0 });
    expect(fox.requests.slice(requestsBefore)).toEqual([expect.objectContaining({ status: 304, ifNoneMatch: expect.stringMatching(/^".+"$/), ifModifiedSince: expect.any(String), bytes: 0 })]);
    expect(await leads(t)).toEqual(before);
  });

  it('a changed file writes only the rows that are new or changed', async () => {
    const { t, fox } = await setup();
    fox.setFile(datasetFile(ROWS));
    await run(t);
    const before = new Map((await leads(t)).map((row) => [row.source_id, row]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const next: DatasetRow[] = [{ slug: 'newco', name: 'NewCo', domain: 'newco.io', date: '2026-10-01', stage: 'Seed', amount: 500_000 }, { ...ROWS[0]!, amount: 3_500_000 }, ROWS[1]!, ROWS[2]!];
    fox.setFile(datasetFile(next));
    const summary = await run(t);
    expect(summary.days[0]).toMatchObject({ status: 'done', created: 1, updated: 1, skipped: 0, failed: 0 });
    const after = new Map((await leads(t)).map((row) => [row.source_id, row]));
    expect(after.size).toBe(4);
    expect(after.get('creoir/2026-09-04')!.funding_amount).toBe('3500000');
    expect(after.get('newco/2026-10-01')).toBeDefined();
    // The rows that did not change were not written at all.
    expect(after.get('oli-technologies/2026-09-04')!.updated_at).toBe(before.get('oli-technologies/2026-09-04')!.updated_at);
    expect(after.get('leeta/2026-09-03')!.updated_at).toBe(before.get('leeta/2026-09-03')!.updated_at);
  });

  it('streams a large release: rows are written while the rest of the file is still arriving', async () => {
    const { t, fox } = await setup();
    const ROWS_PER_HALF = 3000;
    const row = (index: number): DatasetRow => ({ slug: `co-${index}`, name: `Company ${index}`, domain: `co-${index}.io`, date: '2026-08-01', stage: 'Seed', amount: 1000 + index });
    let leadsWhenSecondHalfSent = -1;
    fox.setStream('big-1', async function* () {
      yield `${FUNDRAISINGFOX_HEADER}\r\n`;
      for (let index = 0; index < ROWS_PER_HALF; index++) yield datasetLine(row(index));
      // The second half is sent only once the server has written leads from the first: it does not wait for the whole file.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const count = await t.database.rawTransaction((query) => query(`select count(*)::int as n from leads where source = 'fundraisingfox'`));
        leadsWhenSecondHalfSent = Number(count.rows[0]!.n);
        if (leadsWhenSecondHalfSent > 0 || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      for (let index = ROWS_PER_HALF; index < 2 * ROWS_PER_HALF; index++) yield datasetLine(row(index));
    });
    const summary = await run(t);
    expect(summary.days[0]).toMatchObject({ status: 'done', created: 2 * ROWS_PER_HALF, failed: 0 });
    expect(leadsWhenSecondHalfSent).toBeGreaterThan(0);
    expect(leadsWhenSecondHalfSent).toBeLessThan(2 * ROWS_PER_HALF);
  }, 120_000);

  it('shows on /admin/sources with its counts and next run; Run now runs it; a file that is not the dataset is an error there', async () => {
    const { t, fox } = await setup({ FUNDRAISINGFOX_POLL_HOURS: '24' });
    fox.setFile(datasetFile(ROWS));
    const admin = await signInAs(t, 'admin');
    const runNow = await t.app.inject({ method: 'POST', url: '/api/admin/sources/fundraisingfox/run', headers: admin, payload: {} });
    expect(runNow.statusCode).toBe(202);
    await t.app.sources.idle();
    const status = async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/admin/sources', headers: admin });
      expect(response.statusCode).toBe(200);
      return (response.json() as SourcesResponse).sources.find((source) => source.id === 'fundraisingfox')!;
    };
    const fox1 = await status();
    expect(fox1).toMatchObject({ name: 'Fundraising Fox Open Dataset (CC BY 4.0)', enabled: true, lastRun: { status: 'done' } });
    expect(fox1.days[0]).toMatchObject({ status: 'done', filingsSeen: 3, created: 3 });
    const hoursToNext = (Date.parse(fox1.nextRunAt!) - Date.now()) / 3_600_000;
    expect(hoursToNext).toBeGreaterThan(23);
    expect(hoursToNext).toBeLessThanOrEqual(24);

    // A scheduled run before the next one is due does nothing (not even a request).
    const requests = fox.requests.length;
    expect(await t.app.sources.run('fundraisingfox')).toEqual({ ran: false, days: [] });
    expect(fox.requests.length).toBe(requests);

    fox.setFile('name,amount\r\nAcme,1\r\n');
    const failed = await run(t);
    expect(failed.days[0]!.status).toBe('failed');
    const fox2 = await status();
    expect(fox2.lastRun!.status).toBe('failed');
    expect(fox2.errors[0]!.reason).toContain('has no company_slug');
  });

  it('is off without FUNDRAISINGFOX_URL: Run now says how to turn it on', async () => {
    const t = await buildTestApp();
    cleanups.push(() => t.close());
    const admin = await signInAs(t, 'admin');
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/sources/fundraisingfox/run', headers: admin, payload: {} });
    expect(response.statusCode).toBe(409);
    expect((response.json() as { error: string }).error).toContain('FUNDRAISINGFOX_URL');
  });
});
