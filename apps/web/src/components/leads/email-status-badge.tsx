// An email's status as a badge ("Verified", "Accepts all", "Unverified", "Bounced"); a tap, hover or focus tells what it means.
import { BadgeCheck, CircleAlert, CircleHelp, MailX } from 'lucide-react';
import { badgeVariants } from '@/components/ui/badge';
import { Tooltip } from '@/components/ui/tooltip';
import { emailStatusText, type EmailStatusValue } from '@/lib/leads/enrichment';
import { cn } from '@/lib/utils';

const TONE_CLASS = {
  success: 'bg-green-50 text-green-800 ring-1 ring-green-200',
  warning: 'bg-amber-50 text-amber-900 ring-1 ring-amber-200',
  neutral: 'bg-zinc-100 text-zinc-700 ring-1 ring-zinc-200',
  danger: 'bg-red-50 text-red-800 ring-1 ring-red-200',
} as const;

const ICONS = { verified: BadgeCheck, accept_all: CircleAlert, unverified: CircleHelp, bounced: MailX } as const;

export function EmailStatusBadge({ status, className }: { status: EmailStatusValue | null; className?: string }) {
  const text = emailStatusText(status);
  if (!status || !text) return null;
  const Icon = ICONS[status];
  return (
    <Tooltip content={text.meaning}>
      <button
        type="button"
        data-testid="email-status"
        data-status={status}
        aria-label={`Email status: ${text.label}`}
        className={cn(
          badgeVariants({ variant: null }),
          TONE_CLASS[text.tone],
          'min-h-6 cursor-help focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          className,
        )}
      >
        <Icon aria-hidden="true" />
        {text.label}
      </button>
    </Tooltip>
  );
}
