import type { FreeLead } from '@fundwire/shared';
import { MapPin } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { LeadDate } from '@/components/leads/lead-date';
import { fundingAmountText, LeadIndustryBadge, LeadRound, UNKNOWN_TEXT } from '@/components/leads/lead-facts';

/** A lead from the public sample: company, industry, when and how much it raised. No contacts. */
export function FreeLeadCard({ lead }: { lead: FreeLead }) {
  const titleId = `lead-${lead.id}-name`;
  return (
    <Card data-testid="lead-card" aria-labelledby={titleId} role="article" className="h-full p-6">
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="min-w-0 text-base font-semibold leading-snug break-words">
          {lead.companyName}
        </h3>
        <LeadIndustryBadge industry={lead.industry} className="mt-0.5" />
      </div>
      <LeadDate date={lead.fundingDate} className="mt-1" />
      <p className="mt-3 line-clamp-3 flex-1 text-sm text-muted-foreground">{lead.description}</p>

      <dl className="mt-6 space-y-2 border-t border-border pt-4 text-sm">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <dt className="sr-only">Amount raised</dt>
          <dd className="text-lg font-semibold tabular-nums text-foreground">{fundingAmountText(lead.fundingAmount)}</dd>
          <dt className="sr-only">Round</dt>
          <dd className="flex min-w-0 items-center gap-2">
            <LeadRound fundingRound={lead.fundingRound} roundLabel={lead.roundLabel} />
          </dd>
        </div>
        <div className="flex min-w-0 items-center gap-1.5 text-muted-foreground">
          <dt className="sr-only">Location</dt>
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          <dd className="truncate">{lead.location?.trim() || UNKNOWN_TEXT}</dd>
        </div>
      </dl>
    </Card>
  );
}
