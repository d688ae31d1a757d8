// CSV export of the lead list: the same leads as the API, one row per contact, only what the filter selects, formulas
// neutralised, and a JSON error instead of a 200 cut short.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS, type Lead } from '@fundwire/shared';
import type { SeedLead } from '../../seed/generate.js';
import { insertLeads } from '../../seed/insert.js';
import { type TestApp } from '../../../test/helpers.js';
import { lead, listFixture, newestFirst, parseCsv, SPECIAL } from '../../../test/list-fixture.js';

describe('leads CSV export', () => {
  let t: TestApp;
  let subscriber: Record<string, string>;
  let generated: SeedLead[];
  beforeAll(async () => ({ t, subscriber, generated } = await listFixture()));
  afterAll(async () => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: subscriber });
  const all = () => [...generated, ...SPECIAL];

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
