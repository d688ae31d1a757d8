import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  amountBounds,
  CLEARED_LEAD_VIEW,
  EMPTY_LEAD_VIEW,
  hasActiveFilters,
  historicalLeadFilter,
  leadFilterQueryString,
  MAX_FILTER_VALUES,
  MAX_SEARCH_LENGTH,
  normaliseSearch,
  readLeadViewParams,
  recentLeadFilter,
  writeLeadViewParams,
  type LeadViewParams,
} from '@/lib/leads/view-params';

const today = new Date(2026, 2, 15, 10, 0);
const read = (query: string) => readLeadViewParams(new URLSearchParams(query));
const view = (patch: Partial<LeadViewParams>): LeadViewParams => ({ ...EMPTY_LEAD_VIEW, ...patch });

describe('readLeadViewParams', () => {
  it('reads every filter', () => {
    expect(
      read(
        'q=acme&industry=FinTech&industry=SaaS&fundingRound=Seed&fundingRound=Undisclosed&minFunding=500000&maxFunding=5000000' +
          '&dateStart=2024-01-01&dateEnd=2024-06-30&location=Berlin&hasContacts=true&emailStatus=verified&new=1',
      ),
    ).toEqual({
      q: 'acme',
      industry: ['FinTech', 'SaaS'],
      fundingRound: ['Seed', 'Undisclosed'],
      minFunding: 500_000,
      maxFunding: 5_000_000,
      range: 'custom',
      dateStart: '2024-01-01',
      dateEnd: '2024-06-30',
      location: 'Berlin',
      hasContacts: true,
      verifiedEmail: true,
      newOnly: true,
    });
    expect(read('range=90d').range).toBe('90d');
    expect(read('hasContacts=false').hasContacts).toBe(false);
  });

  it('defaults to no filter at all', () => {
    expect(read('')).toEqual(EMPTY_LEAD_VIEW);
    expect(EMPTY_LEAD_VIEW).toEqual({
      q: '',
      industry: [],
      fundingRound: [],
      minFunding: null,
      maxFunding: null,
      range: 'all',
      dateStart: '',
      dateEnd: '',
      location: '',
      hasContacts: null,
      verifiedEmail: false,
      newOnly: false,
    });
  });

  it('ignores values the server would refuse instead of failing', () => {
    expect(
      read(
        'range=forever&fundingRound=Series+Z&fundingRound=seed&minFunding=-5&maxFunding=1e6&dateStart=2024-02-30&dateEnd=0000-01-01&hasContacts=yes&emailStatus=bounced&industry=',
      ),
    ).toEqual(EMPTY_LEAD_VIEW);
    expect(read(`minFunding=${'9'.repeat(20)}`).minFunding).toBeNull();
    expect(read(`industry=${'x'.repeat(101)}&industry=AI`).industry).toEqual(['AI']);
    expect(read('fundingRound=Seed&fundingRound=bogus').fundingRound).toEqual(['Seed']);
    expect(read('dateStart=2024-1-5&dateEnd=2024-02-29')).toMatchObject({ dateStart: '', dateEnd: '2024-02-29' });
  });

  it('keeps at most the server limit of industries, without repeats, and rounds in round order', () => {
    const many = Array.from({ length: 25 }, (_, index) => `industry=I${index}`).join('&');
    expect(read(many).industry).toHaveLength(MAX_FILTER_VALUES);
    expect(read('industry=AI&industry=%20AI%20&industry=SaaS').industry).toEqual(['AI', 'SaaS']);
    expect(read('fundingRound=Undisclosed&fundingRound=Series+B&fundingRound=Pre-Seed').fundingRound).toEqual(['Pre-Seed', 'Series B', 'Undisclosed']);
  });

  it('treats a date in the URL as a custom range, whatever preset is named beside it', () => {
    expect(read('range=30d&dateStart=2024-01-01')).toMatchObject({ range: 'custom', dateStart: '2024-01-01', dateEnd: '' });
    expect(read('range=custom')).toMatchObject({ range: 'custom', dateStart: '', dateEnd: '' });
    expect(read('range=30d&dateStart=nope')).toMatchObject({ range: '30d', dateStart: '' });
  });

  it('trims the search and keeps it within the server limit', () => {
    expect(read('q=%20%20ai%20').q).toBe('ai');
    expect(read(`q=${'x'.repeat(500)}`).q).toHaveLength(MAX_SEARCH_LENGTH);
    expect(read(`location=${'x'.repeat(500)}`).location).toHaveLength(100);
  });

  it('decodes encoded values', () => {
    expect(read('industry=E%20Commerce%20%26%20Retail').industry).toEqual(['E Commerce & Retail']);
  });
});

