// One person at a lead's company: name (as filed on hover), role, email with its status badge, copy and bounce report,
// their LinkedIn profile when known and a LinkedIn search for them. A bounced address is hidden from subscribers.
import type { LeadContact } from '@fundwire/shared';
import { ExternalLink, Mail, UserRound } from 'lucide-react';
import { CopyButton } from '@/components/ui/copy-button';
import { EmailStatusBadge } from '@/components/leads/email-status-badge';
import { LinkedInSearchLink } from '@/components/leads/linkedin-search-link';
import { emailSourceText } from '@/lib/leads/enrichment';
import { externalHref, mailtoHref } from '@/lib/leads/lead-links';
import { useViewer } from '@/lib/viewer';
import { ReportBounceButton, UndoBounceButton } from './bounce-actions';

const linkClass =
  'inline-flex min-h-6 min-w-0 items-center gap-1.5 rounded-sm text-primary underline-offset-4 hover:underline [&_svg]:size-4 [&_svg]:shrink-0';

export function ContactRow({ contact, companyName }: { contact: LeadContact; companyName: string }) {
  const { admin } = useViewer();
  const email = (contact.email ?? '').trim();
  const mailto = email ? mailtoHref(email) : null;
  const linkedIn = externalHref(contact.linkedIn);
  const name = contact.name.trim() || 'Unnamed contact';
  const bounced = contact.emailStatus === 'bounced';
  const filedName = contact.filedName?.trim();
  const source = emailSourceText(contact.emailSource);
  return (
    <li data-testid="contact" data-contact-id={contact.id} className="flex gap-3 p-4">
      <span aria-hidden="true" className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <UserRound className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p data-testid="contact-name" className="font-medium leading-snug break-words" title={filedName && filedName !== name ? `As filed: ${filedName}` : undefined}>
          {name}
        </p>
        {contact.role.trim() && <p className="text-sm text-muted-foreground">{contact.role}</p>}
        <div className="mt-2 flex flex-col items-start gap-1.5 text-sm">
          {email ? (
            <div data-testid="contact-email" className="flex max-w-full flex-wrap items-center gap-x-2 gap-y-1">
              {mailto && !bounced ? (
                <a href={mailto} className={linkClass}>
                  <Mail aria-hidden="true" />
                  <EmailText email={email} />
                </a>
              ) : (
                <span className={bounced ? 'text-muted-foreground line-through' : undefined}>
                  <EmailText email={email} />
                </span>
              )}
              <EmailStatusBadge status={contact.emailStatus} />
              {!bounced && <CopyButton text={email} label={`Copy email ${email}`} />}
            </div>
          ) : bounced ? (
            <div data-testid="contact-email" className="flex flex-wrap items-center gap-2">
              <span className="text-muted-foreground">Email bounced</span>
              <EmailStatusBadge status="bounced" />
            </div>
          ) : (
            <span className="text-muted-foreground">No email listed</span>
          )}
          {email && source && (
            <span data-testid="email-source" className="text-xs text-muted-foreground">
              {source}
            </span>
          )}
          {(email || bounced) && (
            <div className="-ml-2 flex flex-wrap gap-1">
              {email && !bounced && <ReportBounceButton contactId={contact.id} email={email} name={name} />}
              {bounced && admin && <UndoBounceButton contactId={contact.id} email={email || null} />}
            </div>
          )}
          {linkedIn && (
            <a href={linkedIn} target="_blank" rel="noopener noreferrer" className={linkClass}>
              <ExternalLink aria-hidden="true" />
              LinkedIn
              <span className="sr-only"> profile of {name} (opens in a new tab)</span>
            </a>
          )}
          {contact.name.trim() && <LinkedInSearchLink person={contact.name} company={companyName} />}
        </div>
      </div>
    </li>
  );
}

/** An address that wraps after the "@" on narrow screens rather than mid-word. */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <span className="[overflow-wrap:anywhere]">
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </span>
  );
}
