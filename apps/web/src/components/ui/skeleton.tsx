import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A grey placeholder block shown where content is still loading. Decorative: pair it with a status text. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
