import type { FreeLead } from '@fundwire/shared';
import { Card } from '@/components/ui/card';
import { LeadDate } from '@/components/leads/lead-date';
import { LeadCardFacts, LeadIndustryBadge } from '@/components/leads/lead-facts';

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

      <LeadCardFacts lead={lead} />
    </Card>
  );
}
