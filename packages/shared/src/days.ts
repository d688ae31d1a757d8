// Calendar days as ISO text (YYYY-MM-DD), the way leads, filters and feeds name them, counted with date-fns.
import { addDays } from 'date-fns';

/** The UTC calendar day of an instant. */
export function isoDayOf(instant: Date | number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/**
 * The day `count` days after `day` (before it when negative). date-fns adds days on the process's local calendar;
 * anchored at noon UTC, the most a daylight-saving change moves the clock (an hour or two) never leaves the UTC day,
 * whatever zone the process runs in. Plain dates keep it cheap enough for hot paths, which a zone-aware date is not.
 */
export function addIsoDays(day: string, count: number): string {
  return isoDayOf(addDays(new Date(`${day}T12:00:00Z`), count));
}
