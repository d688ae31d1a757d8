import { describe, expect, it } from 'vitest';
import { fieldErrors, leadIdentityKey, leadInputSchema, normalizeCompanyName, normalizeDomain, parseDecimalAmount } from './lead-input.js';

const valid = {
  companyName: 'Acme',
  domain: 'https://www.Acme.com/about',
  industry: 'SaaS',
  fundingAmount: 2_500_000.4,
  fundingRound: 'Seed',
  location: 'Austin, TX',
  fundingDate: '2026-11-20',
  description: 'Makes things.',
  contacts: [{ name: 'Pat', role: 'CEO', email: 'PAT@acme.com', linkedIn: '' }],
};

describe('lead input', () => {
  it('normalises domains and names for identity', () => {
    expect(normalizeDomain('HTTPS://www.Acme.com:443/x?y')).toBe('acme.com');
    expect(normalizeCompanyName('Leeta Materials, Inc.')).toBe('leetamaterialsinc');
    expect(normalizeCompanyName('Apothékary')).toBe('apothekary');
    expect(normalizeCompanyName('ساي فاي')).not.toBe('');
    expect(leadIdentityKey({ domain: 'www.acme.com', companyName: 'x', fundingRound: 'Seed', fundingDate: '2026-01-02' })).toBe('acme.com|Seed|2026-01-02');
    expect(leadIdentityKey({ domain: '', companyName: 'Origin', fundingRound: 'Seed', fundingDate: '2026-01-02' })).toBe('name:origin|Seed|2026-01-02');
  });

  it('accepts a valid lead, normalising what it can', () => {
    const lead = leadInputSchema.parse(valid);
    expect(lead.domain).toBe('acme.com');
    expect(lead.fundingAmount).toBe(2_500_000);
    expect(lead.contacts[0]?.email).toBe('pat@acme.com');
    expect(lead.tags).toEqual([]);
    expect(lead.sourceUrl).toBeNull();
  });

  it('names each bad field', () => {
    const result = leadInputSchema.safeParse({
      ...valid,
      companyName: ' ',
      domain: 'not a domain',
      fundingAmount: -1,
      fundingRound: 'Series Z',
      fundingDate: '2026-02-30',
      contacts: [{ name: 'Pat', email: 'nope' }],
    });
    expect(result.success).toBe(false);
    const fields = fieldErrors(result.error!).map((error) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['companyName', 'domain', 'fundingAmount', 'fundingRound', 'fundingDate', 'contacts.0.email']));
  });

  it('refuses NUL characters in every text field, year 0000 and amounts beyond a real round', () => {
    const nul = (field: string, value: unknown) => leadInputSchema.safeParse({ ...valid, [field]: value });
    for (const field of ['companyName', 'domain', 'industry', 'location', 'description', 'sourceUrl']) {
      const result = nul(field, field === 'sourceUrl' ? 'https://acme.com/\u0000' : `Acme\u0000`);
      expect(result.success, field).toBe(false);
      expect(fieldErrors(result.error!).map((error) => error.field)).toContain(field);
    }
    expect(nul('tags', ['a\u0000b']).success).toBe(false);
    expect(nul('contacts', [{ name: 'Pat\u0000', role: 'CEO', email: 'pat@acme.com', linkedIn: '' }]).success).toBe(false);
    expect(nul('contacts', [{ name: 'Pat', role: 'C\u0000EO', email: 'pat@acme.com', linkedIn: '' }]).success).toBe(false);
    expect(fieldErrors(nul('fundingDate', '0000-01-01').error!)).toEqual([{ field: 'fundingDate', message: 'must be a real calendar date' }]);
    expect(nul('fundingDate', '0001-01-01').success).toBe(true);
    expect(fieldErrors(nul('fundingAmount', 1e300).error!)).toEqual([{ field: 'fundingAmount', message: 'is too large' }]);
  });

  it('takes unknown as a value: no round, amount, industry, location or email is null, never 0 or empty', () => {
    const lead = leadInputSchema.parse({
      ...valid,
      domain: '',
      industry: '',
      location: null,
      fundingAmount: null,
      fundingRound: 'Undisclosed',
      roundLabel: 'Convertible Note',
      contacts: [{ name: 'Pat Filer', role: 'Director', email: '' }],
    });
    expect(lead).toMatchObject({ domain: '', industry: null, location: null, fundingAmount: null, fundingRound: null, roundLabel: 'Convertible Note' });
    expect(lead.contacts).toEqual([{ name: 'Pat Filer', role: 'Director', email: null, linkedIn: '' }]);
    expect(leadInputSchema.parse({ ...valid, fundingAmount: '', fundingRound: '' })).toMatchObject({ fundingAmount: null, fundingRound: null });
    expect(leadIdentityKey({ domain: 'acme.com', companyName: 'Acme', fundingRound: null, roundLabel: 'Convertible Note', fundingDate: '2026-01-02' })).toBe(
      'acme.com|Undisclosed:convertible note|2026-01-02',
    );
    // A contact still needs a name.
    expect(leadInputSchema.safeParse({ ...valid, contacts: [{ name: '', email: 'x@acme.com' }] }).success).toBe(false);
  });

  it('reads amounts as decimal dollars only: no hex, exponent or sign', () => {
    expect(parseDecimalAmount('12048192.77')).toBe(12048192.77);
    for (const text of ['0x10', '1e300', '-5', '1,000', 'Infinity', 'NaN', '12.']) expect(parseDecimalAmount(text), text).toBeUndefined();
    expect(leadInputSchema.parse({ ...valid, fundingAmount: '2500000.5' }).fundingAmount).toBe(2_500_001);
    expect(fieldErrors(leadInputSchema.safeParse({ ...valid, fundingAmount: '0x10' }).error!)).toEqual([{ field: 'fundingAmount', message: 'must be a decimal number of dollars' }]);
    expect(leadInputSchema.safeParse({ ...valid, fundingAmount: Number.NaN }).success).toBe(false);
  });
});
