// How the mail schedule reads on screen: a send time in the schedule's own time zone, named.
export function formatSendTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** The scheduled time has come (the send is overdue and will go out at the scheduler's next tick). */
export function isOverdue(iso: string, now: number = Date.now()): boolean {
  return Date.parse(iso) <= now + 60_000;
}
