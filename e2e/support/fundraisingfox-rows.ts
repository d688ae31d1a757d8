// The rows the e2e Fundraising Fox stand-in serves (stack.ts): one SEC-based row of the round that the
// Edgarwire Biolabs filing (edgar-filings.ts) also reports, so the two sources make one merged lead.
import type { DatasetRow } from '../../apps/server/test/fundraisingfox-stand-in.js';
import { businessDayBefore } from './edgar-filings.js';

export const MERGED_COMPANY = 'Edgarwire Biolabs E2E';
export const MERGED_SLUG = 'edgarwire-biolabs-e2e';
export const MERGED_DOMAIN = 'edgarwire-biolabs-e2e.example.com';

export function e2eDatasetRows(now: Date): DatasetRow[] {
  // The filing's first sale is that business day; the row has the same amount and date (same round).
  return [{ slug: MERGED_SLUG, name: MERGED_COMPANY, domain: MERGED_DOMAIN, date: businessDayBefore(now, 2), stage: 'Seed', label: 'Seed', amount: 2_230_000, basis: 'sec_filing' }];
}
