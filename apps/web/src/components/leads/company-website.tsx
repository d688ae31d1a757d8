// A company's website as a link that opens in a new tab, with where it came from ("from the company's SEC record");
// nothing when the website is unknown.
import { ExternalLink, Globe } from 'lucide-react';
import { domainSourceText, type DomainSourceValue } from '@/lib/leads/enrichment';
import { displayDomain, externalHref } from '@/lib/leads/lead-links';
import { cn } from '@/lib/utils';

export interface CompanyWebsiteProps {
  domain: string | null | undefined;
  domainSource?: DomainSourceValue | null;
  /** Compact: the note as a hover title only (table rows), not as text. */
  compact?: boolean;
  /** Icon: a globe icon link (the phone list's one-line rows), the domain and note in its name and title. */
  icon?: boolean;
  className?: string;
}

export function CompanyWebsite({ domain, domainSource = null, compact = false, icon = false, className }: CompanyWebsiteProps) {
  if (!domain?.trim()) return null;
  const href = externalHref(domain);
  // Stored text that is no web address (typed by hand) is shown as it is, not linked.
  if (!href) return <span className={cn('block truncate text-muted-foreground', className)}>{displayDomain(domain)}</span>;
  const note = domainSourceText(domainSource);
  if (icon) {
    const label = `${displayDomain(domain)}${note ? `, ${note}` : ''}`;
    return (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="lead-domain"
        title={label}
        aria-label={`Website ${label} (opens in a new tab)`}
        className={cn(
          'inline-flex size-6 shrink-0 items-center justify-center rounded-sm text-muted-foreground hover:text-primary focus-visible:outline-2 focus-visible:outline-ring',
          className,
        )}
      >
        <Globe aria-hidden="true" className="size-3.5" />
      </a>
    );
  }
  return (
    <span data-testid="company-website" data-source={domainSource ?? undefined} className={cn('inline-flex max-w-full flex-wrap items-baseline gap-x-1.5', className)}>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="lead-domain"
        title={compact && note ? `Website, ${note}` : undefined}
        className="inline-flex min-h-6 max-w-full min-w-0 items-center gap-1 rounded-sm text-primary underline-offset-4 hover:underline"
      >
        <span className="truncate">{displayDomain(domain)}</span>
        <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
        <span className="sr-only">
          {' '}
          (website{note ? `, ${note}` : ''}, opens in a new tab)
        </span>
      </a>
      {note && !compact && (
        <span data-testid="domain-source" aria-hidden="true" className="text-xs text-muted-foreground">
          {note}
        </span>
      )}
    </span>
  );
}
