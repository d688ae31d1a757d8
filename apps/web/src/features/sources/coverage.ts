// The enrichment card's words: what each coverage row's source is called, and the provider's budget line.
import { formatCount } from '@/lib/format';

const SOURCE_NAMES: Record<string, string> = {
  manual: 'Added by hand',
  batch: 'Batch upload',
  import: 'CSV import',
  'sec-form-d': 'SEC Form D',
  fundraisingfox: 'Fundraising Fox',
};

/** A lead source by name; an unknown one as the server spells it, dashes as spaces. */
export function coverageSourceLabel(source: string): string {
  return SOURCE_NAMES[source] ?? source.replace(/[-_]+/g, ' ');
}

/** "123 of 500 provider requests today" */
export function providerBudgetText(requestsToday: number, dailyLimit: number): string {
  return `${formatCount(requestsToday)} of ${formatCount(dailyLimit)} provider requests today`;
}

/** The share of today's limit used, 0-100, for the budget bar. */
export function budgetUsedPercent(requestsToday: number, dailyLimit: number): number {
  if (dailyLimit <= 0) return requestsToday > 0 ? 100 : 0;
  return Math.min(100, Math.round((requestsToday / dailyLimit) * 100));
}
