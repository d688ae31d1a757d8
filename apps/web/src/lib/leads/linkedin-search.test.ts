import { describe, expect, it } from 'vitest';
import { linkedInCompanySearchUrl, linkedInPeopleSearchUrl } from '@/lib/leads/linkedin-search';

describe('linkedInPeopleSearchUrl', () => {
  it("searches LinkedIn's people for the name and the company, URL-encoded", () => {
    expect(linkedInPeopleSearchUrl('Glenn Lindores Chisholm', 'Acme Robotics, Inc.')).toBe(
      'https://www.linkedin.com/search/results/people/?keywords=Glenn%20Lindores%20Chisholm%20Acme%20Robotics%2C%20Inc.',
    );
  });

  it('encodes characters that would break the query', () => {
    const url = linkedInPeopleSearchUrl('Zoë O’Brien', 'R&D #1 Labs?');
    expect(url).toBe('https://www.linkedin.com/search/results/people/?keywords=Zo%C3%AB%20O%E2%80%99Brien%20R%26D%20%231%20Labs%3F');
    expect(new URL(url!).searchParams.get('keywords')).toBe('Zoë O’Brien R&D #1 Labs?');
  });

  it('collapses spaces and leaves out a blank company', () => {
    expect(linkedInPeopleSearchUrl('  Robin   Example ', '  ')).toBe('https://www.linkedin.com/search/results/people/?keywords=Robin%20Example');
  });

  it('gives no link without a name', () => {
    expect(linkedInPeopleSearchUrl('', 'Acme')).toBeNull();
    expect(linkedInPeopleSearchUrl('   ', 'Acme')).toBeNull();
  });
});

describe('linkedInCompanySearchUrl', () => {
  it("searches LinkedIn's companies for the name", () => {
    expect(linkedInCompanySearchUrl('Edgarwire Biolabs')).toBe('https://www.linkedin.com/search/results/companies/?keywords=Edgarwire%20Biolabs');
    expect(new URL(linkedInCompanySearchUrl('Smith & Sons')!).searchParams.get('keywords')).toBe('Smith & Sons');
  });

  it('gives no link without a name', () => {
    expect(linkedInCompanySearchUrl(' ')).toBeNull();
  });
});
