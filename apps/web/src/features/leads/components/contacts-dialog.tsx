// The people to contact at a lead's company (contact-row.tsx): name, role, email with its status, LinkedIn. Public
// filings name people without addresses: such a contact shows name and role, with no mail link.
import type { Lead } from '@fundwire/shared';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { LinkedInSearchLink } from '@/components/leads/linkedin-search-link';
import { ContactRow } from './contact-row';

export interface ContactsDialogProps {
  lead: Pick<Lead, 'companyName' | 'contacts'>;
  /** The button that opens the dialog; focus returns to it on close. */
  trigger: ReactNode;
}

export function ContactsDialog({ lead, trigger }: ContactsDialogProps) {
  return (
    <Dialog>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        data-testid="contacts-dialog"
        // The dialog itself takes the focus (its title is read out), not the first button: that is an email's status
        // badge, whose tip would open and take the first Escape.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
        }}
      >
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
            {lead.contacts.map((contact) => (
              <ContactRow key={contact.id} contact={contact} companyName={lead.companyName} />
            ))}
          </ul>
        )}

        <LinkedInSearchLink company={lead.companyName} className="text-sm" />

        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
