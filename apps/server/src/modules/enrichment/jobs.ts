// The enrichment jobs (issue 31) in the durable queue (decision 041): one `enrich-company` job per company, enqueued
// at ingest (priority 10: new Form D leads are enriched within minutes, with no click) and by a backfill that works
// through older companies newest first (priority 0). Never inside a user's request.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { enqueueJob } from '../../queue/queue.js';
import { companiesOfLeads, companiesToEnrich } from '../leads/index.js';
import type { RawQuery } from '../../db/client.js';
import { enrichCompany, type EnrichDeps } from './enrich.js';

export const ENRICH_COMPANY_JOB = 'enrich-company';
export const INGEST_PRIORITY = 10;
export const BACKFILL_PRIORITY = 0;

/** Registers the job kind on this instance's queue. */
export function registerEnrichmentJobs(app: FastifyInstance, deps: Partial<Pick<EnrichDeps, 'secHttp'>> = {}): void {
  app.jobs.register<{ companyId: string }>({
    kind: ENRICH_COMPANY_JOB,
    maxAttempts: 5,
    async run(payload, context) {
      await enrichCompany({ database: app.database, config: app.config, signal: context.signal, ...deps }, payload.companyId);
    },
  });
}

/** Inside the ingest's transaction: the companies of these new or changed leads get an enrichment job. */
export async function enqueueEnrichmentForLeads(query: RawQuery, leadIds: string[]): Promise<void> {
  for (const companyId of await companiesOfLeads(query, leadIds)) {
    // again: a company enriched before runs again for its new round; its lookups are remembered, so it costs no request twice.
    await enqueueJob(query, ENRICH_COMPANY_JOB, companyId, { companyId }, { priority: INGEST_PRIORITY, again: true });
  }
}

/** Queues up to `limit` companies not enriched yet, newest leads first. Returns how many were queued. */
export async function enqueueEnrichmentBackfill(database: Database, limit = 500): Promise<number> {
  return database.rawTransaction(async (query) => {
    const ids = await companiesToEnrich(query, limit);
    let queued = 0;
    // One millisecond apart, newest first: jobs of one priority run in run_after order (a transaction's now() is one
    // instant, so the order they were added in is no order).
    const base = Date.now();
    for (const [index, companyId] of ids.entries()) {
      const job = await enqueueJob(query, ENRICH_COMPANY_JOB, companyId, { companyId }, { priority: BACKFILL_PRIORITY, runAfter: new Date(base + index) });
      if (job.created) queued++;
    }
    return queued;
  });
}
