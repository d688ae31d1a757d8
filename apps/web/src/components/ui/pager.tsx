// Previous / Next paging with "Page X of Y" between them, for lists too long to load at once.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { formatCount } from '@/lib/format';


export interface PagerProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** While a page loads: both buttons wait. */
  busy?: boolean;
  /** Names the navigation landmark, e.g. "Lead pages". */
  label?: string;
  className?: string;
}

export function Pager({ page, pageCount, onPageChange, busy = false, label = 'Pagination', className }: PagerProps) {
  return (
    <nav aria-label={label} className={cn('flex items-center justify-between gap-3', className)}>
      <Button variant="outline" onClick={() => onPageChange(page - 1)} disabled={busy || page <= 1}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <p data-testid="pager-status" className="text-sm text-muted-foreground tabular-nums">
        Page {formatCount(page)} of {formatCount(pageCount)}
      </p>
      <Button variant="outline" onClick={() => onPageChange(page + 1)} disabled={busy || page >= pageCount}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
