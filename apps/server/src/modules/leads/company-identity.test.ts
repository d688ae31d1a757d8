import { describe, expect, it } from 'vitest';
import { companyIdentityKey, locationCountry, normalizeCompanyIdentityName, registrableDomain } from './company-identity.js';

describe('company identity', () => {
  it('uses the registrable domain, so subdomains and www are one company', () => {
    expect(registrableDomain('a.b.example.co.uk')).toBe('example.co.uk');
    expect(registrableDomain('https://www.Acme.com/about')).toBe('acme.com');
    expect(registrableDomain('app.acme.io')).toBe('acme.io');
    // A platform's customers are different companies.
    expect(registrableDomain('foo.github.io')).toBe('foo.github.io');
    // Reserved example names: one company per name under them.
    expect(registrableDomain('www.app.acme.example.com')).toBe('acme.example.com');
    expect(registrableDomain('beta.example.com')).toBe('beta.example.com');
    expect(registrableDomain('shop.acme.test')).toBe('acme.test');
    expect(companyIdentityKey({ companyName: 'Acme', domain: 'app.acme.com' })).toBe(companyIdentityKey({ companyName: 'Acme Inc', domain: 'acme.com' }));
  });

  it('prefers a CIK over everything else, without leading zeros', () => {
    expect(companyIdentityKey({ companyName: 'Acme', domain: 'acme.com', cik: '0001234567' })).toBe('cik:1234567');
  });

  it('falls back to the name without legal suffixes, plus the country', () => {
    expect(normalizeCompanyIdentityName('Leeta Materials, Inc.')).toBe('leetamaterials');
    expect(normalizeCompanyIdentityName('Apothékary LLC')).toBe('apothekary');
    expect(normalizeCompanyIdentityName('PicoCELA株式会社')).toBe('picocela');
    expect(normalizeCompanyIdentityName('Inc')).toBe('inc');
    expect(locationCountry('Austin, TX')).toBe('us');
    expect(locationCountry('London, UK')).toBe('uk');
    expect(locationCountry('Singapore')).toBe('singapore');
    expect(locationCountry(null)).toBe('');
    expect(companyIdentityKey({ companyName: 'Origin Ltd', domain: '', location: 'Berlin, Germany' })).toBe('name:origin|germany');
    expect(companyIdentityKey({ companyName: 'Origin', domain: '', location: '' })).toBe('name:origin|');
    expect(companyIdentityKey({ companyName: 'Origin', location: 'Austin, TX' })).not.toBe(companyIdentityKey({ companyName: 'Origin', location: 'Paris, France' }));
  });
});
