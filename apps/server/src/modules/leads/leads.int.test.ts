import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS, type Lead, type LeadStats } from '@fundwire/shared';
import { parse } from 'csv-parse/sync';
import { generateLeads, type SeedLead } from '../../seed/generate.js';
import { insertLeads } from '../../seed/insert.js';
import { buildTestApp, signInAs, type TestApp } from '../../../test/helpers.js';
import { recentStartDate } from './service.js';

/** RFC 4180 text back into rows, as a spreadsheet would read it. */
const parseCsv = (text: string): string[][] => parse(text, { relax_column_count: true });

const today = new Date();
const daysAgo = (days: number) => new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10);

function lead(overrides: Partial<SeedLead> & { id: string }): SeedLead {
  return {
    companyName: 'Plain Co',
    domain: 'plain.example.com',
    industry: 'SaaS',
    fundingAmount: 1_000_000,
    fundingRound: 'Seed',
    roundLabel: null,
    location: 'Austin, TX',
    fundingDate: daysAgo(30),
    description: 'Does ordinary things.',
    tags: [],
    contacts: [{ name: 'Pat Example', role: 'CEO', email: 'pat@plain.example.com', linkedIn: 'https://linkedin.example.com/in/pat' }],
    ...overrides,
  };
}

const SPECIAL: SeedLead[] = [
  lead({
    id: '10000000-0000-4000-8000-000000000001',
    companyName: 'Zyxwv Robotics',
    domain: 'zyxwv.example.com',
    industry: 'Robotics',
    fundingRound: 'Series C',
    fundingAmount: 90_000_000,
    location: 'Reykjavik, Iceland',
    fundingDate: daysAgo(400),
    description: 'Warehouse arms.',
  }),
  lead({
    id: '10000000-0000-4000-8000-000000000002',
    companyName: 'Quiet Ledger',
    domain: 'quietledger.example.com',
    industry: 'FinTech',
    description: 'Builds QUANTUM-safe ledgers, "fast", for banks, with commas.',
    fundingDate: daysAgo(200),
    contacts: [],
  }),
  lead({
    id: '10000000-0000-4000-8000-000000000003',
    companyName: '=cmd|calc',
    domain: 'formula.example.com',
    industry: 'Cybersecurity',
    description: '+SUM(A1) tries a formula',
    fundingDate: daysAgo(10),
    contacts: [
      { name: '@attacker', role: '-1', email: 'x@formula.example.com', linkedIn: '' },
      { name: 'Second Person', role: 'CTO', email: 'y@formula.example.com', linkedIn: 'https://linkedin.example.com/in/y' },
    ],
  }),
];

