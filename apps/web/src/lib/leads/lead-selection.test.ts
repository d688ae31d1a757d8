import { CSV_COLUMNS, type CsvLead } from '@fundwire/shared';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { contactCount, contactsClipboardText, selectedLeadsCsv, selectedLeadsFileName } from '@/lib/leads/lead-selection';
import { selectedOf } from '@/lib/leads/use-lead-selection';

const parseCsv = (text: string): string[][] => parse(text, { relax_column_count: true });

const acme: CsvLead = {
  companyName: 'Acme, Inc.',
  domain: 'acme.example.com',
  industry: 'Fintech',
  fundingAmount: 2_500_000,
  fundingRound: 'Seed',
  location: 'Austin, TX',
  fundingDate: '2026-11-20',
  description: 'Payments "for" robots',
  contacts: [
    {
      name: 'Robin Example',
      role: 'CEO',
      email: 'robin@acme.example.com',
      linkedIn: 'https://www.linkedin.com/in/robin',
      emailStatus: 'verified',
      emailSource: 'provider',
    },
    { name: 'Sam\tTab', role: 'CTO\nand founder', email: null, linkedIn: '' },
    // As an admin gets a bounced contact: the address with its status.
    { name: 'Kim Bounce', role: 'COO', email: 'kim@acme.example.com', linkedIn: '', emailStatus: 'bounced', emailSource: 'import' },
  ],
};
const quiet: CsvLead = {
  companyName: 'Quiet Co',
  domain: 'quiet.example.com',
  industry: null,
  fundingAmount: null,
  fundingRound: null,
  location: null,
  fundingDate: '2026-10-01',
  description: '=cmd()',
  contacts: [],
};

describe('selectedLeadsCsv', () => {
  it('writes the server export format: the header, one line per contact, one line for a lead without', () => {
    const rows = parseCsv(selectedLeadsCsv([acme, quiet]));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows.slice(1)).toEqual([
      [
        'Acme, Inc.',
        'acme.example.com',
        'Fintech',
        '2500000',
        'Seed',
        'Austin, TX',
        '2026-11-20',
        'Payments "for" robots',
        'Robin Example',
        'CEO',
        'robin@acme.example.com',
        'verified',
        'provider',
        'https://www.linkedin.com/in/robin',
      ],
      [
        'Acme, Inc.',
        'acme.example.com',
        'Fintech',
        '2500000',
        'Seed',
        'Austin, TX',
        '2026-11-20',
        'Payments "for" robots',
        'Sam\tTab',
        'CTO\nand founder',
        '',
        '',
        '',
        '',
      ],
      // A bounced address is left out; the status says why.
      ['Acme, Inc.', 'acme.example.com', 'Fintech', '2500000', 'Seed', 'Austin, TX', '2026-11-20', 'Payments "for" robots', 'Kim Bounce', 'COO', '', 'bounced', 'import', ''],
      // A formula-looking description is neutralised, as in the server's export.
      ['Quiet Co', 'quiet.example.com', '', '', '', '', '2026-10-01', "'=cmd()", '', '', '', '', '', ''],
    ]);
  });

  it('is just the header for no leads', () => {
    expect(parseCsv(selectedLeadsCsv([]))).toEqual([[...CSV_COLUMNS]]);
  });

  it('names the file as the server does', () => {
    expect(selectedLeadsFileName(new Date('2026-11-22T15:00:00Z'))).toBe('fundwire-leads-2026-11-22.csv');
  });
});

describe('contactsClipboardText', () => {
  it('writes name, role, email, LinkedIn and company per contact, tab-separated, with tabs and line breaks in values flattened', () => {
    expect(contactsClipboardText([acme, quiet])).toBe(
      [
        'Robin Example\tCEO\trobin@acme.example.com\thttps://www.linkedin.com/in/robin\tAcme, Inc.',
        'Sam Tab\tCTO and founder\t\t\tAcme, Inc.',
        // A bounced address is left out, as in the export.
        'Kim Bounce\tCOO\t\t\tAcme, Inc.',
      ].join('\n'),
    );
    expect(contactCount([acme, quiet])).toBe(3);
  });

  it('is empty when no selected lead has contacts', () => {
    expect(contactsClipboardText([quiet])).toBe('');
    expect(contactCount([quiet])).toBe(0);
  });
});

describe('selectedOf', () => {
  it('keeps the selected leads still on screen, in screen order', () => {
    const leads = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(selectedOf(leads, new Set(['c', 'a', 'gone']))).toEqual([{ id: 'a' }, { id: 'c' }]);
  });
});
