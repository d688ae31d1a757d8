// The lead read path's public functions. Each concern has its own file (its header says which): filter-sql.ts,
// search-query.ts, cursor.ts, order-sql.ts, count.ts, read-rules.ts (the strategy rules), column-page.ts and
// search-page.ts (the strategies), lead-rows.ts, list.ts, stats.ts, export-csv.ts, free-leads.ts, read-caches.ts.
export { countMatches } from './count.js';
export { decodeCursor, encodeCursor } from './cursor.js';
export { streamLeadsCsv } from './export-csv.js';
export { columnConditions, filterConditions, matchingLocations } from './filter-sql.js';
export { listFreeLeads, type FreeLeadsResult } from './free-leads.js';
export { contactsFor, getLead, leadWithHistoryColumns, toLead } from './lead-rows.js';
export { listLeads, listLeadsJson } from './list.js';
export { disableLeadCaches } from './read-caches.js';
export { matchingSearchQuery, searchCondition, searchQuery } from './search-query.js';
export { getLeadStats, recentStartDate } from './stats.js';
