// A form's submit button that shows the work in progress: disabled and aria-busy while busy, its busy label (and,
// where asked, a spinner in place of its icon) instead of its own.
import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';

export interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'asChild' | 'children'> {
  busy: boolean;
  /** What the button says while busy, e.g. "Saving…". */
  busyLabel: string;
  /** Show a spinner while busy. */
  spinner?: boolean;
  /** Shown before the label while not busy. */
  icon?: ReactNode;
  children: ReactNode;
}

export function SubmitButton({ busy, busyLabel, spinner = false, icon, children, disabled, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={busy || disabled} aria-busy={busy || undefined} {...props}>
      {busy && spinner ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : icon}
      {busy ? busyLabel : children}
    </Button>
  );
}
