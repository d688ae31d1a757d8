// A router link styled as a button (an empty state's "Choose a plan", "Browse historical leads"), with an optional
// leading icon, so screens do not each wrap a <Link> in <Button asChild>.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, type ButtonProps } from '@/components/ui/button';

export interface ButtonLinkProps extends Pick<ButtonProps, 'variant' | 'size' | 'className'> {
  to: string;
  /** Shown before the words, hidden from screen readers. */
  icon?: LucideIcon;
  children: ReactNode;
}

export function ButtonLink({ to, icon: Icon, children, variant, size, className }: ButtonLinkProps) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <Link to={to}>
        {Icon && <Icon aria-hidden="true" />}
        {children}
      </Link>
    </Button>
  );
}
