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
/** An email's status (issue 31): checked by a provider, a catch-all domain, not checked, or reported bounced. */
export const EMAIL_STATUSES = ['verified', 'accept_all', 'unverified', 'bounced'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
/** Where an email came from: an import or feed, typed by an admin, an enrichment provider, or built from the company's pattern. */
export const EMAIL_SOURCES = ['import', 'admin', 'provider', 'pattern'] as const;
export type EmailSource = (typeof EMAIL_SOURCES)[number];
/** Where a company's website came from. */
export const DOMAIN_SOURCES = ['filing', 'sec', 'import', 'fundraisingfox', 'provider', 'admin'] as const;
export type DomainSource = (typeof DOMAIN_SOURCES)[number];
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
  'Email status',
  'Email source',
  'LinkedIn',
] as const;

export const CONTACT_EMAIL = {
  privacy: 'privacy@fundwire.example',
  legal: 'legal@fundwire.example',
  support: 'support@fundwire.example',
} as const;
