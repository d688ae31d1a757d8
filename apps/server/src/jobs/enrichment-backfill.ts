// Works older leads through enrichment (issue 31): every few minutes, companies not enriched yet are queued, those
// with the newest leads first, below the jobs ingest queues. Thin: the queueing is modules/enrichment's.
import type { FastifyInstance } from 'fastify';
import { enqueueEnrichmentBackfill } from '../modules/enrichment/index.js';
import { runEvery } from './every.js';

/** Companies queued per pass: a day's provider budget at the default limit, and a query that stays short. */
const BACKFILL_BATCH = 500;

export function scheduleEnrichmentBackfill(app: FastifyInstance, options: { everyMs?: number; firstAfterMs?: number } = {}): void {
  runEvery(app, { everyMs: options.everyMs ?? 10 * 60_000, firstAfterMs: options.firstAfterMs ?? 30_000, name: 'enrichment backfill' }, async () => {
    const queued = await enqueueEnrichmentBackfill(app.database, BACKFILL_BATCH);
    if (queued > 0) app.log.info({ queued }, 'queued companies for enrichment');
  });
}
