// Small pieces every lead card shares (the subscriber's, the free sample's and the admin's): kept out of
// lead-card.tsx so the free sample does not load the contacts dialog.
import { Badge } from '@/components/ui/badge';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';
import { IndustryBadge } from './industry-badge';

/** Shown for an industry or location the source did not give (imported rounds); never guessed. */
export const UNKNOWN_TEXT = 'Unknown';

/** "$2,500,000", or "Undisclosed" when no amount is known (stored as 0). */
export function fundingAmountText(amount: number): string {
  return amount > 0 ? formatMoney(amount) : 'Undisclosed';
}

/** The industry badge, or a neutral "Unknown" one when the lead has no industry. */
export function LeadIndustryBadge({ industry, className }: { industry: string; className?: string }) {
  if (industry.trim() === '') {
    return (
      <Badge data-testid="industry-badge" variant="outline" className={cn('text-muted-foreground', className)}>
        {UNKNOWN_TEXT}
      </Badge>
    );
  }
  return <IndustryBadge industry={industry} className={className} />;
}
