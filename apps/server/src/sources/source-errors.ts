// What a source run records when something goes wrong: an error per day or item (the newest kept), and a pause
// of the whole source, for every instance, when the source blocks us.
import type { Database, RawQuery } from '../db/client.js';

/** Errors kept per source: older ones are deleted as new ones come. */
export const KEPT_SOURCE_ERRORS = 200;

export async function recordSourceError(query: RawQuery, source: string, day: string | null, item: string | null, reason: string): Promise<void> {
  await query('insert into source_errors (source, day, item, reason) values ($1, $2, $3, $4)', [source, day, item, reason.slice(0, 1000)]);
  await query(
    `delete from source_errors where source = $1 and at < (select at from source_errors where source = $1 order by at desc offset $2 limit 1)`,
    [source, KEPT_SOURCE_ERRORS - 1],
  );
}

/** How long every instance leaves a source alone after it blocked us (a 403 that is not "no index yet"). */
export const BLOCK_PAUSE_MS = 60 * 60_000;

/** Pauses the source for every instance and says why; the status screen shows it as an error. */
export async function pauseSource(database: Database, source: string, reason: string, ms = BLOCK_PAUSE_MS): Promise<void> {
  await database.rawTransaction(async (query) => {
    await query(
      `insert into source_state (source, paused_until, paused_reason, next_request_at) values ($1, now() + $2 * interval '1 millisecond', $3, now())
       on conflict (source) do update set paused_until = now() + $2 * interval '1 millisecond', paused_reason = $3`,
      [source, ms, reason.slice(0, 1000)],
    );
    await recordSourceError(query, source, null, null, reason);
  });
}

/** An error's message, for the records above and the logs. */
export const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error));
