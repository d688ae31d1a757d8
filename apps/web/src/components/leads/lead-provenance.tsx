// Where a lead's data came from: its Source link, and the dataset's attribution when its licence asks.
import type { Lead } from '@fundwire/shared';
import { ExternalLink } from 'lucide-react';
import { externalHref } from '@/lib/leads/lead-links';
import { cn } from '@/lib/utils';

export const FUNDRAISING_FOX_TAG = 'fundraisingfox';

/** Where the lead's data came from: a Source link, and the dataset's attribution when its licence asks. */
export function LeadProvenance({ lead, className }: { lead: Pick<Lead, 'companyName' | 'sourceUrl' | 'tags'>; className?: string }) {
  const source = lead.sourceUrl ? externalHref(lead.sourceUrl) : null;
  const fromFundraisingFox = lead.tags.includes(FUNDRAISING_FOX_TAG);
  if (!source && !fromFundraisingFox) return null;
  return (
    <div data-testid="lead-provenance" className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground', className)}>
      {source && (
        <a
          href={source}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="lead-source"
          className="inline-flex items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Source
          <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
          <span className="sr-only"> for {lead.companyName} (opens in a new tab)</span>
        </a>
      )}
      {fromFundraisingFox && <span data-testid="lead-attribution">Data: Fundraising Fox (CC BY 4.0)</span>}
    </div>
  );
}
