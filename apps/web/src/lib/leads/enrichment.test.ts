import { describe, expect, it } from 'vitest';
import {
  coveragePercent,
  domainSourceText,
  EMAIL_STATUS_TEXT,
  emailSourceText,
  emailStatusText,
  type DomainSourceValue,
} from '@/lib/leads/enrichment';

describe('emailStatusText', () => {
  it('names each status as the badge reads, with what it means', () => {
    expect(emailStatusText('verified')?.label).toBe('Verified');
    expect(emailStatusText('accept_all')?.label).toBe('Accepts all');
    expect(emailStatusText('unverified')?.label).toBe('Unverified');
    expect(emailStatusText('bounced')?.label).toBe('Bounced');
    expect(emailStatusText('accept_all')?.meaning).toMatch(/may still bounce/);
    expect(emailStatusText('bounced')?.meaning).toMatch(/left out of exports/);
  });

  it('gives every status a distinct meaning and tone', () => {
    const texts = Object.values(EMAIL_STATUS_TEXT);
    expect(new Set(texts.map((text) => text.meaning)).size).toBe(texts.length);
    expect(EMAIL_STATUS_TEXT.verified.tone).toBe('success');
    expect(EMAIL_STATUS_TEXT.bounced.tone).toBe('danger');
  });

  it('shows no badge without a status', () => {
    expect(emailStatusText(null)).toBeNull();
    expect(emailStatusText(undefined)).toBeNull();
  });
});

describe('emailSourceText', () => {
  it('labels a pattern address as a guess', () => {
    expect(emailSourceText('pattern')).toMatch(/^Guessed/);
    expect(emailSourceText('provider')).toBe('Found by provider');
    expect(emailSourceText(null)).toBeNull();
  });
});

describe('domainSourceText', () => {
  it('says where each website came from', () => {
    const expected: Record<DomainSourceValue, string> = {
      filing: 'from SEC filing',
      sec: "from the company's SEC record",
      import: 'from an import',
      fundraisingfox: 'from Fundraising Fox',
      provider: 'found by provider',
      admin: 'added by an admin',
    };
    for (const [source, text] of Object.entries(expected)) expect(domainSourceText(source as DomainSourceValue)).toBe(text);
    expect(domainSourceText(null)).toBeNull();
  });
});

describe('coveragePercent', () => {
  it('is the share rounded down, so only full coverage reads 100%', () => {
    expect(coveragePercent(0, 10)).toBe('0%');
    expect(coveragePercent(5, 10)).toBe('50%');
    expect(coveragePercent(999, 1000)).toBe('99%');
    expect(coveragePercent(1000, 1000)).toBe('100%');
    expect(coveragePercent(1, 3)).toBe('33%');
  });

  it('reads — without leads, and never above 100%', () => {
    expect(coveragePercent(0, 0)).toBe('—');
    expect(coveragePercent(12, 10)).toBe('100%');
  });
});
