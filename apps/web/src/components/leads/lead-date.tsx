import { CalendarDays } from 'lucide-react';
import { formatLeadDate, formatRelativeDate } from '@/lib/format';
import { cn } from '@/lib/utils';

/** "Nov 20, 2026", with the relative form ("3 days ago") on hover and for screen readers. */
export function LeadDate({ date, className }: { date: string; className?: string }) {
  const relative = formatRelativeDate(date);
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-sm text-muted-foreground', className)}>
      <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
      <span className="sr-only">Funded </span>
      <time dateTime={date} title={relative} data-relative={relative}>
        {formatLeadDate(date)}
      </time>
      <span className="sr-only"> ({relative})</span>
    </span>
  );
}
