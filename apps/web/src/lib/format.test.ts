import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatExactDate, formatLeadDate, formatMoney, formatRelativeDate, parseCalendarDate, pluralize } from './format';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('formatMoney', () => {
  it('reads as whole US dollars with thousands separators', () => {
    expect(formatMoney(2_500_000)).toBe('$2,500,000');
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(999)).toBe('$999');
  });

  it('rounds to whole dollars', () => {
    expect(formatMoney(1234.56)).toBe('$1,235');
  });
});

describe('formatRelativeDate', () => {
  const now = new Date(2026, 0, 15, 14, 30); // January 15, 2026, 14:30 local time

  it('counts whole calendar days, whatever the time of day', () => {
    expect(formatRelativeDate('2026-01-12', now)).toBe('3 days ago');
    expect(formatRelativeDate('2026-01-14', now)).toBe('1 day ago');
    expect(formatRelativeDate('2026-01-14', new Date(2026, 0, 15, 0, 5))).toBe('1 day ago');
  });

  it('says "today" for the current day', () => {
    expect(formatRelativeDate('2026-01-15', now)).toBe('today');
    expect(formatRelativeDate('2026-01-15', new Date(2026, 0, 15, 23, 59))).toBe('today');
  });

  it('uses approximate wording for longer spans', () => {
    expect(formatRelativeDate('2025-12-15', now)).toBe('about 1 month ago');
    expect(formatRelativeDate('2024-12-01', now)).toBe('about 1 year ago');
  });

  it('returns the input unchanged when it is not a calendar date', () => {
    expect(formatRelativeDate('not a date', now)).toBe('not a date');
    expect(formatRelativeDate('2026-02-30', now)).toBe('2026-02-30');
  });

  it('treats the date as a calendar day, not UTC midnight, west of Greenwich', () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    const morning = new Date(2026, 0, 12, 9, 0);
    expect(morning.getTimezoneOffset()).toBeGreaterThan(0); // the zone change took effect
    expect(formatRelativeDate('2026-01-12', morning)).toBe('today');
    expect(formatExactDate('2026-01-12')).toBe('January 12, 2026');
  });
});

describe('parseCalendarDate', () => {
  it('gives local midnight of that day', () => {
    const date = parseCalendarDate('2026-03-09');
    expect(date).not.toBeNull();
    expect([date!.getFullYear(), date!.getMonth(), date!.getDate(), date!.getHours()]).toEqual([2026, 2, 9, 0]);
  });
});

describe('formatExactDate', () => {
  it('spells the date out for a hover title', () => {
    expect(formatExactDate('2026-01-05')).toBe('January 5, 2026');
  });
});

describe('formatLeadDate', () => {
  it('writes a calendar date short and absolute', () => {
    expect(formatLeadDate('2026-11-20')).toBe('Nov 20, 2026');
    expect(formatLeadDate('2026-01-02')).toBe('Jan 2, 2026');
  });
  it('leaves an unreadable value as it is', () => {
    expect(formatLeadDate('someday')).toBe('someday');
  });
});

describe('pluralize', () => {
  it('uses the singular for exactly one', () => {
    expect(pluralize(1, 'subscriber')).toBe('1 subscriber');
    expect(pluralize(0, 'subscriber')).toBe('0 subscribers');
    expect(pluralize(2, 'lead')).toBe('2 leads');
    expect(pluralize(1200, 'company', 'companies')).toBe('1,200 companies');
  });
});
