// How the mail schedule reads on screen: a send time in the schedule's own time zone, named.
export function formatSendTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  const text = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
  return text;
}

/** "Mon, Nov 23, 9:00 AM EST" plus the zone's IANA name when the short name is ambiguous (e.g. GMT+11). */
export function describeSendTime(iso: string, timeZone: string): { text: string; zone: string } {
  return { text: formatSendTime(iso, timeZone), zone: timeZone.replace(/_/g, ' ') };
}

/** The scheduled time has come (the send is overdue and will go out at the scheduler's next tick). */
export function isOverdue(iso: string, now: number = Date.now()): boolean {
  return Date.parse(iso) <= now + 60_000;
}
