import type { SourceStatus } from '@fundwire/shared';
import { describe, expect, it } from 'vitest';
import { isAnySourceRunning } from './status';

const source = (overrides: Partial<SourceStatus> = {}): SourceStatus => ({
  id: 'sec-form-d',
  name: 'SEC Form D filings',
  enabled: true,
  enableHint: null,
  lastRun: { startedAt: '2026-11-25T09:00:00Z', finishedAt: '2026-11-25T09:01:00Z', status: 'done' },
  nextRunAt: '2026-11-25T10:00:00Z',
  paused: null,
  days: [],
  errors: [],
  failures: [],
  ...overrides,
});

const merges = { mergedThisWeek: 0, leadsWithSeveralSources: 0 };
const enrichment = { providerEnabled: false, requestsToday: 0, dailyLimit: 500, pausedUntil: null, lastErrors: [], coverage: [] };

const day = (status: SourceStatus['days'][number]['status']) => ({
  day: '2026-11-24',
  status,
  filingsSeen: 1,
  created: 1,
  updated: 0,
  skipped: {},
  failed: 0,
  contactsSkipped: 0,
  updatedAt: '2026-11-25T09:01:00Z',
});

describe('isAnySourceRunning', () => {
  it('is true while a run or a day is in progress, so the screen polls', () => {
    expect(isAnySourceRunning({ merges, enrichment, sources: [source({ lastRun: { startedAt: '2026-11-25T09:00:00Z', finishedAt: null, status: 'running' } })] })).toBe(true);
    expect(isAnySourceRunning({ merges, enrichment, sources: [source({ days: [day('running')] })] })).toBe(true);
  });

  it('is false when every run is over, or before the data is there', () => {
    expect(isAnySourceRunning({ merges, enrichment, sources: [source({ days: [day('done'), day('failed'), day('no-index'), day('pending')] })] })).toBe(false);
    expect(isAnySourceRunning({ merges, enrichment, sources: [source({ lastRun: null })] })).toBe(false);
    expect(isAnySourceRunning(undefined)).toBe(false);
  });
});
