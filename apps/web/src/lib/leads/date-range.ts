// Date windows for the lead screens, as the calendar days the API filters on (YYYY-MM-DD, local time).
// Every window ends today and counts today as its first day: "Last 7 days" is today and the 6 before.
import { RECENT_DAYS } from '@fundwire/shared';
import { addDays, format, subDays, subMonths, subYears } from 'date-fns';

export const DATE_RANGES = [
  { value: 'all', label: 'All Time' },
  // Not in SPEC.md's list: a search saved on the dashboard is the last 7 days and must open as that rolling window
  // (decision 039).
  { value: '7d', label: 'Last 7 Days' },
  { value: '30d', label: 'Last 30 Days' },
  { value: '90d', label: 'Last 90 Days' },
  { value: '6m', label: 'Last 6 Months' },
  { value: '1y', label: 'Last 1 Year' },
] as const;

export type DateRangeKey = (typeof DATE_RANGES)[number]['value'];

export const DEFAULT_DATE_RANGE: DateRangeKey = 'all';

export function isDateRangeKey(value: unknown): value is DateRangeKey {
  return DATE_RANGES.some((range) => range.value === value);
}

export interface DateBounds {
  dateStart?: string;
  dateEnd?: string;
}

/** A local calendar day as 'YYYY-MM-DD' (not toISOString, which would give the UTC day). */
export function toCalendarDay(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** The first day of the window that ends today and reaches back `range`. */
function windowStart(range: Exclude<DateRangeKey, 'all'>, today: Date): Date {
  switch (range) {
    case '7d':
      return subDays(today, RECENT_DAYS - 1);
    case '30d':
      return subDays(today, 30 - 1);
    case '90d':
      return subDays(today, 90 - 1);
    case '6m':
      return addDays(subMonths(today, 6), 1);
    case '1y':
      return addDays(subYears(today, 1), 1);
  }
}

/** The API's dateStart/dateEnd for a historical date range; All Time sets neither. */
export function dateRangeBounds(range: DateRangeKey, today: Date): DateBounds {
  if (range === 'all') return {};
  return { dateStart: toCalendarDay(windowStart(range, today)), dateEnd: toCalendarDay(today) };
}

/** The dashboard's window: the last 7 days, today included (docs/product/SPEC.md section 9). */
export function recentLeadsStart(today: Date): string {
  return toCalendarDay(subDays(today, RECENT_DAYS - 1));
}
