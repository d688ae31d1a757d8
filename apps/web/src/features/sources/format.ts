// How the sources screen reads: skip reasons in words, run times as "3 minutes ago" with the exact time.
import type { SourceDay } from '@fundwire/shared';
import { format, formatDistance, isValid } from 'date-fns';
import { formatCount } from '@/lib/format';

/** Words for the skip reasons in packages/shared SOURCE_SKIP_REASONS; other keys read with dashes as spaces. */
const SKIP_REASON_LABELS: Record<string, string> = {
  'pooled-fund': 'fund',
  'real-estate': 'real estate',
  malformed: 'malformed',
  'not-a-startup-round': 'not a startup round',
  duplicate: 'duplicate',
};

export function skipReasonLabel(reason: string): string {
  return SKIP_REASON_LABELS[reason] ?? reason.replace(/[-_]+/g, ' ');
}

/** { 'pooled-fund': 3, 'real-estate': 1 } -> "fund 3, real estate 1" (largest first, zeros left out); "none" when empty. */
export function formatSkipped(skipped: Record<string, number>): string {
  const parts = Object.entries(skipped)
    .filter(([, count]) => count > 0)
    .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
    .map(([reason, count]) => `${skipReasonLabel(reason)} ${formatCount(count)}`);
  return parts.length === 0 ? 'none' : parts.join(', ');
}

/** All skipped filings of a day. */
export function totalSkipped(skipped: Record<string, number>): number {
  return Object.values(skipped).reduce((sum, count) => sum + count, 0);
}

function parseInstant(iso: string): Date | null {
  const date = new Date(iso);
  return isValid(date) ? date : null;
}

/** "3 minutes ago", "in about 1 hour"; the input unchanged when it is not a timestamp. */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const date = parseInstant(iso);
  if (!date) return iso;
  if (Math.abs(date.getTime() - now.getTime()) < 45_000) return date <= now ? 'just now' : 'in less than a minute';
  return formatDistance(date, now, { addSuffix: true });
}

/** "Nov 25, 2026, 9:41 AM": the exact local time for a hover title or a second line. */
export function formatExactTime(iso: string): string {
  const date = parseInstant(iso);
  return date ? format(date, 'MMM d, yyyy, h:mm a') : iso;
}

const DAY_STATUS_LABELS: Record<SourceDay['status'], string> = {
  pending: 'Pending',
  running: 'Running',
  done: 'Done',
  'no-index': 'No index yet',
  failed: 'Failed',
};

export function dayStatusLabel(status: SourceDay['status']): string {
  return DAY_STATUS_LABELS[status];
}

/** The Run now toast: "Run queued for 7 days", "Run queued for 1 day". */
export function runQueuedMessage(days: readonly string[]): string {
  return `Run queued for ${days.length} ${days.length === 1 ? 'day' : 'days'}`;
}
