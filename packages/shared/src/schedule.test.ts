import { describe, expect, it } from 'vitest';
import { isTimeZone, nextSend, previousSend, zonedDate } from './schedule.js';

const NY = 'America/New_York';

describe('weekly schedule (Monday 09:00 in the alert time zone)', () => {
  it('is the coming Monday 09:00 from mid-week', () => {
    // Wednesday 2026-11-18 15:00 UTC = 10:00 EST.
    expect(nextSend('weekly', new Date('2026-11-18T15:00:00Z'), NY).toISOString()).toBe('2026-11-23T14:00:00.000Z');
    expect(previousSend('weekly', new Date('2026-11-18T15:00:00Z'), NY).toISOString()).toBe('2026-11-16T14:00:00.000Z');
  });

  it('on Monday before 09:00 the send is the same morning; at 09:00 exactly it is the following week', () => {
    expect(nextSend('weekly', new Date('2026-11-23T13:59:59Z'), NY).toISOString()).toBe('2026-11-23T14:00:00.000Z');
    expect(previousSend('weekly', new Date('2026-11-23T14:00:00Z'), NY).toISOString()).toBe('2026-11-23T14:00:00.000Z');
    expect(nextSend('weekly', new Date('2026-11-23T14:00:00Z'), NY).toISOString()).toBe('2026-11-30T14:00:00.000Z');
  });

  it('stays at 09:00 local when daylight saving ends (EDT to EST, 2026-11-01)', () => {
    // Thursday 2026-10-29 12:00 EDT: next Monday 2026-11-02 is already in EST (UTC-5).
    expect(nextSend('weekly', new Date('2026-10-29T16:00:00Z'), NY).toISOString()).toBe('2026-11-02T14:00:00.000Z');
    // The Monday before the change was still EDT (UTC-4).
    expect(previousSend('weekly', new Date('2026-10-29T16:00:00Z'), NY).toISOString()).toBe('2026-10-26T13:00:00.000Z');
  });

  it('stays at 09:00 local when daylight saving starts (EST to EDT, 2027-03-14)', () => {
    // Saturday 2027-03-13 12:00 EST; the change happens Sunday 02:00.
    expect(nextSend('weekly', new Date('2027-03-13T17:00:00Z'), NY).toISOString()).toBe('2027-03-15T13:00:00.000Z');
    // During the skipped hour itself.
    expect(nextSend('weekly', new Date('2027-03-14T07:30:00Z'), NY).toISOString()).toBe('2027-03-15T13:00:00.000Z');
  });

  it('follows the configured zone, including the southern hemisphere', () => {
    expect(nextSend('weekly', new Date('2026-11-18T00:00:00Z'), 'Europe/London').toISOString()).toBe('2026-11-23T09:00:00.000Z');
    // Sydney is on daylight time (UTC+11) in November: Monday 09:00 = Sunday 22:00 UTC.
    expect(nextSend('weekly', new Date('2026-11-18T00:00:00Z'), 'Australia/Sydney').toISOString()).toBe('2026-11-22T22:00:00.000Z');
  });
});

describe('daily schedule (09:00)', () => {
  it('is today 09:00 before nine and tomorrow after', () => {
    expect(nextSend('daily', new Date('2026-11-18T13:00:00Z'), NY).toISOString()).toBe('2026-11-18T14:00:00.000Z');
    expect(nextSend('daily', new Date('2026-11-18T15:00:00Z'), NY).toISOString()).toBe('2026-11-19T14:00:00.000Z');
  });

  it('crosses the autumn change: Saturday 09:00 EDT, then Sunday 09:00 EST', () => {
    expect(previousSend('daily', new Date('2026-10-31T20:00:00Z'), NY).toISOString()).toBe('2026-10-31T13:00:00.000Z');
    expect(nextSend('daily', new Date('2026-10-31T20:00:00Z'), NY).toISOString()).toBe('2026-11-01T14:00:00.000Z');
  });
});

describe('zonedDate and isTimeZone', () => {
  it('gives the calendar date in the zone', () => {
    expect(zonedDate(new Date('2026-11-23T03:00:00Z'), NY)).toBe('2026-11-22');
    expect(zonedDate(new Date('2026-11-23T03:00:00Z'), 'UTC')).toBe('2026-11-23');
  });
  it('recognises IANA zones', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
