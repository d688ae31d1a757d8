import { industryColor } from '@fundwire/shared';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** An industry name on its fixed (or hashed) colour, the same everywhere leads appear. */
export function IndustryBadge({ industry, className }: { industry: string; className?: string }) {
  const { bg, fg } = industryColor(industry);
  return (
    <Badge data-testid="industry-badge" className={cn('max-w-full truncate', className)} style={{ backgroundColor: bg, color: fg }}>
      {industry}
    </Badge>
  );
}
