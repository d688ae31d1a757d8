// Where a lead's data came from: each live source that reports the round (SEC Form D, the Fundraising Fox
// dataset with the attribution its licence asks for), or a plain Source link for other leads.
import type { Lead, LeadSource, LeadSourceRef } from '@fundwire/shared';
import { ExternalLink } from 'lucide-react';
import { externalHref } from '@/lib/leads/lead-links';
import { cn } from '@/lib/utils';

export const FUNDRAISING_FOX_TAG = 'fundraisingfox';
/** The dataset's home, linked when a row has no page of its own. */
export const FUNDRAISING_FOX_DATASET_URL = 'https://github.com/fundraisingfox/data';
/** The credit CC BY 4.0 asks for wherever the dataset's data is shown. */
export const FUNDRAISING_FOX_ATTRIBUTION = 'Fundraising Fox Open Dataset (CC BY 4.0)';

type LiveSource = Extract<LeadSource, 'sec-form-d' | 'fundraisingfox'>;
export const LIVE_SOURCE_LABELS: Record<LiveSource, string> = { 'sec-form-d': 'SEC Form D', fundraisingfox: FUNDRAISING_FOX_ATTRIBUTION };

function isLive(source: LeadSource): source is LiveSource {
  return source === 'sec-form-d' || source === 'fundraisingfox';
}

type ProvenanceLead = Pick<Lead, 'companyName' | 'source' | 'sourceId' | 'sourceUrl' | 'sources' | 'tags'>;

/** Every source that reports the lead's round; the lead's own when the list is empty. */
export function leadSourceRefs(lead: ProvenanceLead): LeadSourceRef[] {
  return lead.sources.length > 0 ? lead.sources : [{ source: lead.source, sourceId: lead.sourceId, sourceUrl: lead.sourceUrl }];
}

const linkClass = 'inline-flex items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 hover:underline';

/** Where the lead's data came from: its live sources with their credit, else a Source link and the dataset's attribution when its licence asks. */
export function LeadProvenance({ lead, className }: { lead: ProvenanceLead; className?: string }) {
  const refs = leadSourceRefs(lead);
  const live = refs.filter((ref) => isLive(ref.source));
  const otherUrl = refs.find((ref) => !isLive(ref.source) && ref.sourceUrl)?.sourceUrl;
  const source = live.length === 0 && otherUrl ? externalHref(otherUrl) : null;
  const fromFundraisingFox = lead.tags.includes(FUNDRAISING_FOX_TAG) && !live.some((ref) => ref.source === 'fundraisingfox');
  if (live.length === 0 && !source && !fromFundraisingFox) return null;
  return (
    <div data-testid="lead-provenance" className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground', className)}>
      {live.length > 0 && (
        <div data-testid="lead-sources" className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <span>{live.length === 1 ? 'Source:' : 'Sources:'}</span>
          <ul className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
            {live.map((ref) => {
              const label = LIVE_SOURCE_LABELS[ref.source as LiveSource];
              const href = (ref.sourceUrl && externalHref(ref.sourceUrl)) || (ref.source === 'fundraisingfox' ? FUNDRAISING_FOX_DATASET_URL : null);
              return (
                <li key={`${ref.source}:${ref.sourceId ?? ''}`} data-testid="lead-source-ref" data-source={ref.source} className="min-w-0 break-words">
                  {href ? (
                    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
                      {label}
                      <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
                      <span className="sr-only"> for {lead.companyName} (opens in a new tab)</span>
                    </a>
                  ) : (
                    <span className="font-medium text-foreground">{label}</span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {source && (
        <a href={source} target="_blank" rel="noopener noreferrer" data-testid="lead-source" className={linkClass}>
          Source
          <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
          <span className="sr-only"> for {lead.companyName} (opens in a new tab)</span>
        </a>
      )}
      {fromFundraisingFox && <span data-testid="lead-attribution">Data: Fundraising Fox (CC BY 4.0)</span>}
    </div>
  );
}