describe('writeLeadViewParams', () => {
  it('round-trips every filter through the URL', () => {
    const views: LeadViewParams[] = [
      {
        q: 'solar & wind',
        industry: ['CleanTech', 'E Commerce & Retail'],
        fundingRound: ['Series A', 'Undisclosed'],
        minFunding: 250_000,
        maxFunding: 12_000_000,
        range: 'custom',
        dateStart: '2023-05-01',
        dateEnd: '2024-04-30',
        location: 'São Paulo, Brazil',
        hasContacts: false,
        verifiedEmail: true,
        newOnly: true,
      },
      view({ range: '6m', hasContacts: true }),
      view({ range: 'custom', dateEnd: '2025-01-31' }),
      view({ range: 'custom' }),
    ];
    for (const expected of views) {
      const written = writeLeadViewParams(new URLSearchParams(), expected);
      expect(read(written.toString())).toEqual(expected);
    }
  });

  it('writes lists as repeated params with the API names', () => {
    const written = writeLeadViewParams(new URLSearchParams(), { industry: ['AI', 'SaaS'], fundingRound: ['Undisclosed', 'Seed'], hasContacts: true });
    expect(written.toString()).toBe('industry=AI&industry=SaaS&fundingRound=Seed&fundingRound=Undisclosed&hasContacts=true');
  });

  it('removes empty and default values for a clean URL', () => {
    const start = new URLSearchParams(
      'q=acme&industry=AI&fundingRound=Seed&minFunding=1&maxFunding=2&range=custom&dateStart=2024-01-01&dateEnd=2024-02-01&location=X&hasContacts=true&emailStatus=verified',
    );
    expect(writeLeadViewParams(start, CLEARED_LEAD_VIEW).toString()).toBe('');
    expect(writeLeadViewParams(new URLSearchParams('range=30d'), { range: 'all' }).toString()).toBe('');
  });

  it('drops a custom range’s dates when a preset is chosen', () => {
    const start = new URLSearchParams('range=custom&dateStart=2024-01-01&dateEnd=2024-02-01');
    expect(writeLeadViewParams(start, { range: '30d' }).toString()).toBe('range=30d');
  });

  it('changes only what the patch names and keeps other params (sort, dir, utm…)', () => {
    const start = new URLSearchParams('q=acme&industry=AI&sort=amount&dir=asc&utm_source=mail');
    const next = writeLeadViewParams(start, { industry: ['SaaS', 'AI'], location: 'Oslo' });
    expect(next.get('q')).toBe('acme');
    expect(next.getAll('industry')).toEqual(['SaaS', 'AI']);
    expect(next.get('location')).toBe('Oslo');
    expect(next.get('sort')).toBe('amount');
    expect(next.get('dir')).toBe('asc');
    expect(next.get('utm_source')).toBe('mail');
    expect(start.getAll('industry')).toEqual(['AI']); // the input is not changed
  });
});

describe('amounts', () => {
  it('does not send a minimum above the maximum', () => {
    expect(amountBounds({ minFunding: 5, maxFunding: 1 })).toEqual({});
    expect(amountBounds({ minFunding: 1, maxFunding: 1 })).toEqual({ minFunding: 1, maxFunding: 1 });
    expect(amountBounds({ minFunding: 5, maxFunding: null })).toEqual({ minFunding: 5, maxFunding: undefined });
  });
});

