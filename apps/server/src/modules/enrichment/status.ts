// What the admin's sources screen shows of enrichment: the provider's budget, pause and errors, and coverage.
import type { EnrichmentStatus } from '@fundwire/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { enrichmentCoverage } from '../leads/index.js';

/** Provider errors listed at most. */
export const ENRICHMENT_ERRORS_LISTED = 20;

export async function enrichmentStatus(database: Database, config: Config): Promise<EnrichmentStatus> {
  return database.rawTransaction(async (query) => {
    const usage = await query(`select requests from enrichment_usage where day = (now() at time zone 'UTC')::date`);
    const state = await query(`select paused_until from enrichment_state where id = 1 and paused_until > now()`);
    const errors = await query(`select at, message from enrichment_errors order by at desc, id desc limit $1`, [ENRICHMENT_ERRORS_LISTED]);
    const pausedUntil = state.rows[0]?.paused_until;
    return {
      providerEnabled: config.enrichment.hunterApiKey !== undefined,
      requestsToday: Number(usage.rows[0]?.requests ?? 0),
      dailyLimit: config.enrichment.dailyLimit,
      pausedUntil: pausedUntil ? new Date(pausedUntil as string).toISOString() : null,
      lastErrors: errors.rows.map((row) => ({ at: new Date(row.at as string).toISOString(), message: String(row.message) })),
      coverage: await enrichmentCoverage(query),
    };
  });
}
