// What other modules may use of leads: the one bulk write path (which files each round under its company), the cache
// version bump, reading a lead, the filter's SQL conditions and the change outbox (saved-search alerts). The
// companies module reads company pages on top of this; it is never imported from here.
export { upsertLeadBatch, type BulkContact, type BulkLead, type UpsertResult } from './bulk.js';
export { BUMP_LEADS_VERSION_SQL } from './cache.js';
export { columnConditions, contactsFor, getLead, leadWithHistoryColumns, searchCondition, searchQuery, toLead } from './service.js';
export { captureLeadsBefore, keepChangedLeads, recordCreatedLeads } from './changes.js';
export { combine, mergeExistingLeadsOnce, mergeWritten, recompute, sameCompany, sameRound, splitLead, MERGED_SOURCES, type MergeOutcome } from './merge.js';
export { deleteCompaniesWithoutRounds, upsertCompanies } from './company-write.js';
export { assignCompaniesToLeads } from './company-backfill.js';
export { companyNamesWithin, leadsForCrm, type CrmLead, type CrmLeadContact } from './crm-read.js';
