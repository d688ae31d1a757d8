// Small pieces every lead card shares (the subscriber's, the free sample's and the admin's): kept out of
// lead-card.tsx so the free sample does not load the contacts dialog.
import { roundText, UNDISCLOSED, UNKNOWN, type FreeLead } from '@fundwire/shared';
import { MapPin } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';
import { IndustryBadge } from '@/components/leads/industry-badge';

/** Shown for an industry or location the source did not give (imported rounds); never guessed. */
export const UNKNOWN_TEXT = UNKNOWN;

/** "$2,500,000", or "Undisclosed" when no amount is known (null, never 0). */
export function fundingAmountText(amount: number | null): string {
  return amount === null ? UNDISCLOSED : formatMoney(amount);
}

/** The round badge ("Undisclosed" without a stage), and the source's own label when it says more ('Convertible Note'). */
export function LeadRound({ fundingRound, roundLabel }: { fundingRound: string | null; roundLabel: string | null }) {
  return (
    <>
      <Badge data-testid="lead-round" variant={fundingRound === null ? 'outline' : 'secondary'}>
        {roundText({ fundingRound })}
      </Badge>
      {roundLabel && (
        <span data-testid="lead-round-label" className="min-w-0 truncate text-xs text-muted-foreground" title={roundLabel}>
          {roundLabel}
        </span>
      )}
    </>
  );
}

/** The industry badge, or a neutral "Unknown" one when the lead has no industry. */
export function LeadIndustryBadge({ industry, className }: { industry: string | null; className?: string }) {
  if (industry === null || industry.trim() === '') {
    return (
      <Badge data-testid="industry-badge" variant="outline" className={cn('text-muted-foreground', className)}>
        {UNKNOWN_TEXT}
      </Badge>
    );
  }
  return <IndustryBadge industry={industry} className={className} />;
}

/** "As filed: SAN FRANCISCO, CA", as a hover title, when the filing wrote the place otherwise than it is shown. */
export function filedLocationTitle(lead: { location: string | null; filedLocation?: string | null }): string | undefined {
  const filed = lead.filedLocation?.trim();
  return filed && filed !== lead.location?.trim() ? `As filed: ${filed}` : undefined;
}

/** A card's facts below its description: the amount raised and the round, then the location (with how it was filed). */
export function LeadCardFacts({ lead }: { lead: Pick<FreeLead, 'fundingAmount' | 'fundingRound' | 'roundLabel' | 'location'> & { filedLocation?: string | null } }) {
  return (
    <dl className="mt-6 space-y-2 border-t border-border pt-4 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <dt className="sr-only">Amount raised</dt>
        <dd data-testid="lead-amount" className="text-lg font-semibold tabular-nums text-foreground">
          {fundingAmountText(lead.fundingAmount)}
        </dd>
        <dt className="sr-only">Round</dt>
        <dd className="flex min-w-0 items-center gap-2">
          <LeadRound fundingRound={lead.fundingRound} roundLabel={lead.roundLabel} />
        </dd>
      </div>
      <div className="flex min-w-0 items-center gap-1.5 text-muted-foreground">
        <dt className="sr-only">Location</dt>
        <MapPin aria-hidden="true" className="size-4 shrink-0" />
        <dd className="truncate" title={filedLocationTitle(lead)}>
          {lead.location?.trim() || UNKNOWN_TEXT}
        </dd>
      </div>
    </dl>
  );
}
