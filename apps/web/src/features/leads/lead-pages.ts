// The pages of an infinite lead list, as one list. Paging is by offset, so a lead added while the
// user reads can push one already shown onto the next page; it is shown once.
import type { LeadListResponse } from '@fundwire/shared';

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

/** The next page number to ask for, or undefined when the server said there is no more. */
export function nextLeadPage(lastPage: Pick<LeadListResponse, 'hasMore' | 'leads'>, lastPageNumber: number): number | undefined {
  // An empty page with hasMore would loop forever; treat it as the end.
  return lastPage.hasMore && lastPage.leads.length > 0 ? lastPageNumber + 1 : undefined;
}
