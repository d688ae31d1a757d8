// The people to contact at a lead's company: name, role, email (mailto) and LinkedIn profile. Public filings
// name people without addresses: such a contact shows name and role, with no mail link.
import type { Contact, Lead } from '@fundwire/shared';
import { ExternalLink, Mail, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { externalHref, mailtoHref } from '@/lib/leads/lead-links';

export interface ContactsDialogProps {
  lead: Pick<Lead, 'companyName' | 'contacts'>;
  /** The button that opens the dialog; focus returns to it on close. */
  trigger: ReactNode;
}

export function ContactsDialog({ lead, trigger }: ContactsDialogProps) {
  return (
    <Dialog>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent data-testid="contacts-dialog">
        <DialogHeader>
          <DialogTitle className="break-words">{lead.companyName}</DialogTitle>
          <DialogDescription>Key stakeholders and contact information</DialogDescription>
        </DialogHeader>

        {lead.contacts.length === 0 ? (
          <p data-testid="no-contacts" className="rounded-md border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
            No contacts are listed for {lead.companyName} yet.
          </p>
        ) : (
          <ul aria-label="Contacts" className="divide-y divide-border rounded-md border border-border">
            {lead.contacts.map((contact, index) => (
              <ContactRow key={`${contact.email ?? contact.name}-${index}`} contact={contact} />
            ))}
          </ul>
        )}

        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const linkClass =
  'inline-flex min-w-0 items-center gap-1.5 rounded-sm text-primary underline-offset-4 hover:underline [&_svg]:size-4 [&_svg]:shrink-0';

/** One person: name, role, mailto (when there is an address) and LinkedIn links (also listed on the company page). */
export function ContactRow({ contact }: { contact: Contact }) {
  const mailto = contact.email ? mailtoHref(contact.email) : null;
  const linkedIn = externalHref(contact.linkedIn);
  const name = contact.name.trim() || 'Unnamed contact';
  return (
    <li data-testid="contact" className="flex gap-3 p-4">
      <span aria-hidden="true" className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <UserRound className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium leading-snug break-words">{name}</p>
        {contact.role.trim() && <p className="text-sm text-muted-foreground">{contact.role}</p>}
        <div className="mt-2 flex flex-col items-start gap-1 text-sm">
          {mailto ? (
            <a href={mailto} className={linkClass}>
              <Mail aria-hidden="true" />
              <EmailText email={(contact.email ?? '').trim()} />
            </a>
          ) : (
            <span className="text-muted-foreground">No email listed</span>
          )}
          {linkedIn ? (
            <a href={linkedIn} target="_blank" rel="noopener noreferrer" className={linkClass}>
              <ExternalLink aria-hidden="true" />
              LinkedIn
              <span className="sr-only"> profile of {name} (opens in a new tab)</span>
            </a>
          ) : (
            <span className="text-muted-foreground">No LinkedIn profile</span>
          )}
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
