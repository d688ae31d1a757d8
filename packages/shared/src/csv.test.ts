import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { CSV_HEADER_LINE, csvCell, csvFileName, csvLines, leadCsvLines } from './csv.js';

const parseCsv = (text: string): string[][] => parse(text, { relax_column_count: true });

describe('csv', () => {
  it('quotes commas, quotes and line breaks as RFC 4180 says', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Leeta Materials, Inc.')).toBe('"Leeta Materials, Inc."');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(2500000)).toBe('2500000');
    expect(csvCell(null)).toBe('');
  });

  it('neutralises cells that a spreadsheet would run as formulas', () => {
    for (const attack of ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tx']) {
      const cell = csvCell(attack);
      expect(parseCsv(cell)[0]?.[0]?.startsWith("'")).toBe(true);
    }
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
  });

  it('neutralises a formula that follows a separator or a line break inside the cell', () => {
    for (const attack of ['x;=cmd|"/c calc"!A1', 'x\t=1+1', 'x,=1+1', 'x;+1', 'x;-1', 'x;@SUM(A1)', 'first line\n=1+1', 'a\r@x']) {
      expect(parseCsv(csvCell(attack))[0]?.[0], JSON.stringify(attack)).toBe(`'${attack}`);
    }
    // Ordinary text with separators and signs stays as it is.
    for (const plain of ['Acme; Inc.', 'a, b', 'rate 1+1', 'e-mail', 'x;y']) expect(parseCsv(csvCell(plain))[0]?.[0]).toBe(plain);
  });

  it('writes one line per contact, and one line for a lead without contacts', () => {
    const lead = {
      companyName: 'Acme, Inc.',
      domain: 'acme.example.com',
      industry: 'SaaS',
      fundingAmount: 1000000,
      fundingRound: 'Seed',
      location: 'Austin, TX',
      fundingDate: '2026-11-20',
      description: 'Makes "things"',
      contacts: [
        { name: 'A One', role: 'CEO', email: 'a@acme.example.com', linkedIn: 'https://linkedin.example.com/in/a' },
        { name: 'B Two', role: 'CTO', email: 'b@acme.example.com', linkedIn: '', emailStatus: 'verified', emailSource: 'provider' },
        { name: 'C Three', role: 'CFO', email: 'c@acme.example.com', linkedIn: '', emailStatus: 'bounced', emailSource: 'pattern' },
      ],
    };
    const rows = parseCsv(CSV_HEADER_LINE + leadCsvLines(lead) + leadCsvLines({ ...lead, contacts: [] }));
    expect(rows).toHaveLength(5);
    expect(rows[0]).toEqual([
      'Company Name', 'Domain', 'Industry', 'Funding Amount', 'Funding Round', 'Location', 'Date', 'Description', 'Contact Name', 'Role', 'Email', 'Email status', 'Email source', 'LinkedIn',
    ]);
    expect(rows[1]).toEqual(['Acme, Inc.', 'acme.example.com', 'SaaS', '1000000', 'Seed', 'Austin, TX', '2026-11-20', 'Makes "things"', 'A One', 'CEO', 'a@acme.example.com', '', '', 'https://linkedin.example.com/in/a']);
    expect(rows[2]?.slice(8)).toEqual(['B Two', 'CTO', 'b@acme.example.com', 'verified', 'provider', '']);
    // A bounced address never reaches an export; its status says why the cell is empty.
    expect(rows[3]?.slice(8)).toEqual(['C Three', 'CFO', '', 'bounced', 'pattern', '']);
    expect(rows[4]?.slice(8)).toEqual(['', '', '', '', '', '']);
    expect(CSV_HEADER_LINE.endsWith('LinkedIn\r\n')).toBe(true);
  });

  it('writes exactly what csv-stringify wrote with the options it was used with, and reads back as the guarded cells', () => {
    // Text rich in what matters: separators, quotes, line breaks, formula signs, spaces and characters beyond ASCII.
    const piece = fc.constantFrom(',', ';', '"', '\r', '\n', '\r\n', '\t', '=', '+', '-', '@', ' ', "'", 'a', 'Zü', '€', '😀', '');
    const text = fc.oneof(
      fc.string(),
      fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')),
    );
    const cell = fc.oneof(text, fc.integer(), fc.double({ noNaN: true }), fc.constant(null), fc.constant(undefined));
    const guard = (value: string) => (/^[=+\-@\t\r]|[,;\t\r\n][=+\-@]/.test(value) ? `'${value}` : value);
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 12 }), { maxLength: 6 }), (rows) => {
        const written = csvLines(rows);
        expect(written).toBe(stringify(rows, { record_delimiter: 'windows', quoted_match: /[\r\n]/, cast: { string: guard } }));
        const expected = rows.map((row) =>
          row.map((value) => (value === null || value === undefined ? '' : typeof value === 'number' ? String(value) : guard(value))),
        );
        // A row of one empty cell is an empty line, which readers treat as they please: read back the others.
        if (rows.every((row) => row.length > 1)) expect(parseCsv(written)).toEqual(expected);
      }),
      { numRuns: 2_000 },
    );
  });

  it('names the file fundwire-leads-YYYY-MM-DD.csv', () => {
    expect(csvFileName(new Date('2026-11-22T15:00:00Z'))).toBe('fundwire-leads-2026-11-22.csv');
  });
});
