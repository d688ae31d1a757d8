import { describe, expect, it } from 'vitest';
import { leadFilterSchema, leadListQuerySchema } from './lead-filters.js';
import { savedSearchFilterSchema } from './saved-searches.js';

const parse = (query: Record<string, unknown>) => leadFilterSchema.safeParse(query);

describe('leadFilterSchema', () => {
  it('takes industry and fundingRound as one value or several, as lists without blanks or repeats', () => {
    expect(leadFilterSchema.parse({ industry: 'SaaS' }).industry).toEqual(['SaaS']);
    expect(leadFilterSchema.parse({ industry: [' SaaS ', 'AI', '', 'SaaS'] }).industry).toEqual(['SaaS', 'AI']);
    expect(leadFilterSchema.parse({ industry: ['', ' '] }).industry).toBeUndefined();
    expect(leadFilterSchema.parse({}).industry).toBeUndefined();
    expect(leadFilterSchema.parse({ fundingRound: ['Seed', 'Undisclosed'] }).fundingRound).toEqual(['Seed', 'Undisclosed']);
    expect(leadFilterSchema.parse({ fundingRound: '' }).fundingRound).toBeUndefined();
  });

  it('refuses more than 20 values, a bad round or an overlong industry, with a message naming the parameter', () => {
    const many = Array.from({ length: 21 }, (_, index) => `Industry ${index}`);
    expect(parse({ industry: many.slice(0, 20) }).success).toBe(true);
    for (const query of [{ industry: many }, { industry: ['SaaS', 'x'.repeat(101)] }, { fundingRound: ['Seed', 'Series Z'] }, { fundingRound: 'seed' }]) {
      const result = parse(query);
      expect(result.success, JSON.stringify(query).slice(0, 60)).toBe(false);
      expect(result.error?.issues[0]?.message, JSON.stringify(query).slice(0, 60)).toContain(Object.keys(query)[0]);
    }
  });

  it('reads hasContacts as a boolean, empty as either', () => {
    expect(leadFilterSchema.parse({ hasContacts: 'true' }).hasContacts).toBe(true);
    expect(leadFilterSchema.parse({ hasContacts: 'false' }).hasContacts).toBe(false);
    expect(leadFilterSchema.parse({ hasContacts: '' }).hasContacts).toBeUndefined();
    expect(parse({ hasContacts: 'yes' }).success).toBe(false);
  });

  it('normalises addedAfter to UTC and refuses what is not a timestamp with a zone', () => {
    expect(leadFilterSchema.parse({ addedAfter: '2026-11-25T10:00:00+01:00' }).addedAfter).toBe('2026-11-25T09:00:00.000Z');
    expect(leadFilterSchema.parse({ addedAfter: '2026-11-25T09:00:00.123Z' }).addedAfter).toBe('2026-11-25T09:00:00.123Z');
    expect(leadFilterSchema.parse({ addedAfter: '' }).addedAfter).toBeUndefined();
    for (const addedAfter of [
      '2026-11-25',
      '2026-11-25T09:00:00',
      'yesterday',
      '2026-02-30T09:00:00Z',
      '0000-06-01T00:00:00Z',
      '0001-01-01T00:30:00+01:00',
      '9999-12-31T23:30:00-01:00',
    ]) {
      expect(parse({ addedAfter }).success, addedAfter).toBe(false);
    }
  });
});

describe('leadListQuerySchema', () => {
  it('takes the four sorts and a direction, desc by default', () => {
    expect(leadListQuerySchema.parse({ sort: 'amount' })).toMatchObject({ sort: 'amount', dir: 'desc' });
    expect(leadListQuerySchema.parse({ sort: 'round', dir: 'asc' })).toMatchObject({ sort: 'round', dir: 'asc' });
    expect(leadListQuerySchema.parse({ dir: '' })).toMatchObject({ dir: 'desc' });
    expect(leadListQuerySchema.safeParse({ sort: 'newest' }).success).toBe(false);
    expect(leadListQuerySchema.safeParse({ dir: 'up' }).success).toBe(false);
  });

  it('takes emailStatus=verified ("Verified email only") and nothing else, in the list and in saved searches', () => {
    expect(leadFilterSchema.parse({ emailStatus: 'verified' }).emailStatus).toBe('verified');
    expect(leadFilterSchema.parse({ emailStatus: '' }).emailStatus).toBeUndefined();
    const refused = parse({ emailStatus: 'bounced' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('emailStatus must be verified');
    expect(savedSearchFilterSchema.parse({ emailStatus: 'verified', industry: ['SaaS'] })).toEqual({ emailStatus: 'verified', industry: ['SaaS'] });
    expect(savedSearchFilterSchema.safeParse({ emailStatus: 'unverified' }).success).toBe(false);
  });
});
