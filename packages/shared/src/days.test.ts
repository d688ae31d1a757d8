import { afterEach, describe, expect, it } from 'vitest';
import { addIsoDays, isoDayOf } from './days.js';

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('ISO calendar days', () => {
  it('adds and subtracts days across months, years and a leap day', () => {
    expect(addIsoDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addIsoDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addIsoDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addIsoDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addIsoDays('2026-11-27', -29)).toBe('2026-10-29');
    expect(addIsoDays('2026-11-27', 0)).toBe('2026-11-27');
  });

  it('counts whole days in a process whose zone changes the clock', () => {
    for (const timeZone of ['America/New_York', 'Pacific/Auckland', 'Asia/Kolkata']) {
      process.env.TZ = timeZone;
      // Over both daylight-saving changes of 2026 in New York (Mar 8, Nov 1) and Auckland (Apr 5, Sep 27).
      expect(addIsoDays('2026-03-07', 1), timeZone).toBe('2026-03-08');
      expect(addIsoDays('2026-03-08', 1), timeZone).toBe('2026-03-09');
      expect(addIsoDays('2026-11-02', -2), timeZone).toBe('2026-10-31');
      expect(addIsoDays('2026-04-04', 2), timeZone).toBe('2026-04-06');
      expect(addIsoDays('2026-09-28', -1), timeZone).toBe('2026-09-27');
      expect(isoDayOf(Date.parse('2026-11-27T23:30:00Z')), timeZone).toBe('2026-11-27');
      expect(isoDayOf(new Date('2026-11-28T00:30:00+01:00')), timeZone).toBe('2026-11-27');
    }
  });
});
