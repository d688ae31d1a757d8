import { describe, expect, it } from 'vitest';
import { formatSendTime } from './schedule-display';

describe('formatSendTime', () => {
  it('shows the send time in the schedule zone, whatever the browser zone', () => {
    expect(formatSendTime('2026-11-23T14:00:00.000Z', 'America/New_York')).toBe('Mon, Nov 23, 9:00 AM EST');
    expect(formatSendTime('2026-10-26T13:00:00.000Z', 'America/New_York')).toBe('Mon, Oct 26, 9:00 AM EDT');
    expect(formatSendTime('2026-11-23T09:00:00.000Z', 'Europe/London')).toBe('Mon, Nov 23, 9:00 AM GMT');
  });
});
