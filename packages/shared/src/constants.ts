// Product constants shared by the server and the web app. One definition each.

export const PRODUCT_NAME = 'Fundwire';

export const FUNDING_ROUNDS = ['Pre-Seed', 'Seed', 'Series A', 'Series B', 'Series C', 'Series D+'] as const;
export type FundingRound = (typeof FUNDING_ROUNDS)[number];
export const DEFAULT_FUNDING_ROUND: FundingRound = 'Seed';

/** Page sizes from SPEC.md section 9. */
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
