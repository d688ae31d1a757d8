// The lease on a source's day (a source_days row): one runner per day at a time, any instance may take it over
// once it runs out; finishing a day records its status and hands the lease back.
import type { Database, RawQuery } from '../db/client.js';
import type { Clock } from '../queue/lease.js';

/** Takes the lease on a source's day (a free, expired or own one; a finished one only with redoDone). */
export async function claimDay(database: Database, source: string, day: string, owner: string, leaseMs: number, redoDone: boolean, clock?: Clock): Promise<boolean> {
  const result = await database.rawTransaction((query) =>
    query(
      `insert into source_days (source, day, status, lease_owner, lease_expires_at, attempts, started_at, updated_at)
       values ($1, $2, 'running', $3, coalesce($6::timestamptz, clock_timestamp()) + $4 * interval '1 millisecond', 1, now(), now())
       on conflict (source, day) do update
         set status = 'running', lease_owner = $3, lease_expires_at = coalesce($6::timestamptz, clock_timestamp()) + $4 * interval '1 millisecond',
             attempts = source_days.attempts + 1, started_at = now(), updated_at = now()
       where (source_days.lease_owner is null or source_days.lease_owner = $3 or source_days.lease_expires_at < coalesce($6::timestamptz, clock_timestamp()))
         and (source_days.status <> 'done' or $5)
       returning day`,
      [source, day, owner, leaseMs, redoDone, clock?.().toISOString() ?? null],
    ),
  );
  return result.rows.length > 0;
}

/** Extends this instance's lease on the day; false when another instance has taken it over. */
export async function renewLease(query: RawQuery, source: string, day: string, owner: string, leaseMs: number, clock?: Clock): Promise<boolean> {
  const result = await query(
    `update source_days set lease_expires_at = coalesce($5::timestamptz, clock_timestamp()) + $4 * interval '1 millisecond', updated_at = now()
     where source = $1 and day = $2 and lease_owner = $3 returning day`,
    [source, day, owner, leaseMs, clock?.().toISOString() ?? null],
  );
  return result.rows.length > 0;
}

export async function finishDay(database: Database, source: string, day: string, owner: string, status: 'done' | 'no-index' | 'failed', filingsSeen?: number): Promise<void> {
  await database.rawTransaction((query) => finishDayIn(query, source, day, owner, status, filingsSeen));
}

/** finishDay inside a caller's transaction (a source that records more with the day's end). */
export async function finishDayIn(
  query: RawQuery,
  source: string,
  day: string,
  owner: string,
  status: 'done' | 'no-index' | 'failed',
  filingsSeen?: number | null,
): Promise<void> {
  await query(
    `update source_days set status = $4, lease_owner = null, lease_expires_at = null, finished_at = now(), updated_at = now(),
            filings_seen = coalesce($5, filings_seen)
     where source = $1 and day = $2 and lease_owner = $3`,
    [source, day, owner, status, filingsSeen ?? null],
  );
}

/** Hands every day `owner` still holds back at once (pending), on shutdown or at the end of a command-line run, instead of when its lease runs out. */
export async function releaseDays(database: Database, owner: string): Promise<void> {
  await database.rawTransaction((query) =>
    query(`update source_days set status = 'pending', lease_owner = null, lease_expires_at = null where lease_owner = $1`, [owner]),
  );
}
