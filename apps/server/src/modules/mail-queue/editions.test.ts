import { describe, expect, it } from 'vitest';
import { editionId, periodSendTime } from './editions.js';
import { backoffMs, isPermanentFailure, messageIdFor } from './sender.js';

const NY = 'America/New_York';

describe('edition periods (fixed clocks)', () => {
  it('Monday before 09:00 belongs to that Monday: an early manual send replaces the scheduled one', () => {
    const mondayEarly = new Date('2026-11-23T12:00:00Z'); // 07:00 EST
    expect(editionId('newsletter-weekly', mondayEarly, NY)).toBe('newsletter-weekly:2026-11-23');
    expect(periodSendTime('newsletter-weekly', mondayEarly, NY).toISOString()).toBe('2026-11-23T14:00:00.000Z');
  });

  it('the rest of the week belongs to the Monday before, up to Sunday night', () => {
    expect(editionId('newsletter-weekly', new Date('2026-11-25T18:00:00Z'), NY)).toBe('newsletter-weekly:2026-11-23');
    // Sunday 23:30 EST is Monday 04:30 UTC: still the old week in New York.
    expect(editionId('newsletter-weekly', new Date('2026-11-30T04:30:00Z'), NY)).toBe('newsletter-weekly:2026-11-23');
    expect(editionId('newsletter-weekly', new Date('2026-11-30T05:30:00Z'), NY)).toBe('newsletter-weekly:2026-11-30');
  });

  it('daily editions are per calendar day in the zone, across the DST change', () => {
    expect(editionId('alerts-daily', new Date('2026-11-01T05:30:00Z'), NY)).toBe('alerts-daily:2026-11-01');
    expect(periodSendTime('alerts-daily', new Date('2026-11-01T05:30:00Z'), NY).toISOString()).toBe('2026-11-01T14:00:00.000Z');
    expect(periodSendTime('alerts-daily', new Date('2026-10-31T20:00:00Z'), NY).toISOString()).toBe('2026-10-31T13:00:00.000Z');
  });
});

describe('delivery policy', () => {
  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(20)).toBe(3_600_000);
  });
  it('treats 5xx replies as permanent and everything else as transient', () => {
    expect(isPermanentFailure(Object.assign(new Error('no mailbox'), { responseCode: 550 }))).toBe(true);
    expect(isPermanentFailure(Object.assign(new Error('greylisted'), { responseCode: 451 }))).toBe(false);
    expect(isPermanentFailure(Object.assign(new Error('refused'), { code: 'ECONNECTION' }))).toBe(false);
  });
  it('gives a resent mail the same Message-ID', () => {
    const a = messageIdFor('newsletter-weekly:2026-11-23', 'a@example.com', 'https://fundwire.example');
    expect(a).toBe(messageIdFor('newsletter-weekly:2026-11-23', 'a@example.com', 'https://fundwire.example'));
    expect(a).not.toBe(messageIdFor('newsletter-weekly:2026-11-30', 'a@example.com', 'https://fundwire.example'));
    expect(a).toMatch(/^<[0-9a-f]{32}@fundwire\.example>$/);
  });
});

describe('catch-up after downtime', () => {
  it('a missed Monday send still goes out within a day, not later', async () => {
    const { isDue } = await import('./editions.js');
    expect(isDue('newsletter-weekly', new Date('2026-11-23T13:59:00Z'), NY)).toBe(false); // 08:59 Monday
    expect(isDue('newsletter-weekly', new Date('2026-11-23T14:00:00Z'), NY)).toBe(true);
    expect(isDue('newsletter-weekly', new Date('2026-11-24T13:59:00Z'), NY)).toBe(true); // Tuesday 08:59
    expect(isDue('newsletter-weekly', new Date('2026-11-24T14:01:00Z'), NY)).toBe(false);
    expect(isDue('alerts-daily', new Date('2026-11-24T16:59:00Z'), NY)).toBe(true); // 11:59
    expect(isDue('alerts-daily', new Date('2026-11-24T17:01:00Z'), NY)).toBe(false);
  });
});
