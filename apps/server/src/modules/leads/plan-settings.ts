// Planner settings for one read: bitmap scans only (a search through its GIN indexes), or any other settings, through
// a pool opened with them (PostgreSQL) or a transaction that sets them (PGlite).
import { sql } from 'drizzle-orm';
import { plannedDb, type Db, type PlanSettings } from '../../db/client.js';

/**
 * Runs fn with bitmap scans only: a search's matches are read through the GIN indexes, at a cost that follows the
 * posting lists, never by a scan of the table or a walk of an order index hoping to meet matches early. The planner
 * guesses how often words occur together poorly, and at a million leads either wrong guess costs a second.
 */
export async function bitmapOnly<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  // work_mem: room for exact bitmaps of common words (a lossy bitmap rechecks whole pages of the table).
  return withPlanSettings(db, { enable_seqscan: 'off', enable_indexscan: 'off', enable_indexonlyscan: 'off', work_mem: '64MB' }, fn);
}

/** Runs fn with these planner settings: through a pool opened with them (PostgreSQL), else in a transaction that sets
 * them (set_config(..., true): that transaction only). */
export async function withPlanSettings<T>(db: Db, settings: PlanSettings, fn: (tx: Db) => Promise<T>): Promise<T> {
  const planned = plannedDb(db, settings);
  if (planned) return fn(planned);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select ${sql.join(
        Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`),
        sql`, `,
      )}`,
    );
    return fn(tx as unknown as Db);
  });
}
