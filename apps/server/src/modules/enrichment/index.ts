// Enrichment (issue 31): websites from SEC's company record, other sources and the provider; emails from the provider
// and from known patterns; the jobs that do it. Other modules reach it only through here.
export { enrichmentStatus } from './status.js';
