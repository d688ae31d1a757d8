// The instant, client-side half of search: it narrows the cards already loaded while the debounced
// server search (the whole archive, docs/product/DECISIONS.md) is on its way. It matches the way the server does:
// case-insensitive, anywhere in company name, domain or description.
import type { FreeLead } from '@fundwire/shared';
import { normaliseSearch } from '@/lib/leads/view-params';

type SearchableLead = Pick<FreeLead, 'companyName' | 'domain' | 'description'>;

export function matchesLeadSearch(lead: SearchableLead, search: string): boolean {
  const needle = normaliseSearch(search).toLowerCase();
  if (needle === '') return true;
  // The same text the server searches: name, domain and description joined by spaces.
  return `${lead.companyName} ${lead.domain} ${lead.description}`.toLowerCase().includes(needle);
}

export function filterLeadsBySearch<T extends SearchableLead>(leads: readonly T[], search: string): T[] {
  const needle = normaliseSearch(search);
  if (needle === '') return [...leads];
  return leads.filter((lead) => matchesLeadSearch(lead, needle));
}
