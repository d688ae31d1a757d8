import type { Lead } from '@fundwire/shared';
import { describe, expect, it } from 'vitest';
import {
  buildLeadInput,
  emptyLeadFormValues,
  formFieldForIssuePath,
  isAcceptedDomain,
  LEAD_FORM_MESSAGES,
  leadFormSchema,
  leadToFormValues,
  type LeadFormValues,
} from './lead-form';

function filledValues(overrides: Partial<LeadFormValues> = {}): LeadFormValues {
  return {
    companyName: ' Acme Robotics ',
    domain: 'https://www.acme-robotics.example.com/',
    industry: 'AI',
    location: 'Berlin',
    fundingAmount: '2.5M',
    fundingRound: 'Series A',
    fundingDate: '2026-03-01',
    description: 'Warehouse robots.',
    contacts: [
      { name: 'Ada', role: 'CEO', email: 'ada@acme-robotics.example.com', linkedIn: '' },
      { name: '', role: 'CTO', email: '', linkedIn: '' },
    ],
    ...overrides,
  };
}

function savedLead(overrides: Partial<Lead> = {}): Lead {
  return {
    id: 'lead-1',
    companyName: 'Acme Robotics',
    domain: 'acme-robotics.example.com',
    industry: 'AI',
    fundingAmount: 12_048_193,
    fundingRound: 'Series B',
    location: 'Berlin',
    fundingDate: '2026-03-01',
    description: 'Warehouse robots.',
    tags: ['fundraisingfox'],
    roundLabel: null,
    source: 'import',
    sourceId: 'acme-robotics',
    sourceUrl: 'https://fundraisingfox.com/companies/acme-robotics',
    sources: [{ source: 'import', sourceId: 'acme-robotics', sourceUrl: 'https://fundraisingfox.com/companies/acme-robotics' }],
    editedFields: [],
    companyId: null,
    earlierRounds: 0,
    domainSource: null,
    domainFoundAt: null,
    filedLocation: null,
    contacts: [],
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

function fieldMessages(values: LeadFormValues): Record<string, string> {
  const result = leadFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('leadFormSchema', () => {
  it('accepts a filled-in form', () => {
    expect(leadFormSchema.safeParse(filledValues()).success).toBe(true);
  });

  it('requires the lead fields docs/product/SPEC.md section 5 names, except what decision 023 lets be unknown', () => {
    const messages = fieldMessages({ ...emptyLeadFormValues(), fundingRound: '' });
    expect(messages).toEqual({
      companyName: LEAD_FORM_MESSAGES.companyName,
      domain: LEAD_FORM_MESSAGES.domain,
      fundingRound: LEAD_FORM_MESSAGES.round,
      fundingDate: LEAD_FORM_MESSAGES.date,
      description: LEAD_FORM_MESSAGES.description,
    });
    // An empty contact row is not an error: it is simply not saved.
    expect(Object.keys(messages).some((path) => path.startsWith('contacts'))).toBe(false);
  });

  it('treats whitespace as empty', () => {
    expect(fieldMessages(filledValues({ companyName: '   ' }))).toEqual({ companyName: LEAD_FORM_MESSAGES.companyName });
  });

  it('checks the amount, date and domain', () => {
    for (const amount of ['-2', '2.5 millions', '1.5'])
      expect(fieldMessages(filledValues({ fundingAmount: amount })), amount).toEqual({ fundingAmount: LEAD_FORM_MESSAGES.amountInvalid });
    expect(fieldMessages(filledValues({ fundingDate: '2026-02-30' }))).toEqual({ fundingDate: LEAD_FORM_MESSAGES.dateInvalid });
    expect(fieldMessages(filledValues({ domain: 'not a domain' }))).toEqual({ domain: LEAD_FORM_MESSAGES.domainInvalid });
  });

  it('checks the email and LinkedIn of contacts that will be saved, not of incomplete rows', () => {
    const contacts = [
      { name: 'Ada', role: '', email: 'not-an-email', linkedIn: 'linkedin.com/in/ada' },
      { name: '', role: '', email: 'also-not-an-email', linkedIn: '' },
    ];
    expect(fieldMessages(filledValues({ contacts }))).toEqual({
      'contacts.0.email': LEAD_FORM_MESSAGES.contactEmail,
      'contacts.0.linkedIn': LEAD_FORM_MESSAGES.contactLinkedIn,
    });
  });
});

describe('isAcceptedDomain', () => {
  it('accepts what the server normalises to a hostname', () => {
    expect(isAcceptedDomain('acme.com')).toBe(true);
    expect(isAcceptedDomain('https://www.Acme.com/about')).toBe(true);
    expect(isAcceptedDomain('acme')).toBe(false);
    expect(isAcceptedDomain('acme .com')).toBe(false);
  });
});

describe('buildLeadInput', () => {
  it('builds a new lead: amount in whole dollars, tags empty, incomplete contacts dropped', () => {
    const { input, contactRows } = buildLeadInput(filledValues());
    expect(input).toEqual({
      companyName: 'Acme Robotics',
      domain: 'https://www.acme-robotics.example.com/',
      industry: 'AI',
      fundingAmount: 2_500_000,
      fundingRound: 'Series A',
      location: 'Berlin',
      fundingDate: '2026-03-01',
      description: 'Warehouse robots.',
      roundLabel: null,
      tags: [],
      sourceUrl: null,
      contacts: [{ name: 'Ada', role: 'CEO', email: 'ada@acme-robotics.example.com', linkedIn: '' }],
    });
    expect(contactRows).toEqual([0]);
  });

  it('sends a contact without an email, and none without a name', () => {
    const { input } = buildLeadInput(filledValues({ contacts: [{ name: 'Ada', role: 'CEO', email: '', linkedIn: '' }, { name: '', role: 'CTO', email: 'x@acme.example', linkedIn: '' }] }));
    expect(input.contacts).toEqual([{ name: 'Ada', role: 'CEO', email: null, linkedIn: '' }]);
  });

  it('offers Undisclosed: an empty amount, industry and location and the Undisclosed round are sent as unknown (null)', () => {
    const values = filledValues({ fundingAmount: '', fundingRound: 'Undisclosed', industry: ' ', location: '' });
    expect(fieldMessages(values)).toEqual({});
    const { input } = buildLeadInput(values, savedLead({ roundLabel: 'Convertible Note' }));
    expect(input).toMatchObject({ fundingAmount: null, fundingRound: null, industry: null, location: null, roundLabel: 'Convertible Note' });
    // And back: an undisclosed lead opens with an empty amount and Undisclosed chosen.
    expect(leadToFormValues(savedLead({ fundingAmount: null, fundingRound: null, industry: null, location: null }))).toMatchObject({
      fundingAmount: '',
      fundingRound: 'Undisclosed',
      industry: '',
      location: '',
    });
  });

  it('keeps an edited lead’s tags and source link, which the form does not show', () => {
    const lead = savedLead();
    const { input } = buildLeadInput(leadToFormValues(lead), lead);
    expect(input.tags).toEqual(['fundraisingfox']);
    expect(input.sourceUrl).toBe('https://fundraisingfox.com/companies/acme-robotics');
    expect(input.fundingAmount).toBe(12_048_193);
  });

  it('refuses values that did not pass the schema', () => {
    expect(() => buildLeadInput(filledValues({ fundingAmount: 'x' }))).toThrow();
    expect(() => buildLeadInput(filledValues({ fundingRound: '' }))).toThrow();
  });
});

describe('leadToFormValues', () => {
  it('shows the amount in dollars (its short form) and the saved contacts', () => {
    const contact = { name: 'Ada', role: 'CEO', email: 'a@x.example', linkedIn: '' };
    const lead = savedLead({
      fundingAmount: 2_500_000,
      contacts: [{ ...contact, id: 'c-1', emailStatus: 'verified', emailSource: 'provider', emailCheckedAt: '2026-03-02T00:00:00.000Z', filedName: null }],
    });
    const values = leadToFormValues(lead);
    expect(values.fundingAmount).toBe('2.5M');
    expect(leadToFormValues(savedLead({ fundingAmount: 1_234_567 })).fundingAmount).toBe('1234567');
    expect(values.fundingRound).toBe('Series B');
    // The form edits the contact's own fields; the email's status is not one of them.
    expect(values.contacts).toEqual([contact]);
    expect(values.contacts[0]).not.toBe(lead.contacts[0]);
  });

  it('always has one contact row', () => {
    expect(leadToFormValues(savedLead({ contacts: [] })).contacts).toEqual([{ name: '', role: '', email: '', linkedIn: '' }]);
    expect(emptyLeadFormValues().contacts).toHaveLength(1);
  });

  it('starts a new lead at the Seed round', () => {
    expect(emptyLeadFormValues().fundingRound).toBe('Seed');
  });

  it('asks for a round when the saved one is not one of the six', () => {
    expect(leadToFormValues(savedLead({ fundingRound: 'Growth' })).fundingRound).toBe('');
  });
});

describe('formFieldForIssuePath', () => {
  it('maps lead fields', () => {
    expect(formFieldForIssuePath('companyName', [])).toBe('companyName');
    expect(formFieldForIssuePath('fundingAmount', [])).toBe('fundingAmount');
  });

  it('maps a sent contact back to the form row it came from', () => {
    // Rows 0 and 2 were incomplete and dropped; the server's contact 1 is form row 3.
    expect(formFieldForIssuePath('contacts.1.email', [1, 3])).toBe('contacts.3.email');
    expect(formFieldForIssuePath('contacts[0].linkedIn', [1, 3])).toBe('contacts.1.linkedIn');
  });

  it('has no field for the rest', () => {
    expect(formFieldForIssuePath('tags.0', [])).toBeNull();
    expect(formFieldForIssuePath('sourceUrl', [])).toBeNull();
    expect(formFieldForIssuePath('contacts', [0])).toBeNull();
    expect(formFieldForIssuePath('contacts.5.email', [0])).toBeNull();
    expect(formFieldForIssuePath('', [])).toBeNull();
  });
});