describe('activeFilters and hasActiveFilters', () => {
  it('lists each active filter with the patch that removes it', () => {
    const current = read('industry=AI&industry=SaaS&fundingRound=Undisclosed&minFunding=5000000&location=Berlin&hasContacts=false&range=30d&q=x');
    const chips = activeFilters(current, { withDates: true });
    expect(chips.map((chip) => chip.label)).toEqual([
      'Industry: AI',
      'Industry: SaaS',
      'Round: Undisclosed',
      'Min: $5,000,000',
      'Date: Last 30 Days',
      'Location: Berlin',
      'No contacts',
    ]);
    expect(chips[0]!.remove).toEqual({ industry: ['SaaS'] });
    expect(chips[4]!.remove).toEqual({ range: 'all' });
    // Without dates (the dashboard), the range is not a filter.
    expect(activeFilters(current, { withDates: false }).map((chip) => chip.key)).not.toContain('range');
  });

  it('shows a custom range as its From and To', () => {
    const chips = activeFilters(read('dateStart=2024-01-05&dateEnd=2024-02-01'), { withDates: true });
    expect(chips.map((chip) => chip.label)).toEqual(['From: Jan 5, 2024', 'To: Feb 1, 2024']);
  });

  it('counts the dates only where the screen has them, and the search always', () => {
    const rangeOnly = view({ range: '1y' });
    expect(hasActiveFilters(rangeOnly, { withDates: true })).toBe(true);
    expect(hasActiveFilters(rangeOnly, { withDates: false })).toBe(false);
    expect(hasActiveFilters(view({ q: 'x' }), { withDates: false })).toBe(true);
    expect(hasActiveFilters(view({ hasContacts: false }), { withDates: false })).toBe(true);
    expect(hasActiveFilters(EMPTY_LEAD_VIEW, { withDates: true })).toBe(false);
  });

  it('shows "Verified email only" (emailStatus=verified) as a chip that removes it', () => {
    const verified = read('emailStatus=verified&sort=amount');
    expect(verified.verifiedEmail).toBe(true);
    expect(read('emailStatus=accept_all').verifiedEmail).toBe(false);
    expect(activeFilters(verified, { withDates: false })).toEqual([{ key: 'verifiedEmail', label: 'Verified email only', remove: { verifiedEmail: false } }]);
    expect(hasActiveFilters(verified, { withDates: false })).toBe(true);
    expect(writeLeadViewParams(new URLSearchParams('sort=amount'), { verifiedEmail: true }).toString()).toBe('sort=amount&emailStatus=verified');
    expect(writeLeadViewParams(new URLSearchParams('emailStatus=verified&sort=amount'), { verifiedEmail: false }).toString()).toBe('sort=amount');
  });

  it('shows "New since last visit" (new=1) only where the screen offers it', () => {
    const newOnly = read('new=1');
    expect(newOnly.newOnly).toBe(true);
    expect(read('new=yes').newOnly).toBe(false);
    expect(activeFilters(newOnly, { withDates: false, withNew: true })).toEqual([{ key: 'new', label: 'New since last visit', remove: { newOnly: false } }]);
    expect(hasActiveFilters(newOnly, { withDates: true })).toBe(false);
    expect(writeLeadViewParams(new URLSearchParams('new=1&sort=amount'), { newOnly: false }).toString()).toBe('sort=amount');
  });
});

describe('normaliseSearch', () => {
  it('trims and caps the length', () => {
    expect(normaliseSearch('  Acme  ')).toBe('Acme');
    expect(normaliseSearch(' '.repeat(10))).toBe('');
  });
});

