// The frame every sign-in, sign-up and reset screen shares: a centred card with a heading, an intro
// line, the form, and a footer line (e.g. "Don't have an account? Sign up").
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

export interface AuthCardProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthCard({ title, description, icon, children, footer }: AuthCardProps) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-10 sm:py-16">
      <Card className="gap-6 p-6 sm:p-8">
        <div className="flex flex-col gap-2 text-center">
          {icon && (
            <div aria-hidden="true" className="mx-auto mb-1 flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary [&_svg]:size-5">
              {icon}
            </div>
          )}
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
        {children}
      </Card>
      {footer && <p className="mt-6 text-center text-sm text-muted-foreground">{footer}</p>}
    </div>
  );
}

/** A thin rule with a word in the middle, between the email form and the social buttons. */
export function AuthDivider({ label = 'or' }: { label?: string }) {
  return (
    <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
      <span aria-hidden="true" className="h-px flex-1 bg-border" />
      {label}
      <span aria-hidden="true" className="h-px flex-1 bg-border" />
    </div>
  );
}

export const authLinkClass = 'rounded-sm font-medium text-primary underline-offset-4 hover:underline';
