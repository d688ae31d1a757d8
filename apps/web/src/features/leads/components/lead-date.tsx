import { CalendarDays } from 'lucide-react';
import { formatExactDate, formatRelativeDate } from '@/lib/format';
import { cn } from '@/lib/utils';

/** "3 days ago", with the exact date on hover and in the machine-readable attribute. */
export function LeadDate({ date, className }: { date: string; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-sm text-muted-foreground', className)}>
      <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
      <span className="sr-only">Funded </span>
      <time dateTime={date} title={formatExactDate(date)}>
        {formatRelativeDate(date)}
      </time>
    </span>
  );
}
