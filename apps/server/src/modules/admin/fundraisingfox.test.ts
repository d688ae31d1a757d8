import { createReadStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCsvStream } from './csv-stream.js';
import { decodeLine, decodeWindows1252 } from './csv-stream.js';
import { FUNDRAISINGFOX_COLUMNS, isPooledFund, mapFundraisingFoxRow, mapRound, type FundraisingFoxRow } from './fundraisingfox.js';

const sample = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../data/samples/fundraisingfox-rounds-sample.csv');

describe('parseCsvStream', () => {
  it('parses quoted cells, escaped quotes, CRLF and chunk boundaries', async () => {
    const text = 'a,b,c\r\n"x, y","say ""hi""",\r\n"multi\nline",2,3\n\nlast,,\n';
    const chunks = text.split(''); // one character per chunk: every boundary is tested
    const records = [];
    for await (const record of parseCsvStream(chunks)) records.push(record);
    expect(records.map((record) => record.cells)).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', ''],
      ['multi\nline', '2', '3'],
      ['last', '', ''],
    ]);
    expect(records.map((record) => record.line)).toEqual([1, 2, 3, 6]);
  });

  it('reads a line that is not UTF-8 as Windows-1252, line by line', async () => {
    expect(decodeWindows1252(Uint8Array.from([0x41, 0x70, 0x6f, 0x74, 0x68, 0xe9, 0x80]))).toBe('Apothé€');
    expect(decodeLine(Buffer.from('Apothékary', 'utf8'))).toBe('Apothékary');
    const mixed = Buffer.concat([Buffer.from('a,b\n'), Buffer.from('Apoth\xe9kary,1\n', 'latin1'), Buffer.from('Café,2\n', 'utf8')]);
    const records = [];
    for await (const record of parseCsvStream([mixed.subarray(0, 7), mixed.subarray(7)])) records.push(record.cells);
    expect(records).toEqual([['a', 'b'], ['Apothékary', '1'], ['Café', '2']]);
  });

  it('reads stray quotes literally and reports a record it cannot read with its line', async () => {
    const problems: { line: number; reason: string }[] = [];
    const records = [];
    for await (const record of parseCsvStream(['a,b\n"x"y,1\nok,2\n"never closed,3\n'], (problem) => problems.push(problem))) records.push(record);
    expect(records.map((record) => record.cells)).toEqual([['a', 'b'], ['"x"y', '1'], ['ok', '2']]);
    expect(problems).toEqual([{ line: 4, reason: 'a quoted cell is never closed' }]);
  });
});

