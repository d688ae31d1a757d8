// Whether the sources screen should keep polling.
import type { SourcesResponse } from '@fundwire/shared';

/** True when any source has a run in progress or a day being worked on (a 'pending' day waits for the next run). */
export function isAnySourceRunning(data: SourcesResponse | undefined): boolean {
  if (!data) return false;
  return data.sources.some(
    (source) => source.lastRun?.status === 'running' || source.days.some((day) => day.status === 'running'),
  );
}
