// When alert mail goes out: weekly on Monday 09:00 and daily at 09:00, both in ALERT_TIMEZONE.
// Computed on wall-clock time in that zone, so 09:00 stays 09:00 across daylight-saving changes.
import { TZDate } from '@date-fns/tz';

export const SEND_HOUR = 9;
/** ISO weekday of the weekly mailing (1 = Monday). */
export const WEEKLY_SEND_WEEKDAY = 1;

export type EditionCadence = 'weekly' | 'daily';

function wallClock(instant: Date, timeZone: string): TZDate {
  return new TZDate(instant.getTime(), timeZone);
}

/** The instant of 09:00 on the zone's calendar day `y-m-d` (month 0-based; overflowing days roll over). */
function sendInstant(year: number, month: number, day: number, timeZone: string): Date {
  return new Date(new TZDate(year, month, day, SEND_HOUR, 0, 0, 0, timeZone).getTime());
}

/** The latest send time of the cadence at or before `now`. */
export function previousSend(cadence: EditionCadence, now: Date, timeZone: string): Date {
  const local = wallClock(now, timeZone);
  const isoWeekday = local.getDay() === 0 ? 7 : local.getDay();
  const daysBack = cadence === 'daily' ? 0 : (isoWeekday - WEEKLY_SEND_WEEKDAY + 7) % 7;
  let candidate = sendInstant(local.getFullYear(), local.getMonth(), local.getDate() - daysBack, timeZone);
  if (candidate.getTime() > now.getTime()) {
    candidate = sendInstant(local.getFullYear(), local.getMonth(), local.getDate() - daysBack - (cadence === 'daily' ? 1 : 7), timeZone);
  }
  return candidate;
}

/** The first send time of the cadence strictly after `now`. */
export function nextSend(cadence: EditionCadence, now: Date, timeZone: string): Date {
  const previous = wallClock(previousSend(cadence, now, timeZone), timeZone);
  return sendInstant(previous.getFullYear(), previous.getMonth(), previous.getDate() + (cadence === 'daily' ? 1 : 7), timeZone);
}

/** The zone's calendar date (YYYY-MM-DD) of an instant. */
export function zonedDate(instant: Date, timeZone: string): string {
  const local = wallClock(instant, timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/** True when the IANA zone name is known to this runtime. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
