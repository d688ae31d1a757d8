// The Form D feed against EDGAR as it really is (issue 30 item 3) and the lead-input contract for third-party
// data (issue 29 item 5): fixtures in the shapes live EDGAR serves, through the real runner, stand-in and database.
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { SourcesResponse } from '@fundwire/shared';
import { buildTestApp, signInAs, type TestApp } from '../../../test/helpers.js';
import {
  EDGAR_UNDECLARED_TOOL_HTML,
  formDXml,
  formIndexPath,
  formIndexRow,
  formIndexText,
  primaryDocPath,
  startEdgarStandIn,
  type EdgarStandIn,
  type FormDFixture,
} from '../../../test/edgar-stand-in.js';

const USER_AGENT = 'Fundwire tests ops@fundwire.example.com';
const FAST = { intervalMs: 5, backoffMs: 5, maxAttempts: 2 };
const DAY = '2026-11-20';

let counter = 0;
function filing(overrides: Partial<FormDFixture> = {}): FormDFixture {
  counter++;
  const cik = overrides.cik ?? String(2_700_000 + counter);
  return {
    accessionNumber: `${cik.padStart(10, '0')}-26-${String(counter).padStart(6, '0')}`,
    cik,
    entityName: `Fidelity ${counter} Inc.`,
    city: 'Austin',
    stateOrCountry: 'TX',
    industryGroupType: 'Other Technology',
    dateOfFirstSale: '2026-11-10',
    totalOfferingAmount: '5000000',
    totalAmountSold: '2500000',
    people: [{ firstName: 'Ada', lastName: 'Lovelace', relationships: ['Executive Officer'] }],
    ...overrides,
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setup(): Promise<{ t: TestApp; edgar: EdgarStandIn }> {
  const edgar = await startEdgarStandIn();
  const t = await buildTestApp({ EDGAR_USER_AGENT: USER_AGENT, EDGAR_BASE_URL: edgar.url });
  cleanups.push(() => edgar.close(), () => t.close());
  return { t, edgar };
}

const run = (t: TestApp, days: string[], http: Record<string, number> = {}) => t.app.sources.run('sec-form-d', { days, today: DAY, http: { ...FAST, ...http } });

const adminHeaders = new WeakMap<TestApp, Promise<Record<string, string>>>();

async function status(t: TestApp) {
  if (!adminHeaders.has(t)) adminHeaders.set(t, signInAs(t, 'admin'));
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/sources', headers: await adminHeaders.get(t)! });
  expect(response.statusCode).toBe(200);
  return (response.json() as SourcesResponse).sources.find((source) => source.id === 'sec-form-d')!;
}

async function leads(t: TestApp) {
  const result = await t.database.rawTransaction((query) =>
    query(`select id, company_name, funding_amount::text as funding_amount, location, description, source_id from leads where source = 'sec-form-d' order by created_at`),
  );
  return result.rows as { id: string; company_name: string; funding_amount: string | null; location: string | null; description: string; source_id: string }[];
}

async function contacts(t: TestApp, leadId: string) {
  const result = await t.database.rawTransaction((query) => query('select name, role from contacts where lead_id = $1 order by position', [leadId]));
  return result.rows as { name: string; role: string }[];
}

/** A primary_doc.xml with `count` related persons, each in the element shape EDGAR uses (address left out to keep it small). */
function manyPeopleXml(base: FormDFixture, count: number, firstName: (index: number) => string): string {
  const xml = formDXml({ ...base, people: [] });
  const people: string[] = [];
  for (let index = 0; index < count; index++) {
    people.push(
      `<relatedPersonInfo><relatedPersonName><firstName>${firstName(index)}</firstName><lastName>Person${index}</lastName></relatedPersonName>` +
        `<relatedPersonRelationshipList><relationship>Director</relationship></relatedPersonRelationshipList></relatedPersonInfo>`,
    );
  }
  return xml.replace('<relatedPersonsList>', `<relatedPersonsList>\n${people.join('\n')}`);
}

describe('the lead-input contract for third-party data', () => {
  it('turns a Form D with 100,000 people and a 5,000-character name into a lead with 20 contacts and trimmed fields, and counts the skip', async () => {
    const { t, edgar } = await setup();
    const longName = `Giant${'x'.repeat(4995)}`;
    const base = filing({ entityName: longName, city: `Pa\u0085lo\tAlto` });
    // A C1 control (allowed in XML 1.0) and a 5,000-character first name among the first twenty.
    const firstName = (index: number) => (index === 0 ? `Ada\u0085\u009b${'y'.repeat(5000)}` : index === 1 ? 'Grace\n\t Hopper' : `P${index}`);
    edgar.addFiling(DAY, { ...base, rawXml: manyPeopleXml(base, 100_000, firstName) });

    const summary = await run(t, [DAY]);
    expect(summary.days).toEqual([{ day: DAY, status: 'done', created: 1, updated: 0, skipped: 0, failed: 0, contactsSkipped: 99_980 }]);

    const [lead, ...others] = await leads(t);
    expect(others).toEqual([]);
    expect(lead!.company_name).toBe(longName.slice(0, 200));
    expect(lead!.location).toBe('Pa lo Alto, TX');
    const people = await contacts(t, lead!.id);
    expect(people).toHaveLength(20);
    expect(people[0]!.name).toHaveLength(200);
    expect(people[0]!.name.startsWith('Ada yyy')).toBe(true);
    expect(people[1]!.name).toBe('Grace Hopper Person1');
    // eslint-disable-next-line no-control-regex
    expect(people.every((person) => !/[\u0000-\u001f\u007f-\u009f]/.test(person.name + person.role))).toBe(true);
    expect(people[19]!.name).toBe('P19 Person19');

    // The skip is visible on /admin/sources, with the day's counts.
    expect((await status(t)).days[0]).toMatchObject({ day: DAY, created: 1, contactsSkipped: 99_980 });
  }, 120_000);

  it('never follows a redirect off the configured host, follows one on it, and stops reading a response past 64 MB before decompressing it all', async () => {
    const { t, edgar } = await setup();
    // Another host that would serve a valid filing: it must never be asked.
    const elsewhereHits: string[] = [];
    const elsewhere = http.createServer((request, response) => {
      elsewhereHits.push(request.url ?? '');
      response.end(formDXml(filing()));
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => elsewhere.close(() => resolve())));
    const elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as { port: number }).port}`;

    const offHost = filing();
    const onHost = filing();
    const bomb = filing();
    const good = filing();
    for (const entry of [offHost, onHost, bomb, good]) edgar.addFiling(DAY, entry);
    edgar.redirect(primaryDocPath(offHost), `${elsewhereUrl}/primary_doc.xml`);
    // A document EDGAR moved within its own host: served at another path of the stand-in.
    const moved = filing();
    edgar.addFiling('2026-10-01', moved);
    edgar.redirect(primaryDocPath(onHost), `${edgar.url}${primaryDocPath(moved)}`);
    edgar.serveEndlessGzip(primaryDocPath(bomb));

    const started = performance.now();
    const summary = await run(t, [DAY]);
    // An endless body would never end: the run ending at all shows it stopped reading.
    expect(performance.now() - started).toBeLessThan(60_000);
    expect(summary.days[0]).toMatchObject({ status: 'done', created: 2, failed: 2 });
    expect(elsewhereHits).toEqual([]);
    expect(edgar.requests.filter((request) => request.path === primaryDocPath(moved))).toHaveLength(1);

    const source = await status(t);
    const reasons = Object.fromEntries(source.failures.map((failure) => [failure.item, failure.reason]));
    expect(reasons[offHost.accessionNumber]).toMatch(/redirected to http:\/\/127\.0\.0\.1:\d+, off the configured host/);
    expect(reasons[bomb.accessionNumber]).toMatch(/larger than 67108864 bytes; stopped reading/);
    // A redirect off the host is refused at once, not retried.
    expect(edgar.requests.filter((request) => request.path === primaryDocPath(offHost))).toHaveLength(1);
    expect((await leads(t)).map((lead) => lead.source_id).sort()).toEqual([onHost.accessionNumber, good.accessionNumber].sort());
  }, 120_000);
});

describe('the Form D feed reads EDGAR as it really is', () => {
  it('reads a primary_doc.xml with whitespace or a newline before <?xml', async () => {
    const { t, edgar } = await setup();
    const spaced = filing();
    const bom = filing();
    edgar.addFiling(DAY, { ...spaced, rawXml: `\n\n   ${formDXml(spaced)}` });
    edgar.addFiling(DAY, { ...bom, rawXml: `\uFEFF\r\n${formDXml(bom)}` });
    expect((await run(t, [DAY])).days[0]).toMatchObject({ status: 'done', created: 2, skipped: 0, failed: 0 });
  });

  it('reads the live daily index by row shape: wrapped header, form types with spaces, names running into the CIK column', async () => {
    const { t, edgar } = await setup();
    const longName = filing({ entityName: 'Extraordinarily Long Named Quantum Computing Holdings Company LLC', cik: '1987654' });
    const plain = filing({ cik: '12' });
    const amendment = filing({ cik: plain.cik, previousAccessionNumber: plain.accessionNumber, totalAmountSold: '3000000' });
    for (const entry of [longName, plain, amendment]) edgar.addFiling(DAY, entry);
    const otherRows = [
      formIndexRow('1-A POS', 'Some Regulation A Issuer Inc', '1765432', DAY, 'edgar/data/1765432/0001765432-26-000001.txt'),
      formIndexRow('SC 13D/A', 'D Holdings LP', '1111111', DAY, 'edgar/data/1111111/0001111111-26-000002.txt'),
      formIndexRow('D', 'A Fund Whose Name Ends In A Number 2', '3333333', DAY, 'edgar/data/3333333/0003333333-26-000003.txt'),
    ];
    const text = formIndexText(DAY, [longName, plain, amendment], otherRows);
    // The live layout, as served: the name of 65 characters runs straight into the CIK.
    expect(text).toContain('Form Type   Company Name                                                  CIK\n         Date Filed  File Name\n');
    expect(text).toContain('Holdings Company LLC1987654');
    edgar.setIndexText(DAY, text);
    edgar.addFiling(DAY, { ...filing({ cik: '3333333', entityName: 'A Fund Whose Name Ends In A Number 2' }), accessionNumber: '0003333333-26-000003' });

    const summary = await run(t, [DAY]);
    // 1-A POS and SC 13D/A are not Form D; the three D and one D/A are read, the amendment updating its round.
    expect(summary.days[0]).toMatchObject({ status: 'done', created: 3, updated: 1, failed: 0 });
    expect((await status(t)).days[0]).toMatchObject({ filingsSeen: 4 });
    const names = (await leads(t)).map((lead) => lead.company_name).sort();
    // The amendment names the issuer anew: the round takes the newer name.
    expect(names).toEqual(['A Fund Whose Name Ends In A Number 2', longName.entityName, amendment.entityName].sort());
  });

  it('shows an index that is not empty but yields no rows, and a document that parses to nothing, as errors, never a quiet 0', async () => {
    const { t, edgar } = await setup();
    // EDGAR changed its layout: rows without the file-name column.
    edgar.setIndexText(
      DAY,
      `Description:           Daily Index of EDGAR Dissemination Feed by Form Type\n\n-----------------------------------------\nD           Acme Inc                                                      1234567     20261120\n`,
    );
    const unreadable = await run(t, [DAY]);
    expect(unreadable.days[0]).toMatchObject({ status: 'failed', created: 0 });
    let source = await status(t);
    expect(source.days[0]).toMatchObject({ day: DAY, status: 'failed' });
    expect(source.errors[0]!.reason).toMatch(/daily index: the daily index has 1 lines after its header but none reads as a row/);

    const day2 = '2026-11-23';
    const empty = filing();
    const blank = filing();
    const good = filing();
    edgar.addFiling(day2, { ...empty, rawXml: '' });
    edgar.addFiling(day2, { ...blank, rawXml: ' \n\t\n' });
    edgar.addFiling(day2, good);
    expect((await run(t, [day2])).days[0]).toMatchObject({ status: 'done', created: 1, skipped: 2 });
    source = await status(t);
    expect(source.days.find((day) => day.day === day2)).toMatchObject({ created: 1, skipped: { malformed: 2 } });
    expect(source.failures.filter((failure) => failure.day === day2).map((failure) => [failure.item, failure.result, failure.reason]).sort()).toEqual(
      [
        [empty.accessionNumber, 'malformed', 'empty document: the filing was served with no content'],
        [blank.accessionNumber, 'malformed', 'empty document: the filing was served with no content'],
      ].sort(),
    );
  });

  it('takes a 403 with AccessDenied as "no index yet", and any other 403 as a block: every instance pauses, the screen shows it', async () => {
    const { t, edgar } = await setup();
    // No index published for the day: live EDGAR's AccessDenied.
    expect((await run(t, [DAY])).days.map((day) => day.status)).toEqual(['no-index']);

    const day2 = '2026-11-23';
    edgar.addFiling(day2, filing());
    edgar.failAlways(formIndexPath(day2), 403, EDGAR_UNDECLARED_TOOL_HTML);
    const blocked = await run(t, [day2]);
    expect(blocked.days).toEqual([expect.objectContaining({ day: day2, status: 'paused' })]);
    const source = await status(t);
    expect(source.paused).not.toBeNull();
    expect(source.paused!.reason).toMatch(/EDGAR refused our requests \(HTTP 403 .*Undeclared Automated Tool/);
    expect(new Date(source.paused!.until).getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(source.errors[0]!.reason).toBe(source.paused!.reason);
    expect(source.nextRunAt).not.toBeNull();
    expect(new Date(source.nextRunAt!).getTime()).toBeGreaterThanOrEqual(new Date(source.paused!.until).getTime());

    // Another instance (or Run now) asks nothing while paused.
    edgar.heal(formIndexPath(day2));
    const before = edgar.requests.length;
    const second = await t.app.sources.run('sec-form-d', { days: [day2], today: DAY, http: FAST });
    expect(second).toEqual({ ran: false, days: [] });
    expect(edgar.requests.length).toBe(before);

    // Once the pause is over, the day is fetched again.
    await t.database.rawTransaction((query) => query(`update source_state set paused_until = now() - interval '1 second' where source = 'sec-form-d'`));
    expect((await run(t, [day2])).days[0]).toMatchObject({ status: 'done', created: 1 });
    expect((await status(t)).paused).toBeNull();
  });

  it('a 403 block on a filing pauses the source too, keeping what the day already wrote', async () => {
    const { t, edgar } = await setup();
    const first = filing();
    const second = filing();
    edgar.addFiling(DAY, first);
    edgar.addFiling(DAY, second);
    edgar.failAlways(primaryDocPath(second), 403, EDGAR_UNDECLARED_TOOL_HTML);
    const summary = await run(t, [DAY]);
    expect(summary.days[0]).toMatchObject({ status: 'paused', created: 1 });
    expect((await status(t)).paused).not.toBeNull();
    // A 403 on a filing is asked once: a blocked client does not insist.
    expect(edgar.requests.filter((request) => request.path === primaryDocPath(second))).toHaveLength(1);
  });

  it('does not roll a round back when its original filing is ingested after its amendment', async () => {
    const { t, edgar } = await setup();
    const original = filing({ totalAmountSold: '1000000', dateOfFirstSale: '2026-11-02' });
    const amendment = filing({ cik: original.cik, previousAccessionNumber: original.accessionNumber, totalAmountSold: '4000000', dateOfFirstSale: '2026-11-02' });
    edgar.addFiling('2026-11-19', original);
    edgar.addFiling(DAY, amendment);
    // The newer day first (the original's day failed and is retried, or is backfilled later).
    expect((await run(t, [DAY])).days[0]).toMatchObject({ created: 1 });
    expect((await leads(t)).map((lead) => lead.funding_amount)).toEqual(['4000000']);
    const backfill = await run(t, ['2026-11-19']);
    expect(backfill.days[0]).toMatchObject({ status: 'done', created: 0, updated: 0, skipped: 1 });
    const [lead, ...others] = await leads(t);
    expect(others).toEqual([]);
    expect(lead!.funding_amount).toBe('4000000');
    expect((await status(t)).days.find((day) => day.day === '2026-11-19')!.skipped).toEqual({ 'superseded-by-amendment': 1 });
  });

  it("writes a non-US issuer's location as its city and the country's name", async () => {
    const { t, edgar } = await setup();
    edgar.addFiling(DAY, filing({ city: 'London', stateOrCountry: 'X0' }));
    edgar.addFiling(DAY, filing({ city: 'Toronto', stateOrCountry: 'A6' }));
    edgar.addFiling(DAY, filing({ city: 'George Town', stateOrCountry: 'E9' }));
    edgar.addFiling(DAY, filing({ city: 'Austin', stateOrCountry: 'TX' }));
    await run(t, [DAY]);
    expect((await leads(t)).map((lead) => lead.location).sort()).toEqual(['Austin, TX', 'George Town, Cayman Islands', 'London, United Kingdom', 'Toronto, Ontario, Canada']);
  });
});