describe('leads API', () => {
  let t: TestApp;
  let subscriber: Record<string, string>;
  let generated: SeedLead[];
  beforeAll(async () => {
    t = await buildTestApp();
    generated = [...generateLeads({ count: 57, seed: 11 })];
    await insertLeads(t.database, [...generated, ...SPECIAL]);
    subscriber = await signInAs(t, 'subscriber');
  });
  afterAll(async () => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: subscriber });
  const all = () => [...generated, ...SPECIAL];
  const newestFirst = (list: SeedLead[]) =>
    [...list].sort((a, b) => (a.fundingDate === b.fundingDate ? (a.id < b.id ? 1 : -1) : a.fundingDate < b.fundingDate ? 1 : -1));

  it('pages through every lead newest first with a stable order, with contacts', async () => {
    const seen: Lead[] = [];
    for (let page = 1; page <= 3; page++) {
      const response = await get(`/api/leads?page=${page}&limit=25`);
      expect(response.statusCode).toBe(200);
      const body = response.json() as { leads: Lead[]; totalCount: number; hasMore: boolean };
      expect(body.totalCount).toBe(60);
      expect(body.hasMore).toBe(page < 3);
      seen.push(...body.leads);
    }
    expect(seen.map((row) => row.id)).toEqual(newestFirst(all()).map((row) => row.id));
    const zyxwv = seen.find((row) => row.companyName === 'Zyxwv Robotics')!;
    // Each contact with its id, and its email's status (an imported address starts unverified).
    expect(zyxwv.contacts).toEqual(
      SPECIAL[0]!.contacts.map((contact) => ({
        ...contact,
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        emailStatus: 'unverified',
        emailSource: 'import',
        emailCheckedAt: null,
        filedName: null,
      })),
    );
    expect(seen.find((row) => row.companyName === 'Quiet Ledger')!.contacts).toEqual([]);
    const formula = seen.find((row) => row.domain === 'formula.example.com')!;
    expect(formula.contacts.map((contact) => contact.name)).toEqual(['@attacker', 'Second Person']);
  });

  it('uses 20 per page by default', async () => {
    const body = (await get('/api/leads')).json() as { leads: Lead[]; hasMore: boolean };
    expect(body.leads).toHaveLength(20);
    expect(body.hasMore).toBe(true);
  });

  it('filters by industry, round, amount, dates and location', async () => {
    const check = async (query: string, expected: SeedLead[]) => {
      const body = (await get(`/api/leads?limit=100&${query}`)).json() as { leads: Lead[]; totalCount: number };
      expect(
        body.leads.map((row) => row.id),
        query,
      ).toEqual(newestFirst(expected).map((row) => row.id));
      expect(body.totalCount).toBe(expected.length);
    };
    await check(
      'industry=FinTech',
      all().filter((row) => row.industry === 'FinTech'),
    );
    await check(
      'fundingRound=Series%20C',
      all().filter((row) => row.fundingRound === 'Series C'),
    );
    await check(
      'minFunding=20000000&maxFunding=100000000',
      all().filter((row) => row.fundingAmount !== null && row.fundingAmount >= 20_000_000 && row.fundingAmount <= 100_000_000),
    );
    // An undisclosed amount is unknown, not $0: no amount range matches it.
    await check('maxFunding=1000', []);
    await check(
      'minFunding=0',
      all().filter((row) => row.fundingAmount !== null),
    );
    await check(
      'fundingRound=Undisclosed',
      all().filter((row) => row.fundingRound === null),
    );
    await check(
      `dateStart=${daysAgo(60)}&dateEnd=${daysAgo(5)}`,
      all().filter((row) => row.fundingDate >= daysAgo(60) && row.fundingDate <= daysAgo(5)),
    );
    await check('location=reykjavik', [SPECIAL[0]!]);
    await check('industry=Robotics&fundingRound=Series%20C&location=iceland', [SPECIAL[0]!]);
    await check('industry=', all());
  });

  it('filters by any of several industries or rounds (repeated parameters), by contacts and by the time a lead was added', async () => {
    const check = async (query: string, expected: SeedLead[]) => {
      const body = (await get(`/api/leads?limit=100&${query}`)).json() as { leads: Lead[]; totalCount: number };
      expect(
        body.leads.map((row) => row.id),
        query,
      ).toEqual(newestFirst(expected).map((row) => row.id));
      expect(body.totalCount, query).toBe(expected.length);
    };
    const fintechOrRobotics = all().filter((row) => row.industry === 'FinTech' || row.industry === 'Robotics');
    await check('industry=FinTech&industry=Robotics', fintechOrRobotics);
    // Repeats and blanks change nothing.
    await check('industry=FinTech&industry=Robotics&industry=FinTech&industry=', fintechOrRobotics);
    await check(
      'industry=Robotics',
      all().filter((row) => row.industry === 'Robotics'),
    );
    await check(
      'fundingRound=Series%20C&fundingRound=Undisclosed',
      all().filter((row) => row.fundingRound === 'Series C' || row.fundingRound === null),
    );
    await check(
      'fundingRound=Undisclosed&fundingRound=',
      all().filter((row) => row.fundingRound === null),
    );
    await check(
      'industry=Robotics&industry=FinTech&fundingRound=Series%20C',
      fintechOrRobotics.filter((row) => row.fundingRound === 'Series C'),
    );
    await check(
      'hasContacts=false',
      all().filter((row) => row.contacts.length === 0),
    );
    await check(
      'hasContacts=true',
      all().filter((row) => row.contacts.length > 0),
    );
    await check('hasContacts=', all());
    // addedAfter: strictly later than the moment given, in UTC or with an offset.
    const listed = ((await get('/api/leads?limit=100')).json() as { leads: Lead[] }).leads;
    const times = [...new Set(listed.map((row) => row.createdAt))].sort();
    const middle = times[Math.floor(times.length / 2)]!;
    const later = (moment: string) => all().filter((row) => Date.parse(listed.find((item) => item.id === row.id)!.createdAt) > Date.parse(moment));
    expect(later(middle).length).toBeGreaterThan(0);
    expect(later(middle).length).toBeLessThan(all().length);
    await check(`addedAfter=${encodeURIComponent(middle)}`, later(middle));
    const offset = `${new Date(Date.parse(middle) + 3_600_000).toISOString().slice(0, -1)}+01:00`;
    await check(`addedAfter=${encodeURIComponent(offset)}`, later(middle));
    await check(
      `addedAfter=${encodeURIComponent(new Date(Date.parse(middle) - 1).toISOString())}&hasContacts=true`,
      later(new Date(Date.parse(middle) - 1).toISOString()).filter((row) => row.contacts.length > 0),
    );
  });

  it('sorts by amount and round either way, unknowns last, and echoes the sort and direction', async () => {
    const ids = async (query: string) => {
      const body = (await get(`/api/leads?limit=100&${query}`)).json() as { leads: Lead[]; sort: string; dir: string };
      return { ids: body.leads.map((row) => row.id), sort: body.sort, dir: body.dir, leads: body.leads };
    };
    const byAmountDesc = await ids('sort=amount');
    expect(byAmountDesc.sort).toBe('amount');
    expect(byAmountDesc.dir).toBe('desc');
    const amounts = byAmountDesc.leads.map((row) => row.fundingAmount);
    const known = amounts.filter((amount) => amount !== null);
    expect(known.length).toBeLessThan(amounts.length);
    expect(amounts).toEqual([...known.sort((a, b) => b! - a!), ...amounts.filter((amount) => amount === null)]);
    const byAmountAsc = await ids('sort=amount&dir=asc');
    expect(byAmountAsc.dir).toBe('asc');
    expect(byAmountAsc.leads.map((row) => row.fundingAmount)).toEqual([...known.sort((a, b) => a! - b!), ...amounts.filter((amount) => amount === null)]);
    const rounds = ['Pre-Seed', 'Seed', 'Series A', 'Series B', 'Series C', 'Series D+'];
    const byRoundAsc = await ids('sort=round&dir=asc');
    const positions = byRoundAsc.leads.map((row) => (row.fundingRound === null ? 99 : rounds.indexOf(row.fundingRound)));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(positions.at(-1)).toBe(99);
    const byRoundDesc = await ids('sort=round&dir=desc');
    expect(byRoundDesc.leads.at(0)?.fundingRound).toBe('Series D+');
    expect(byRoundDesc.leads.at(-1)?.fundingRound).toBeNull();
    // Oldest first.
    const byDateAsc = await ids('sort=date&dir=asc');
    expect(byDateAsc.leads.map((row) => row.fundingDate)).toEqual(byDateAsc.leads.map((row) => row.fundingDate).sort());
    // relevance without words falls back to date, newest first.
    expect(await ids('sort=relevance&dir=asc')).toMatchObject({ sort: 'date', dir: 'desc' });
  });

  it('refuses a cursor from another sort or direction with a 400', async () => {
    const cursorOf = async (query: string) => ((await get(`/api/leads?limit=5&${query}`)).json() as { nextCursor: string }).nextCursor;
    const cursors = {
      'sort=amount': await cursorOf('sort=amount'),
      'sort=amount&dir=asc': await cursorOf('sort=amount&dir=asc'),
      'sort=round': await cursorOf('sort=round'),
      'sort=date': await cursorOf('sort=date'),
      'sort=date&dir=asc': await cursorOf('sort=date&dir=asc'),
    };
    for (const [from, cursor] of Object.entries(cursors)) {
      expect(cursor, from).toEqual(expect.any(String));
      const same = await get(`/api/leads?limit=5&${from}&cursor=${cursor}`);
      expect(same.statusCode, from).toBe(200);
      for (const other of Object.keys(cursors).filter((query) => query !== from)) {
        const response = await get(`/api/leads?limit=5&${other}&cursor=${cursor}`);
        expect(response.statusCode, `${from} -> ${other}`).toBe(400);
        expect(response.json(), `${from} -> ${other}`).toEqual({ error: 'Invalid cursor' });
      }
    }
    // No sort means date, newest first, without words.
    expect((await get(`/api/leads?limit=5&cursor=${cursors['sort=date']}`)).statusCode).toBe(200);
  });

  it('searches name, description and domain case-insensitively across the archive', async () => {
    const search = async (q: string) => ((await get(`/api/leads?q=${encodeURIComponent(q)}`)).json() as { leads: Lead[] }).leads.map((row) => row.companyName);
    expect(await search('zyXWV')).toEqual(['Zyxwv Robotics']);
    expect(await search('quantum-SAFE')).toEqual(['Quiet Ledger']);
    expect(await search('QUIETLEDGER.example')).toEqual(['Quiet Ledger']);
    expect(await search('100%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });

  it('answers bad parameters with a 400 that names the parameter, and reads nothing', async () => {
    for (const [query, name] of [
      ['limit=100000', 'limit'],
      ['limit=0', 'limit'],
      ['page=-1', 'page'],
      ['page=abc', 'page'],
      ['minFunding=abc', 'minFunding'],
      ['maxFunding=1.5', 'maxFunding'],
      ['dateStart=notadate', 'dateStart'],
      ['dateEnd=2026-02-30', 'dateEnd'],
      ['fundingRound=Series%20Z', 'fundingRound'],
      ['minFunding=10&maxFunding=5', 'minFunding'],
      ['sort=newest', 'sort'],
      ['sort=amount&dir=up', 'dir'],
      ['dir=ASC', 'dir'],
      [Array.from({ length: 21 }, (_, index) => `industry=Industry${index}`).join('&'), 'industry'],
      [`industry=SaaS&industry=${'x'.repeat(101)}`, 'industry'],
      ['fundingRound=Seed&fundingRound=Series%20Z', 'fundingRound'],
      [Array.from({ length: 21 }, () => 'fundingRound=Seed').join('&'), 'fundingRound'],
      ['hasContacts=yes', 'hasContacts'],
      ['hasContacts=true&hasContacts=false', 'hasContacts'],
      ['addedAfter=yesterday', 'addedAfter'],
      ['addedAfter=2026-11-25', 'addedAfter'],
      ['addedAfter=2026-11-25T09:00:00', 'addedAfter'],
      ['addedAfter=2026-02-30T09:00:00Z', 'addedAfter'],
      ['addedAfter=0000-01-01T00:00:00Z', 'addedAfter'],
      ['addedAfter=0001-01-01T00:30:00%2B01:00', 'addedAfter'],
      ['addedAfter=9999-12-31T23:30:00-01:00', 'addedAfter'],
    ] as const) {
      const response = await get(`/api/leads?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect((response.json() as { error: string }).error, query).toContain(name);
    }
  });

  it('returns stats, cached until the next lead write', async () => {
    const stats = (await get('/api/leads/stats')).json() as LeadStats;
    const rows = all();
    // Sum and mean of disclosed amounts only.
    const disclosed = rows.flatMap((row) => (row.fundingAmount === null ? [] : [row.fundingAmount]));
    expect(disclosed.length).toBeLessThan(rows.length);
    const total = disclosed.reduce((sum, amount) => sum + amount, 0);
    expect(stats.totalLeads).toBe(60);
    expect(stats.disclosedCount).toBe(disclosed.length);
    expect(stats.totalFunding).toBe(total);
    expect(stats.avgFunding).toBe(Math.round(total / disclosed.length));
    expect(stats.industries).toEqual([...new Set(rows.map((row) => row.industry))].sort());
    expect(stats.recentLeads).toBe(rows.filter((row) => row.fundingDate >= recentStartDate()).length);

    await insertLeads(t.database, [lead({ id: '10000000-0000-4000-8000-000000000099', industry: 'SpaceTech', fundingDate: daysAgo(0), fundingAmount: 5 })]);
    const after = (await get('/api/leads/stats')).json() as LeadStats;
    expect(after.totalLeads).toBe(61);
    expect(after.industries).toContain('SpaceTech');
    expect(after.recentLeads).toBe(stats.recentLeads + 1);
    const list = (await get('/api/leads?limit=1')).json() as { totalCount: number };
    expect(list.totalCount).toBe(61);
  });

  it('exports the filtered result as CSV, one row per contact, matching the API row by row', async () => {
    const response = await get('/api/leads/export.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="fundwire-leads-${new Date().toISOString().slice(0, 10)}.csv"`);
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);

    const api = (await get('/api/leads?limit=100')).json() as { leads: Lead[] };
    expect(rows.some((row) => row[3] === '')).toBe(true);
    const expected: string[][] = [];
    for (const row of api.leads) {
      // Unknown values are empty cells.
      const base = [
        row.companyName,
        row.domain,
        row.industry ?? '',
        row.fundingAmount === null ? '' : String(row.fundingAmount),
        row.fundingRound ?? '',
        row.location ?? '',
        row.fundingDate,
        row.description,
      ];
      const neutral = (cell: string) => (/^[=+\-@\t\r]|[,;\t\r\n][=+\-@]/.test(cell) ? `'${cell}` : cell);
      if (row.contacts.length === 0) expected.push([...base.map(neutral), '', '', '', '', '', '']);
      for (const contact of row.contacts)
        expected.push([...base, contact.name, contact.role, contact.email ?? '', contact.emailStatus ?? '', contact.emailSource ?? '', contact.linkedIn].map(neutral));
    }
    expect(rows.slice(1)).toEqual(expected);
    const formulaRows = rows.filter((row) => row[1] === 'formula.example.com');
    expect(formulaRows[0]?.[0]).toBe("'=cmd|calc");
    expect(formulaRows[0]?.[8]).toBe("'@attacker");
    expect(formulaRows[0]?.[9]).toBe("'-1");
    expect(rows.filter((row) => row[0] === 'Quiet Ledger')).toHaveLength(1);
  });

  it('exports only what the filter selects', async () => {
    const rows = parseCsv((await get('/api/leads/export.csv?q=zyxwv')).body);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[0]).toBe('Zyxwv Robotics');
    // Any of several industries, leads without contacts: one row each, with empty contact cells.
    const chosen = all().filter((row) => (row.industry === 'FinTech' || row.industry === 'Robotics') && row.contacts.length === 0);
    expect(chosen.length).toBeGreaterThan(0);
    const filtered = parseCsv((await get('/api/leads/export.csv?industry=FinTech&industry=Robotics&hasContacts=false')).body);
    expect(filtered.slice(1).map((row) => row[0])).toEqual(newestFirst(chosen).map((row) => row.companyName));
    const listed = ((await get('/api/leads?limit=100')).json() as { leads: Lead[] }).leads;
    const newest = [...listed].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))[0]!;
    const afterNewest = parseCsv((await get(`/api/leads/export.csv?addedAfter=${encodeURIComponent(newest.createdAt)}`)).body);
    expect(afterNewest).toEqual([[...CSV_COLUMNS]]);
    const bad = await get('/api/leads/export.csv?dateStart=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('dateStart');
  });

  it('answers an export with bad filters with a JSON 400 before the first byte, never a 200 cut short', async () => {
    for (const url of [
      '/api/leads/export.csv?q=%00',
      '/api/leads/export.csv?location=Austin%00',
      '/api/leads/export.csv?dateStart=0000-01-01',
      '/api/leads/export.csv?dateEnd=2021-02-29',
      `/api/leads/export.csv?${Array.from({ length: 21 }, (_, index) => `industry=Industry${index}`).join('&')}`,
      '/api/leads/export.csv?hasContacts=maybe',
      '/api/leads/export.csv?addedAfter=soon',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type'], url).toContain('application/json');
      expect(response.json(), url).toEqual({ error: expect.any(String) });
    }
  });

  it('neutralises a formula that follows a separator inside an exported cell', async () => {
    await insertLeads(t.database, [
      lead({
        id: '10000000-0000-4000-8000-000000000009',
        companyName: 'Semicolon Labs',
        domain: 'semicolon.example.com',
        description: 'Looks fine;=HYPERLINK("http://evil.example.com")',
        location: 'Austin\t=1+1',
        contacts: [{ name: 'Pat Example', role: 'CEO,@SUM(A1)', email: 'pat@semicolon.example.com', linkedIn: '' }],
      }),
    ]);
    const rows = parseCsv((await get('/api/leads/export.csv?q=semicolon%20labs')).body);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[5]).toBe("'Austin\t=1+1");
    expect(rows[1]?.[7]).toBe(`'Looks fine;=HYPERLINK("http://evil.example.com")`);
    expect(rows[1]?.[9]).toBe("'CEO,@SUM(A1)");
  });

  // Last: it takes the contacts table away for a moment.
  it('reads the first rows before answering, so an export whose query fails is a JSON error, not a 200 cut short', async () => {
    await t.database.rawTransaction((query) => query('alter table contacts rename to contacts_away'));
    try {
      const response = await get('/api/leads/export.csv');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: 'Internal server error' });
    } finally {
      await t.database.rawTransaction((query) => query('alter table contacts_away rename to contacts'));
    }
  });
});
