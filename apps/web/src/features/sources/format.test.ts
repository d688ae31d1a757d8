import { describe, expect, it } from 'vitest';
import { dayStatusLabel, formatExactTime, formatRelativeTime, formatSkipped, runQueuedMessage, skipReasonLabel, totalSkipped } from './format';

describe('formatSkipped', () => {
  it('names each reason in words with its count, largest first', () => {
    expect(formatSkipped({ 'real-estate': 1, 'pooled-fund': 3 })).toBe('fund 3, real estate 1');
  });

  it('leaves out zero counts and says "none" when nothing was skipped', () => {
    expect(formatSkipped({ malformed: 0, duplicate: 2 })).toBe('duplicate 2');
    expect(formatSkipped({})).toBe('none');
    expect(formatSkipped({ malformed: 0 })).toBe('none');
  });

  it('orders equal counts by reason and groups thousands', () => {
    expect(formatSkipped({ malformed: 2, duplicate: 2, 'not-a-startup-round': 1200 })).toBe('not a startup round 1,200, duplicate 2, malformed 2');
  });

  it('reads reasons a source adds with dashes as spaces', () => {
    expect(skipReasonLabel('amended-filing')).toBe('amended filing');
    expect(skipReasonLabel('pooled-fund')).toBe('fund');
  });
});

describe('totalSkipped', () => {
  it('adds every reason', () => {
    expect(totalSkipped({ 'pooled-fund': 3, 'real-estate': 1 })).toBe(4);
    expect(totalSkipped({})).toBe(0);
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-11-25T10:00:00Z');

  it('reads past and future instants relative to now', () => {
    expect(formatRelativeTime('2026-11-25T09:57:00Z', now)).toBe('3 minutes ago');
    expect(formatRelativeTime('2026-11-25T11:00:00Z', now)).toBe('in about 1 hour');
    expect(formatRelativeTime('2026-11-22T10:00:00Z', now)).toBe('3 days ago');
  });

  it('says "just now" within a few seconds', () => {
    expect(formatRelativeTime('2026-11-25T09:59:50Z', now)).toBe('just now');
    expect(formatRelativeTime('2026-11-25T10:00:20Z', now)).toBe('in less than a minute');
  });

  it('returns the input unchanged when it is not a timestamp', () => {
    expect(formatRelativeTime('soon', now)).toBe('soon');
    expect(formatExactTime('soon')).toBe('soon');
  });
});

describe('formatExactTime', () => {
  it('gives the local date and time', () => {
    const local = new Date(2026, 10, 25, 9, 41);
    expect(formatExactTime(local.toISOString())).toBe('Nov 25, 2026, 9:41 AM');
  });
});

describe('runQueuedMessage', () => {
  it('counts the days queued', () => {
    expect(runQueuedMessage(['2026-11-24', '2026-11-25'])).toBe('Run queued for 2 days');
    expect(runQueuedMessage(['2026-11-25'])).toBe('Run queued for 1 day');
  });
});

describe('dayStatusLabel', () => {
  it('reads a day without an index (weekend, holiday, or not out yet) as not published yet', () => {
    expect(dayStatusLabel('no-index')).toBe('No index yet');
  });
});
