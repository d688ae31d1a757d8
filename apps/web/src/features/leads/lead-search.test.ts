import { describe, expect, it } from 'vitest';
import { filterLeadsBySearch, matchesLeadSearch } from './lead-search';

const leads = [
  { id: '1', companyName: 'EcoCharge', domain: 'ecocharge.io', description: 'Fast chargers for electric fleets.' },
  { id: '2', companyName: 'HealthAI', domain: 'healthai.com', description: 'Triage software for clinics.' },
  { id: '3', companyName: 'Ledgerly', domain: 'ledgerly.app', description: 'Bookkeeping for small teams.' },
];

describe('matchesLeadSearch', () => {
  it('matches the company name whatever the case', () => {
    expect(matchesLeadSearch(leads[0]!, 'ECOCH')).toBe(true);
    expect(matchesLeadSearch(leads[0]!, 'health')).toBe(false);
  });

  it('matches the description and the domain', () => {
    expect(matchesLeadSearch(leads[1]!, 'CLINICS')).toBe(true);
    expect(matchesLeadSearch(leads[2]!, '.app')).toBe(true);
  });

  it('ignores surrounding spaces and matches everything when blank', () => {
    expect(matchesLeadSearch(leads[2]!, '  bookkeeping ')).toBe(true);
    expect(matchesLeadSearch(leads[2]!, '   ')).toBe(true);
  });

  it('treats the text literally, not as a pattern', () => {
    expect(matchesLeadSearch(leads[0]!, 'eco.*')).toBe(false);
    expect(matchesLeadSearch({ companyName: 'A+B (Labs)', domain: 'ab.dev', description: '' }, 'a+b (')).toBe(true);
  });
});

describe('filterLeadsBySearch', () => {
  it('keeps matching leads in their order', () => {
    expect(filterLeadsBySearch(leads, 'for').map((lead) => lead.id)).toEqual(['1', '2', '3']);
    expect(filterLeadsBySearch(leads, 'ai').map((lead) => lead.id)).toEqual(['2']);
  });

  it('returns every lead for an empty search and none when nothing matches', () => {
    expect(filterLeadsBySearch(leads, '')).toHaveLength(3);
    expect(filterLeadsBySearch(leads, 'zzz')).toEqual([]);
  });
});
