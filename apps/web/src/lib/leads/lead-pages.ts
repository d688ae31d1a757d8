// The pages of an infinite lead list, as one list. Load More follows each page's cursor, so a lead added
// while the user reads never pushes one already shown onto the next page; should one repeat anyway, it is shown once.
import type { LeadListResponse } from '@fundwire/shared';
import { formatCount } from '@/lib/format';

export function flattenLeadPages(pages: readonly Pick<LeadListResponse, 'leads'>[]): LeadListResponse['leads'] {
  const seen = new Set<string>();
  const leads: LeadListResponse['leads'] = [];
  for (const page of pages) {
    for (const lead of page.leads) {
      if (seen.has(lead.id)) continue;
      seen.add(lead.id);
      leads.push(lead);
    }
  }
  return leads;
}

/** The cursor of the next page, or undefined when the server said there is no more. */
export function nextLeadCursor(lastPage: Pick<LeadListResponse, 'hasMore' | 'leads' | 'nextCursor'>): string | undefined {
  // An empty page with hasMore would loop forever; treat it as the end.
  return lastPage.hasMore && lastPage.leads.length > 0 && lastPage.nextCursor !== null ? lastPage.nextCursor : undefined;
}


/** "23,000 leads"; "about 23,000 leads" when the server estimated the count; "more than 1,000 leads" when it is a lower bound. */
export function leadCountText(count: number, exact: boolean, lowerBound = false): string {
  return `${countPrefix(exact, lowerBound)}${formatCount(count)} ${count === 1 ? 'lead' : 'leads'}`;
}

/** '' for an exact count, 'about ' for an estimate, 'more than ' for a lower bound. */
export function countPrefix(exact: boolean, lowerBound = false): string {
  return exact ? '' : lowerBound ? 'more than ' : 'about ';
}