describe('fundraisingfox mapping', () => {
  it('maps stages and labels to the six rounds', () => {
    expect(mapRound('Pre-Seed', 'pre-Seed')).toBe('Pre-Seed');
    expect(mapRound('', 'pre-seed round')).toBe('Pre-Seed');
    expect(mapRound('', 'Pre')).toBe('Pre-Seed');
    expect(mapRound('', 'Seed+')).toBe('Seed');
    expect(mapRound('Series A', 'pre-Series A')).toBe('Series A');
    expect(mapRound('', 'Series A (SEC Form D, inferred stage/round size)')).toBe('Series A');
    expect(mapRound('Growth', 'Series F')).toBe('Series D+');
    expect(mapRound('', 'Series E')).toBe('Series D+');
    expect(mapRound('', 'Series Growth')).toBe('Series D+');
    expect(mapRound('', 'Series A-1')).toBe('Series A');
    expect(mapRound('', 'Series B1')).toBe('Series B');
    expect(mapRound('', 'Angel')).toBe('Pre-Seed');
    expect(mapRound('', 'Pre Seed')).toBe('Pre-Seed');
    // Not a stage: undisclosed, and the label is kept.
    for (const label of ['IPO', 'private placement', 'Convertible Note', 'Debt', 'Grant', 'Equity financing (Form D, Rule 506(b))', 'Seed and Series A', 'pre-IPO round', '']) {
      expect(mapRound('', label), label).toBeUndefined();
    }
  });

  const row = (overrides: Partial<FundraisingFoxRow>): FundraisingFoxRow => ({
    company_slug: 'acme',
    company_name: 'Acme',
    fundraisingfox_url: 'https://fundraisingfox.com/companies/acme',
    domain: 'acme.com',
    announced_on: '2026-07-01',
    stage: '',
    round_label: '',
    amount_usd: '',
    amount_is_floor: 'True',
    basis: 'sec_filing',
    ...overrides,
  });

  it('keeps rounds without a stage or amount as undisclosed, with the original label', () => {
    const mapped = mapFundraisingFoxRow(row({ round_label: 'Convertible Note' }));
    expect(mapped).toMatchObject({ lead: { fundingRound: null, roundLabel: 'Convertible Note', fundingAmount: null, industry: null, location: null, source: 'import', sourceId: 'acme' } });
    expect(mapFundraisingFoxRow(row({}))).toMatchObject({ lead: { fundingRound: null, roundLabel: null, fundingAmount: null } });
    expect(mapFundraisingFoxRow(row({ stage: 'Seed', round_label: 'seed round', amount_usd: '12048192.77' }))).toMatchObject({
      lead: { fundingRound: 'Seed', roundLabel: null, fundingAmount: 12_048_193 },
    });
    expect(mapFundraisingFoxRow(row({ round_label: 'Series A-1' }))).toMatchObject({ lead: { fundingRound: 'Series A', roundLabel: 'Series A-1' } });
  });

  it('skips pooled funds and rows the lead form would refuse, naming the column', () => {
    expect(isPooledFund('Sequoia Capital Fund XVII, L.P.')).toBe(true);
    expect(isPooledFund('Acme SPV I LLC')).toBe(true);
    expect(isPooledFund('Fundwire')).toBe(false);
    expect(mapFundraisingFoxRow(row({ company_name: 'Example Growth Fund II, LP' }))).toEqual({ skip: 'a pooled investment fund or SPV, not a startup' });
    expect(mapFundraisingFoxRow(row({ announced_on: '2020-02-30' }))).toEqual({ skip: 'announced_on "2020-02-30" must be a real calendar date' });
    expect(mapFundraisingFoxRow(row({ amount_usd: '0x10' }))).toEqual({ skip: 'amount_usd "0x10" must be a decimal number of dollars' });
    expect(mapFundraisingFoxRow(row({ amount_usd: '1e300' }))).toEqual({ skip: 'amount_usd "1e300" must be a decimal number of dollars' });
    expect(mapFundraisingFoxRow(row({ domain: 'javascript:alert(1)' }))).toEqual({ skip: 'domain "javascript:alert(1)" must be a domain such as acme.com' });
    expect(mapFundraisingFoxRow(row({ company_name: 'N'.repeat(10_000) }))).toMatchObject({ skip: expect.stringContaining('must be at most 200 characters') });
    expect(mapFundraisingFoxRow(row({ company_name: '' }))).toEqual({ skip: 'company_name is empty' });
  });

  it('imports or skips every row of the shared sample, with a reason for each skip', async () => {
    let header: string[] | undefined;
    let imported = 0;
    const reasons = new Map<string, number>();
    let rows = 0;
    for await (const record of parseCsvStream(createReadStream(sample))) {
      if (!header) {
        header = record.cells;
        expect(header).toEqual([...FUNDRAISINGFOX_COLUMNS]);
        continue;
      }
      rows++;
      expect(record.cells).toHaveLength(10);
      const row = Object.fromEntries(FUNDRAISINGFOX_COLUMNS.map((column, index) => [column, record.cells[index] ?? ''])) as never;
      const mapped = mapFundraisingFoxRow(row);
      if ('lead' in mapped) {
        imported++;
        expect(mapped.lead.industry).toBeNull();
        expect(mapped.lead.location).toBeNull();
        expect(mapped.lead.sourceUrl).toMatch(/^https:\/\/fundraisingfox\.com\/companies\//);
        // Undisclosed is null, never 0.
        expect(mapped.lead.fundingAmount === null || (Number.isInteger(mapped.lead.fundingAmount) && mapped.lead.fundingAmount > 0)).toBe(true);
      } else {
        expect(mapped.skip.length).toBeGreaterThan(3);
        const kind = mapped.skip.replace(/".*"/, '"…"');
        reasons.set(kind, (reasons.get(kind) ?? 0) + 1);
      }
    }
    expect(rows).toBe(2540);
    // A missing stage or amount is not a reason to skip: only pooled funds are.
    expect(imported).toBeGreaterThanOrEqual(0.95 * rows);
    expect([...reasons.keys()]).toEqual(['a pooled investment fund or SPV, not a startup']);
  });
});
