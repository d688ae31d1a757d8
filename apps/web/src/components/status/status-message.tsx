// A page's one message about how something went (subscribed, unsubscribed, the page failed): an icon, the heading,
// a line of text and the ways on, centred.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** A way on from the message: a link to a path, or a button that does something here. */
export type StatusAction = { label: string; icon?: ReactNode; variant?: ButtonProps['variant'] } & ({ to: string } | { onClick: () => void });

export interface StatusMessageProps {
  icon?: ReactNode;
  title: string;
  children: ReactNode;
  actions: readonly StatusAction[];
  /** Framed in a card (a page of its own), or bare (inside a layout that frames it). */
  framed?: boolean;
  role?: 'alert';
  className?: string;
}

export function StatusMessage({ icon, title, children, actions, framed = false, role, className }: StatusMessageProps) {
  const body = (
    <>
      {icon}
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-muted-foreground">{children}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        {actions.map(({ label, icon: actionIcon, variant, ...action }) =>
          'to' in action ? (
            <Button key={label} asChild variant={variant}>
              <Link to={action.to}>
                {actionIcon}
                {label}
              </Link>
            </Button>
          ) : (
            <Button key={label} variant={variant} onClick={action.onClick}>
              {actionIcon}
              {label}
            </Button>
          ),
        )}
      </div>
    </>
  );
  return framed ? (
    <Card role={role} className={cn('items-center p-8 text-center', className)}>
      {body}
    </Card>
  ) : (
    <div role={role} className={cn('flex flex-col items-center text-center', className)}>
      {body}
    </div>
  );
}
