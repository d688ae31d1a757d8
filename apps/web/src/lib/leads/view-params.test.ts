import { describe, expect, it } from 'vitest';
import {
  EMPTY_LEAD_VIEW,
  hasActiveFilters,
  historicalLeadFilter,
  leadFilterQueryString,
  MAX_SEARCH_LENGTH,
  normaliseSearch,
  readLeadViewParams,
  recentLeadFilter,
  writeLeadViewParams,
} from '@/lib/leads/view-params';

const today = new Date(2026, 2, 15, 10, 0);

describe('readLeadViewParams', () => {
  it('reads search, industry and range', () => {
    expect(readLeadViewParams(new URLSearchParams('q=acme&industry=FinTech&range=90d'))).toEqual({ q: 'acme', industry: 'FinTech', range: '90d' });
  });

  it('defaults to no search, all industries and All Time', () => {
    expect(readLeadViewParams(new URLSearchParams())).toEqual(EMPTY_LEAD_VIEW);
    expect(EMPTY_LEAD_VIEW).toEqual({ q: '', industry: '', range: 'all' });
  });

  it('ignores an unknown range instead of failing', () => {
    expect(readLeadViewParams(new URLSearchParams('range=forever')).range).toBe('all');
  });

  it('trims the search and keeps it within the server limit', () => {
    expect(readLeadViewParams(new URLSearchParams('q=%20%20ai%20')).q).toBe('ai');
    expect(readLeadViewParams(new URLSearchParams(`q=${'x'.repeat(500)}`)).q).toHaveLength(MAX_SEARCH_LENGTH);
  });

  it('decodes encoded values', () => {
    expect(readLeadViewParams(new URLSearchParams('industry=E%20Commerce%20%26%20Retail')).industry).toBe('E Commerce & Retail');
  });
});

describe('writeLeadViewParams', () => {
  it('round-trips through the URL', () => {
    const view = { q: 'solar & wind', industry: 'CleanTech', range: '6m' as const };
    const written = writeLeadViewParams(new URLSearchParams(), view);
    expect(readLeadViewParams(new URLSearchParams(written.toString()))).toEqual(view);
  });

  it('removes empty and default values for a clean URL', () => {
    const start = new URLSearchParams('q=acme&industry=AI&range=30d');
    expect(writeLeadViewParams(start, { q: '  ', industry: '', range: 'all' }).toString()).toBe('');
  });

  it('changes only what the patch names and keeps other params', () => {
    const start = new URLSearchParams('q=acme&industry=AI&utm_source=mail');
    const next = writeLeadViewParams(start, { industry: 'SaaS' });
    expect(next.get('q')).toBe('acme');
    expect(next.get('industry')).toBe('SaaS');
    expect(next.get('utm_source')).toBe('mail');
    expect(start.get('industry')).toBe('AI'); // the input is not changed
  });
});

describe('hasActiveFilters', () => {
  it('counts the range only where the screen has one', () => {
    const rangeOnly = { ...EMPTY_LEAD_VIEW, range: '1y' as const };
    expect(hasActiveFilters(rangeOnly, { withRange: true })).toBe(true);
    expect(hasActiveFilters(rangeOnly, { withRange: false })).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_LEAD_VIEW, q: 'x' }, { withRange: false })).toBe(true);
    expect(hasActiveFilters(EMPTY_LEAD_VIEW, { withRange: true })).toBe(false);
  });
});

describe('normaliseSearch', () => {
  it('trims and caps the length', () => {
    expect(normaliseSearch('  Acme  ')).toBe('Acme');
    expect(normaliseSearch(' '.repeat(10))).toBe('');
  });
});

describe('recentLeadFilter', () => {
  it('always covers the last 7 days, with industry and search when set', () => {
    expect(recentLeadFilter({ q: '', industry: '' }, today)).toEqual({ dateStart: '2026-03-09' });
    expect(recentLeadFilter({ q: 'acme', industry: 'AI' }, today)).toEqual({ dateStart: '2026-03-09', industry: ['AI'], q: 'acme' });
  });

  it('sends the search as the server matches it, trimmed', () => {
    expect(recentLeadFilter({ q: '  acme ', industry: '' }, today)).toEqual({ dateStart: '2026-03-09', q: 'acme' });
    expect(recentLeadFilter({ q: '   ', industry: '' }, today)).toEqual({ dateStart: '2026-03-09' });
  });
});

describe('historicalLeadFilter', () => {
  it('sends no dates for All Time', () => {
    expect(historicalLeadFilter({ q: '', industry: 'SaaS', range: 'all' }, today)).toEqual({ industry: ['SaaS'] });
  });

  it('sends the range bounds', () => {
    expect(historicalLeadFilter({ q: 'bio', industry: '', range: '30d' }, today)).toEqual({
      q: 'bio',
      dateStart: '2026-02-14',
      dateEnd: '2026-03-15',
    });
  });
});

describe('leadFilterQueryString', () => {
  it('puts page and limit first and leaves out empty filters', () => {
    expect(leadFilterQueryString({ industry: ['AI'], q: undefined, dateStart: '2026-03-09' }, { page: 2, limit: 20 })).toBe(
      'page=2&limit=20&industry=AI&dateStart=2026-03-09',
    );
  });

  it('encodes values', () => {
    expect(leadFilterQueryString({ q: 'a&b=c d' })).toBe('q=a%26b%3Dc+d');
  });

  it('gives the same string for the same filter whatever the key order', () => {
    expect(leadFilterQueryString({ q: 'x', industry: ['AI'] })).toBe(leadFilterQueryString({ industry: ['AI'], q: 'x' }));
  });

  it('repeats list parameters, as the API reads them', () => {
    expect(leadFilterQueryString({ industry: ['AI', 'SaaS'], fundingRound: ['Seed'] })).toBe('industry=AI&industry=SaaS&fundingRound=Seed');
  });

  it('gives an empty string for no filter', () => {
    expect(leadFilterQueryString({})).toBe('');
  });
});
