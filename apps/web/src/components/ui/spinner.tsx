import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

export interface SpinnerProps {
  /** Read to screen readers; also shown beside the icon when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  className?: string;
}

export function Spinner({ label = 'Loading…', showLabel = false, className }: SpinnerProps) {
  return (
    <span role="status" aria-live="polite" className={cn('inline-flex items-center gap-2 text-muted-foreground', className)}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
      <span className={showLabel ? 'text-sm' : 'sr-only'}>{label}</span>
    </span>
  );
}

/** A spinner centred in the space a screen's content would take. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-64 items-center justify-center py-16">
      <Spinner label={label} showLabel />
    </div>
  );
}
