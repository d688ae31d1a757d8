// What other modules may use of leads. This module is the only code that queries the leads and contacts tables
// (lint: fundwire/leads-through-module): the one bulk write path (which files each round under its company), an
// admin's single-lead edits, the cache version bump, reading a lead, the filter's SQL conditions, the change
// outbox (saved-search alerts) and the reads other modules and the sources make of stored leads. The companies
// module reads company pages on top of this; it is never imported from here.
export { upsertLeadBatch, type BulkContact, type BulkLead, type UpsertResult } from './bulk.js';
export { BUMP_LEADS_VERSION_SQL } from './cache.js';
export { columnConditions, getLead, searchCondition, searchQuery } from './service.js';
export { captureLeadsBefore, keepChangedLeads, recordCreatedLeads } from './changes.js';
export { combine, mergeExistingLeadsOnce, mergeWritten, recompute, sameCompany, sameRound, splitLead, MERGED_SOURCES, type MergeOutcome } from './merge.js';
export { deleteCompaniesWithoutRounds, upsertCompanies } from './company-write.js';
export { assignCompaniesToLeads } from './company-backfill.js';
export {
  CONTACT_JSON_SQL,
  isAdmin,
  replaceContacts,
  reportBounce,
  revealBouncedEmails,
  revealBouncedEmailsInJson,
  undoBounce,
  type ContactRow,
} from './contact-emails.js';
export { enrichmentCoverage } from './coverage.js';
// The enrichment module's reads and writes of companies and contacts: all of that file is for it.
export * from './enrichment-store.js';
export { companyNamesWithin, leadsForCrm, type CrmLead, type CrmLeadContact } from './crm-read.js';
export { createLead, deleteLead, deleteLeads, splitMergedLead, updateLead } from './admin-write.js';
export { countLeads, getLeadsByIds, listCompanyRounds, newestStoredLeadIds } from './lead-lists.js';
export { changedLeadsNow } from './matcher-reads.js';
export { countNewsLeads, listNewsLeads, type NewsLead } from './news-reads.js';
export { amendedRound, countMergedReports, currentLeadsOfReports, newerItemOfRound, roundsWrittenByOthers } from './source-reads.js';
