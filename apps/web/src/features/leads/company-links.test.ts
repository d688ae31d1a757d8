import { describe, expect, it } from 'vitest';
import { companyUrl, earlierRoundsText } from './company-links';

describe('company helpers', () => {
  it('says how many earlier rounds, and nothing for none', () => {
    expect(earlierRoundsText(0)).toBe('');
    expect(earlierRoundsText(1)).toBe('1 earlier round');
    expect(earlierRoundsText(4)).toBe('4 earlier rounds');
  });

  it('encodes the id into the API path', () => {
    expect(companyUrl('a/b')).toBe('/api/companies/a%2Fb');
  });
});
