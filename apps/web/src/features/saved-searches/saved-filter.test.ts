import { describe, expect, it } from 'vitest';
import { EMPTY_LEAD_VIEW, readLeadViewParams, type LeadViewParams } from '@/lib/leads/view-params';
import { describeSavedFilter, openSavedSearchLink, savedFilterChips, savedFilterFromView, savedFilterSearchParams } from './saved-filter';

const view = (patch: Partial<LeadViewParams>): LeadViewParams => ({ ...EMPTY_LEAD_VIEW, ...patch });
const today = new Date(2026, 10, 25); // Nov 25, 2026, local

describe('savedFilterFromView', () => {
  it('keeps every filter the screen applies, as JSON values', () => {
    const filter = savedFilterFromView(
      view({
        q: ' ai ',
        industry: ['Fintech'],
        fundingRound: ['Series A'],
        minFunding: 5_000_000,
        maxFunding: 20_000_000,
        location: 'Berlin',
        hasContacts: true,
        verifiedEmail: true,
      }),
      'historical',
    );
    expect(filter).toEqual({
      q: 'ai',
      industry: ['Fintech'],
      fundingRound: ['Series A'],
      minFunding: 5_000_000,
      maxFunding: 20_000_000,
      location: 'Berlin',
      hasContacts: true,
      emailStatus: 'verified',
    });
  });

  it('saves the dashboard as the last 7 days, whatever dates the URL holds', () => {
    expect(savedFilterFromView(view({ range: 'custom', dateStart: '2026-01-01' }), 'dashboard')).toEqual({ lastDays: 7 });
  });

  it('turns a rolling preset into lastDays, a custom range into dates, and All Time into nothing', () => {
    expect(savedFilterFromView(view({ range: '30d' }), 'historical')).toEqual({ lastDays: 30 });
    expect(savedFilterFromView(view({ range: '1y' }), 'historical')).toEqual({ lastDays: 365 });
    expect(savedFilterFromView(view({ range: 'custom', dateStart: '2026-01-01', dateEnd: '2026-03-31' }), 'historical')).toEqual({
      dateStart: '2026-01-01',
      dateEnd: '2026-03-31',
    });
    expect(savedFilterFromView(view({ range: 'all' }), 'historical')).toEqual({});
  });

  it('drops bounds the server would refuse (min above max, start after end)', () => {
    expect(savedFilterFromView(view({ minFunding: 10, maxFunding: 5 }), 'historical')).toEqual({});
    expect(savedFilterFromView(view({ range: 'custom', dateStart: '2026-05-01', dateEnd: '2026-04-01' }), 'historical')).toEqual({});
  });
});

describe('savedFilterSearchParams', () => {
  it('opens a saved filter on /historical with the same filters', () => {
    const saved = {
      q: 'ai',
      industry: ['Fintech', 'AI'],
      fundingRound: ['Seed'],
      minFunding: 1_000_000,
      location: 'Paris',
      hasContacts: false,
      emailStatus: 'verified' as const,
      lastDays: 90,
    };
    const params = savedFilterSearchParams(saved, today);
    expect(params.getAll('industry')).toEqual(['Fintech', 'AI']);
    expect(params.get('emailStatus')).toBe('verified');
    expect(params.get('range')).toBe('90d');
    expect(savedFilterFromView(readLeadViewParams(params), 'historical')).toEqual(saved);
  });

  it('opens a search saved on the dashboard as the rolling last 7 days, not as a fixed start date', () => {
    const saved = savedFilterFromView(view({ industry: ['AI'] }), 'dashboard');
    const params = savedFilterSearchParams(saved, today);
    expect(params.toString()).toBe('industry=AI&range=7d');
    // Saved again from the screen it opened, it is still the rolling window.
    expect(savedFilterFromView(readLeadViewParams(params), 'historical')).toEqual({ industry: ['AI'], lastDays: 7 });
  });

  it('opens a window that is no preset as dates counted from today, and fixed dates as they are', () => {
    const params = savedFilterSearchParams({ lastDays: 14 }, today);
    expect(params.get('dateStart')).toBe('2026-11-12');
    expect(params.get('dateEnd')).toBeNull();
    const fixed = savedFilterSearchParams({ dateStart: '2026-01-01', dateEnd: '2026-02-01' }, today);
    expect(fixed.toString()).toBe('range=custom&dateStart=2026-01-01&dateEnd=2026-02-01');
    expect(savedFilterSearchParams({}, today).toString()).toBe('');
  });
});

describe('describeSavedFilter', () => {
  it('says the filter in words', () => {
    expect(
      describeSavedFilter({
        fundingRound: ['Seed', 'Series A'],
        industry: ['Fintech'],
        minFunding: 5_000_000,
        maxFunding: 20_000_000,
        location: 'Europe',
        lastDays: 30,
      }),
    ).toBe('Seed or Series A rounds in Fintech, $5,000,000 to $20,000,000, in Europe, last 30 days');
    expect(describeSavedFilter({ minFunding: 1_000_000, hasContacts: true, q: 'robots' })).toBe(
      'Every round, at least $1,000,000, with contacts, matching “robots”',
    );
    expect(describeSavedFilter({ emailStatus: 'verified', lastDays: 7 })).toBe('Every round, with a verified email, last 7 days');
    expect(describeSavedFilter({})).toBe('Every round');
    expect(describeSavedFilter({ dateStart: '2026-01-01' })).toBe('Every round, funded from Jan 1, 2026');
  });
});

describe('savedFilterChips', () => {
  it('gives one chip per value, each removing only itself', () => {
    const chips = savedFilterChips({ industry: ['Fintech', 'AI'], fundingRound: ['Seed'], lastDays: 7 });
    expect(chips.map((chip) => chip.label)).toEqual(['Industry: Fintech', 'Industry: AI', 'Round: Seed', 'Date: Last 7 days']);
    expect(chips[0]?.without).toEqual({ industry: ['AI'], fundingRound: ['Seed'], lastDays: 7 });
    expect(chips[2]?.without).toEqual({ industry: ['Fintech', 'AI'], lastDays: 7 });
    const verified = savedFilterChips({ emailStatus: 'verified', industry: ['AI'] });
    expect(verified.map((chip) => chip.label)).toEqual(['Industry: AI', 'Verified email only']);
    expect(verified[1]?.without).toEqual({ industry: ['AI'] });
  });
});

describe('openSavedSearchLink', () => {
  it('drops savedSearch and turns the mail link’s lastDays into the archive’s date params', () => {
    const link = new URLSearchParams('savedSearch=abc&industry=Fintech&lastDays=30&q=ai');
    expect(openSavedSearchLink(link, today).toString()).toBe('industry=Fintech&q=ai&range=30d');
    expect(openSavedSearchLink(new URLSearchParams('savedSearch=abc&lastDays=7'), today).toString()).toBe('range=7d');
    expect(openSavedSearchLink(new URLSearchParams('savedSearch=abc&lastDays=14'), today).toString()).toBe('range=custom&dateStart=2026-11-12');
    expect(openSavedSearchLink(new URLSearchParams('savedSearch=abc&dateStart=2026-01-01&lastDays=x'), today).toString()).toBe('dateStart=2026-01-01');
  });
});
