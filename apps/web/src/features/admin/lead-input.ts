// A rule the client applies before sending a LeadInput (the shared leadInputSchema): contacts without a name are
// left out. A contact may lack an email (public filings name people, not addresses: decision 023).
import type { Contact } from '@fundwire/shared';

/** A contact as a form row holds it: every field text, an empty email meaning none. */
type FormContact = { [K in keyof Contact]: string };

/** Whether a contact row has what a contact needs to be saved: a name. */
export function isCompleteContact(contact: Pick<Contact, 'name' | 'email'>): boolean {
  return contact.name.trim() !== '';
}

/** The contacts worth saving, with surrounding spaces trimmed. */
export function dropIncompleteContacts(contacts: readonly FormContact[]): Contact[] {
  return contacts.filter(isCompleteContact).map(trimContact);
}

/**
 * For each contact that will be sent, the index of the form row it came from. The server names
 * contacts by their position in the body ("contacts.1.email"); this finds the row to mark.
 */
export function keptContactRows(contacts: readonly Pick<Contact, 'name' | 'email'>[]): number[] {
  const rows: number[] = [];
  contacts.forEach((contact, index) => {
    if (isCompleteContact(contact)) rows.push(index);
  });
  return rows;
}

function trimContact(contact: FormContact): Contact {
  return {
    name: contact.name.trim(),
    role: contact.role.trim(),
    email: contact.email.trim() || null,
    linkedIn: contact.linkedIn.trim(),
  };
}
