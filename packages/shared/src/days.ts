// Calendar days as ISO text (YYYY-MM-DD), counted in UTC with date-fns: a day is a day whatever the zone the
// process runs in and its daylight-saving changes (local-time arithmetic would lose or repeat one).
import { tz } from '@date-fns/tz';
import { addDays, format } from 'date-fns';

const UTC = tz('UTC');

/** The UTC calendar day of an instant. */
export function isoDayOf(instant: Date | number): string {
  return format(instant, 'yyyy-MM-dd', { in: UTC });
}

/** The day `count` days after `day` (before it when negative). */
export function addIsoDays(day: string, count: number): string {
  return isoDayOf(addDays(`${day}T00:00:00Z`, count, { in: UTC }));
}
