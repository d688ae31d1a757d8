// Product constants shared by the server and the web app. One definition each.

export const PRODUCT_NAME = 'Fundwire';

export const FUNDING_ROUNDS = ['Pre-Seed', 'Seed', 'Series A', 'Series B', 'Series C', 'Series D+'] as const;
export type FundingRound = (typeof FUNDING_ROUNDS)[number];
export const DEFAULT_FUNDING_ROUND: FundingRound = 'Seed';
/** A round with no stated stage: stored as null, filtered and shown as this label (decision 023). */
export const UNDISCLOSED = 'Undisclosed';
/** Unknown industry or location: stored as null, shown as this label. */
export const UNKNOWN = 'Unknown';
/** Where a lead came from. */
export const LEAD_SOURCES = ['manual', 'batch', 'import', 'sec-form-d', 'fundraisingfox'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
/** Fields an admin can change by hand; once changed, imports and feeds leave them alone. */
export const EDITABLE_LEAD_FIELDS = ['companyName', 'domain', 'industry', 'fundingAmount', 'fundingRound', 'location', 'fundingDate', 'description', 'tags', 'contacts'] as const;
export type EditableLeadField = (typeof EDITABLE_LEAD_FIELDS)[number];
/** Digests announce a round only while it is news: funded within this many days. */
export const NEWS_MAX_AGE_DAYS = 30;

/** Page sizes from docs/product/SPEC.md section 9. */
export const LEADS_PAGE_SIZE = 20;
export const ADMIN_LEADS_PAGE_SIZE = 100;
export const MAX_LEADS_PAGE_SIZE = 100;
export const RECENT_DAYS = 7;
export const FREE_LEADS_COUNT = 6;
export const FALLBACK_FREE_LEADS_MAX = 5;

export const CSV_COLUMNS = [
  'Company Name',
  'Domain',
  'Industry',
  'Funding Amount',
  'Funding Round',
  'Location',
  'Date',
  'Description',
  'Contact Name',
  'Role',
  'Email',
  'LinkedIn',
] as const;

export const CONTACT_EMAIL = {
  privacy: 'privacy@fundwire.example',
  legal: 'legal@fundwire.example',
  support: 'support@fundwire.example',
} as const;
