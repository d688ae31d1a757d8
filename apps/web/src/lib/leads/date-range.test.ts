import { describe, expect, it } from 'vitest';
import { DATE_RANGES, dateRangeBounds, isDateRangeKey, recentLeadsStart, toCalendarDay } from '@/lib/leads/date-range';

// Late in the evening, so a UTC conversion would already be tomorrow in most zones east of London.
const today = new Date(2026, 2, 15, 23, 30); // March 15, 2026, local time

describe('toCalendarDay', () => {
  it('gives the local calendar day', () => {
    expect(toCalendarDay(today)).toBe('2026-03-15');
    expect(toCalendarDay(new Date(2026, 0, 1, 0, 0))).toBe('2026-01-01');
  });
});

describe('recentLeadsStart', () => {
  it('starts 6 days before today, so the window holds 7 days with today', () => {
    expect(recentLeadsStart(today)).toBe('2026-03-09');
  });

  it('crosses month and year boundaries', () => {
    expect(recentLeadsStart(new Date(2026, 0, 3))).toBe('2025-12-28');
  });
});

describe('dateRangeBounds', () => {
  it('sets no bounds for All Time', () => {
    expect(dateRangeBounds('all', today)).toEqual({});
  });

  it('ends every other range today', () => {
    for (const { value } of DATE_RANGES.filter((range) => range.value !== 'all')) {
      expect(dateRangeBounds(value, today).dateEnd).toBe('2026-03-15');
    }
  });

  it('counts day ranges in whole days including today', () => {
    expect(dateRangeBounds('7d', today).dateStart).toBe('2026-03-09');
    expect(dateRangeBounds('7d', today).dateStart).toBe(recentLeadsStart(today));
    expect(dateRangeBounds('30d', today).dateStart).toBe('2026-02-14');
    expect(dateRangeBounds('90d', today).dateStart).toBe('2025-12-16');
  });

  it('counts month and year ranges back to the day after the same date', () => {
    expect(dateRangeBounds('6m', today).dateStart).toBe('2025-09-16');
    expect(dateRangeBounds('1y', today).dateStart).toBe('2025-03-16');
  });

  it('handles month ends and leap days', () => {
    expect(dateRangeBounds('6m', new Date(2026, 7, 31)).dateStart).toBe('2026-03-01'); // Feb 28 + 1 day
    expect(dateRangeBounds('1y', new Date(2024, 1, 29)).dateStart).toBe('2023-03-01');
  });

  it('lists the five ranges of docs/product/SPEC.md section 9 in order, with the dashboard’s 7 days (decision 039)', () => {
    expect(DATE_RANGES.map((range) => range.label)).toEqual(['All Time', 'Last 7 Days', 'Last 30 Days', 'Last 90 Days', 'Last 6 Months', 'Last 1 Year']);
  });
});

describe('isDateRangeKey', () => {
  it('accepts only the known keys', () => {
    expect(isDateRangeKey('90d')).toBe(true);
    expect(isDateRangeKey('7d')).toBe(true);
    expect(isDateRangeKey('14d')).toBe(false);
    expect(isDateRangeKey(null)).toBe(false);
  });
});
