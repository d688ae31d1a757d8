// What other modules may use of leads: the one bulk write path, the cache version bump, and reading a lead.
export { upsertLeadBatch, type BulkContact, type BulkLead, type UpsertResult } from './bulk.js';
export { BUMP_LEADS_VERSION_SQL } from './cache.js';
export { contactsFor, getLead, leadWithHistoryColumns, toLead } from './service.js';
