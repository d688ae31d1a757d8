import { describe, expect, it } from 'vitest';
import { displayDomain, externalHref, mailtoHref } from '@/lib/leads/lead-links';

describe('externalHref', () => {
  it('adds https:// to a bare domain', () => {
    expect(externalHref('ecocharge.io')).toBe('https://ecocharge.io/');
    expect(externalHref('linkedin.com/in/jane-doe')).toBe('https://linkedin.com/in/jane-doe');
  });

  it('keeps http and https links', () => {
    expect(externalHref('https://www.linkedin.com/in/jane')).toBe('https://www.linkedin.com/in/jane');
    expect(externalHref('http://example.com')).toBe('http://example.com/');
  });

  it('refuses other schemes and non-links', () => {
    expect(externalHref('javascript:alert(1)')).toBeNull();
    expect(externalHref('JavaScript:alert(1)')).toBeNull();
    expect(externalHref('data:text/html,hi')).toBeNull();
    expect(externalHref('')).toBeNull();
    expect(externalHref('not a link')).toBeNull();
    expect(externalHref('localhost')).toBeNull();
  });
});

describe('displayDomain', () => {
  it('strips scheme, www and trailing slash', () => {
    expect(displayDomain('https://www.Acme.com/')).toBe('Acme.com');
    expect(displayDomain('acme.com')).toBe('acme.com');
  });
});

describe('mailtoHref', () => {
  it('links a plausible address', () => {
    expect(mailtoHref(' jane@acme.com ')).toBe('mailto:jane@acme.com');
  });

  it('refuses blanks and anything that could carry mailto headers', () => {
    expect(mailtoHref('')).toBeNull();
    expect(mailtoHref('jane')).toBeNull();
    expect(mailtoHref('jane@acme.com?bcc=spy@evil.example')).toBeNull();
    expect(mailtoHref('jane@acme.com?subject=hi')).toBeNull();
  });
});
