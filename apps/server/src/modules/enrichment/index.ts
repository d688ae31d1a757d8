// Enrichment (issue 31): websites from SEC's company record, other sources and the provider; emails from the provider
// and from known patterns; the jobs that do it. Other modules reach it only through here.
export { enrichmentStatus } from './status.js';
export { enrichCompany, LOOKUP_TTL_DAYS, type EnrichDeps } from './enrich.js';
export { ENRICH_COMPANY_JOB, enqueueEnrichmentBackfill, enqueueEnrichmentForLeads, registerEnrichmentJobs } from './jobs.js';
export { redactApiKey } from './provider.js';
