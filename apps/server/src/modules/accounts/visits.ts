// The dashboard's visits: each one is recorded, and answers when the previous one was, so the dashboard can
// mark what was added since (issue 17). One row per user, replaced in the same statement that reads it.
import type { VisitResponse } from '@fundwire/shared';
import type { Database } from '../../db/client.js';

export async function recordVisit(database: Database, userId: string): Promise<VisitResponse> {
  return database.rawTransaction(async (query) => {
    // The row lock makes two visits at once each see the other in order, never the same previous visit twice.
    const before = await query(`select last_seen_at from user_visits where user_id = $1 for update`, [userId]);
    const { rows } = await query(
      `insert into user_visits (user_id, last_seen_at) values ($1, now())
       on conflict (user_id) do update set last_seen_at = greatest(user_visits.last_seen_at, excluded.last_seen_at)
       returning $2::timestamptz as previous, last_seen_at as now`,
      [userId, before.rows[0]?.last_seen_at ?? null],
    );
    const row = rows[0] as { previous: Date | string | null; now: Date | string } | undefined;
    if (!row) throw new Error('recording a visit returned no row');
    return { previousVisitAt: row.previous === null ? null : new Date(row.previous).toISOString(), visitAt: new Date(row.now).toISOString() };
  });
}
