// A wide table in a bordered box that scrolls sideways on narrow screens (focusable, so the keyboard can scroll it
// too), named by a caption only screen readers read, with the muted header row the admin tables share.
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

export interface ScrollTableProps {
  /** Names the table and its scrolling region. */
  caption: ReactNode;
  /** The header row's cells. */
  head: ReactNode;
  /** The body's rows. */
  children: ReactNode;
  /** The table's own classes, e.g. its min-width, below which the box scrolls. */
  className?: string;
  'data-testid'?: string;
}

export function ScrollTable({ caption, head, children, className, 'data-testid': testId }: ScrollTableProps) {
  const captionId = useId();
  return (
    <div className="overflow-x-auto rounded-lg border border-border" tabIndex={0} role="region" aria-labelledby={captionId}>
      <table data-testid={testId} className={cn('w-full text-sm tabular-nums', className)}>
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>{head}</tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </div>
  );
}
