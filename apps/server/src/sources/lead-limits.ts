// Third-party data meets the lead-input contract before it is written: what a source brings is cleaned
// (control characters out, text cut to the form's lengths, at most 20 contacts) and then checked by the
// same leadInputSchema as the admin form. Whatever was left out is counted, never silently lost.
import { MAX_CONTACTS_PER_LEAD, fieldErrors, leadInputSchema } from '@fundwire/shared';
import type { BulkContact, BulkLead } from '../modules/leads/index.js';

/** The admin form's lengths (leadInputSchema, contactInputSchema). */
export const LEAD_TEXT_LIMITS = {
  companyName: 200,
  industry: 100,
  roundLabel: 200,
  location: 200,
  description: 5000,
  tag: 50,
  tags: 20,
  contactName: 200,
  contactRole: 200,
  linkedIn: 500,
} as const;

// C0 and C1 controls, DEL, and the Unicode line/paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** One line of text: controls become a space, runs of spaces one, cut to `max` characters (whole code points). */
export function cleanText(value: string, max: number): string {
  const flat = value.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  return Array.from(flat).slice(0, max).join('').trim();
}

const cleanNullable = (value: string | null | undefined, max: number) => {
  if (value === null || value === undefined) return value;
  return cleanText(value, max) || null;
};

export interface FittedLead {
  lead: BulkLead;
  /** Contacts beyond MAX_CONTACTS_PER_LEAD, or with no name left after cleaning. */
  contactsSkipped: number;
}

export function fitLeadToContract(lead: BulkLead): FittedLead {
  const contacts: BulkContact[] = [];
  let contactsSkipped = 0;
  for (const contact of lead.contacts) {
    const name = cleanText(contact.name, LEAD_TEXT_LIMITS.contactName);
    if (!name || contacts.length >= MAX_CONTACTS_PER_LEAD) {
      contactsSkipped++;
      continue;
    }
    const linkedIn = cleanText(contact.linkedIn ?? '', LEAD_TEXT_LIMITS.linkedIn);
    contacts.push({
      ...contact,
      name,
      role: cleanText(contact.role ?? '', LEAD_TEXT_LIMITS.contactRole),
      email: contact.email ? cleanText(contact.email, 254) || null : null,
      // A link cut short would point somewhere else: keep it whole or not at all.
      linkedIn: linkedIn.length === (contact.linkedIn ?? '').length ? linkedIn : '',
    });
  }
  const tags = [...new Set(lead.tags.map((tag) => cleanText(tag, LEAD_TEXT_LIMITS.tag)).filter(Boolean))].slice(0, LEAD_TEXT_LIMITS.tags);
  return {
    lead: {
      ...lead,
      companyName: cleanText(lead.companyName, LEAD_TEXT_LIMITS.companyName),
      industry: cleanNullable(lead.industry, LEAD_TEXT_LIMITS.industry) ?? null,
      roundLabel: cleanNullable(lead.roundLabel, LEAD_TEXT_LIMITS.roundLabel),
      location: cleanNullable(lead.location, LEAD_TEXT_LIMITS.location) ?? null,
      description: cleanText(lead.description, LEAD_TEXT_LIMITS.description),
      tags,
      contacts,
    },
    contactsSkipped,
  };
}

/** Null when the fitted lead meets the contract, else why not ('companyName: is required'). */
export function contractViolation(lead: BulkLead): string | null {
  const result = leadInputSchema.safeParse({ ...lead, fundingRound: lead.fundingRound ?? null });
  if (result.success) return null;
  return fieldErrors(result.error)
    .map((error) => `${error.field}: ${error.message}`)
    .join('; ');
}