describe('recentLeadFilter', () => {
  it('always covers the last 7 days, with every other filter when set', () => {
    expect(recentLeadFilter(EMPTY_LEAD_VIEW, today)).toEqual({ dateStart: '2026-03-09' });
    expect(
      recentLeadFilter(
        read('q=acme&industry=AI&fundingRound=Seed&minFunding=1000&location=Oslo&hasContacts=true&emailStatus=verified&dateStart=2020-01-01&range=1y'),
        today,
      ),
    ).toEqual({
      dateStart: '2026-03-09',
      industry: ['AI'],
      fundingRound: ['Seed'],
      minFunding: 1000,
      location: 'Oslo',
      hasContacts: true,
      emailStatus: 'verified',
      q: 'acme',
    });
  });

  it('sends the search as the server matches it, trimmed', () => {
    expect(recentLeadFilter(view({ q: '  acme ' }), today)).toEqual({ dateStart: '2026-03-09', q: 'acme' });
    expect(recentLeadFilter(view({ q: '   ' }), today)).toEqual({ dateStart: '2026-03-09' });
  });
});

describe('historicalLeadFilter', () => {
  it('sends no dates for All Time', () => {
    expect(historicalLeadFilter(view({ industry: ['SaaS'] }), today)).toEqual({ industry: ['SaaS'] });
  });

  it('sends the preset range bounds', () => {
    expect(historicalLeadFilter(view({ q: 'bio', range: '30d' }), today)).toEqual({ q: 'bio', dateStart: '2026-02-14', dateEnd: '2026-03-15' });
  });

  it('sends a custom range as given, either end open, and not at all when it is backwards', () => {
    expect(historicalLeadFilter(read('dateStart=2024-01-01&dateEnd=2024-06-30'), today)).toEqual({ dateStart: '2024-01-01', dateEnd: '2024-06-30' });
    expect(historicalLeadFilter(read('dateEnd=2024-06-30'), today)).toEqual({ dateEnd: '2024-06-30' });
    expect(historicalLeadFilter(read('dateStart=2024-07-01&dateEnd=2024-06-30'), today)).toEqual({});
    expect(historicalLeadFilter(read('range=custom'), today)).toEqual({});
  });

  it('sends neither amount when the minimum is above the maximum', () => {
    expect(historicalLeadFilter(read('minFunding=5000000&maxFunding=1000'), today)).toEqual({});
  });
});

describe('leadFilterQueryString', () => {
  it('puts page and limit first and leaves out empty filters', () => {
    expect(leadFilterQueryString({ industry: ['AI'], q: undefined, fundingRound: [], dateStart: '2026-03-09' }, { page: 2, limit: 20 })).toBe(
      'page=2&limit=20&industry=AI&dateStart=2026-03-09',
    );
  });

  it('repeats list params and writes every filter', () => {
    expect(
      leadFilterQueryString({
        q: 'x',
        hasContacts: false,
        emailStatus: 'verified',
        location: 'Oslo',
        maxFunding: 9,
        minFunding: 1,
        fundingRound: ['Seed', 'Undisclosed'],
        industry: ['AI', 'SaaS'],
        dateEnd: '2024-02-01',
        dateStart: '2024-01-01',
      }),
    ).toBe(
      'industry=AI&industry=SaaS&fundingRound=Seed&fundingRound=Undisclosed&minFunding=1&maxFunding=9&dateStart=2024-01-01&dateEnd=2024-02-01&location=Oslo&hasContacts=false&emailStatus=verified&q=x',
    );
  });

  it('encodes values', () => {
    expect(leadFilterQueryString({ q: 'a&b=c d' })).toBe('q=a%26b%3Dc+d');
  });

  it('gives the same string for the same filter whatever the key order', () => {
    expect(leadFilterQueryString({ q: 'x', industry: ['AI'] })).toBe(leadFilterQueryString({ industry: ['AI'], q: 'x' }));
  });

  it('gives an empty string for no filter', () => {
    expect(leadFilterQueryString({})).toBe('');
  });
});
