// How numbers and dates read everywhere in the app: "$2,500,000", "Nov 20, 2026" ("3 days ago" on hover).
import { format, formatDistance, isSameDay, isValid, startOfDay } from 'date-fns';

const moneyFormatter = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Whole US dollars: 2500000 -> "$2,500,000". */
export function formatMoney(amount: number): string {
  return moneyFormatter.format(Math.round(amount));
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A 'YYYY-MM-DD' string as local midnight of that calendar day. `new Date('2026-01-12')` would be
 * UTC midnight, which is still the 11th anywhere west of Greenwich.
 */
export function parseCalendarDate(value: string): Date | null {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return null;
  const [, year, month, day] = match;
  const date = new Date(Number(year), Number(month) - 1, Number(day));
  // Reject dates that rolled over, such as 2026-02-30.
  if (!isValid(date) || date.getMonth() !== Number(month) - 1 || date.getDate() !== Number(day)) return null;
  return date;
}

/** "today", "3 days ago", "about 1 month ago". Whole days: the time of day does not matter. */
export function formatRelativeDate(value: string, now: Date = new Date()): string {
  const date = parseCalendarDate(value);
  if (!date) return value;
  if (isSameDay(date, now)) return 'today';
  return formatDistance(date, startOfDay(now), { addSuffix: true });
}

/** "January 12, 2026": the exact date for a hover title next to a relative one. */
export function formatExactDate(value: string): string {
  const date = parseCalendarDate(value);
  return date ? format(date, 'MMMM d, yyyy') : value;
}

/** "Nov 20, 2026": how a lead's funding date reads in lists, with the relative form beside it as a tooltip. */
export function formatLeadDate(value: string): string {
  const date = parseCalendarDate(value);
  return date ? format(date, 'MMM d, yyyy') : value;
}

/** "1 subscriber", "2 subscribers": the count and the noun, in the form the count needs. */
const countFormatter = new Intl.NumberFormat('en-US');

/** A whole number as people read it: 12,345. */
export function formatCount(count: number): string {
  return countFormatter.format(count);
}

export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}
