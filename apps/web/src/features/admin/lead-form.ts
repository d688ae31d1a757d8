// The admin lead form's rules (docs/product/SPEC.md section 5, with decision 023: unknown round, amount, industry and
// location are allowed), its starting values, and the LeadInput it sends.
import {
  contactInputSchema,
  formatAmountInput,
  parseAmount,
  DEFAULT_FUNDING_ROUND,
  FUNDING_ROUNDS,
  fundingRoundSchema,
  isDomain,
  isoDateSchema,
  normalizeDomain,
  type Contact,
  type FundingRound,
  UNDISCLOSED,
  type Lead,
  type LeadInput,
} from '@fundwire/shared';
import { z } from 'zod';
import { dropIncompleteContacts, isCompleteContact, keptContactRows } from './lead-input';

export const LEAD_FORM_MESSAGES = {
  companyName: 'Enter the company name',
  domain: 'Enter the company domain',
  domainInvalid: 'Enter a domain such as acme.com',
  industry: 'Enter the industry',
  location: 'Enter the location',
  amountInvalid: 'Enter the amount in dollars, such as 2500000, 2.5M or 750k, or leave it empty if undisclosed',
  round: 'Choose a funding round',
  date: 'Enter the funding date',
  dateInvalid: 'Enter a real date',
  description: 'Enter a description',
  contactEmail: 'Enter a valid email address',
  contactLinkedIn: 'Enter the full profile URL, starting with https://',
} as const;

/** A contact row as the form edits it: an empty email field means no known address. */
export type ContactFormRow = { [K in keyof Contact]: string };
export const EMPTY_CONTACT: ContactFormRow = { name: '', role: '', email: '', linkedIn: '' };

// `abort`: an empty field gets the one message, not also the format check's.
const requiredText = (message: string) => z.string().trim().min(1, { message, abort: true });

/** Whether the domain field holds a domain the server accepts, once it strips https://www. and any path. */
export function isAcceptedDomain(text: string): boolean {
  return isDomain(normalizeDomain(text));
}

const contactRowSchema = z.object({ name: z.string(), role: z.string(), email: z.string(), linkedIn: z.string() });

export const leadFormSchema = z.object({
  companyName: requiredText(LEAD_FORM_MESSAGES.companyName),
  domain: requiredText(LEAD_FORM_MESSAGES.domain).refine(isAcceptedDomain, LEAD_FORM_MESSAGES.domainInvalid),
  // Unknown is a value (decision 023): an empty industry, location or amount is saved as unknown.
  industry: z.string(),
  location: z.string(),
  fundingAmount: z.string().refine((text) => text.trim() === '' || parseAmount(text) !== null, LEAD_FORM_MESSAGES.amountInvalid),
  fundingRound: z.union([z.literal(''), z.literal(UNDISCLOSED), fundingRoundSchema]).refine((round) => round !== '', LEAD_FORM_MESSAGES.round),
  fundingDate: requiredText(LEAD_FORM_MESSAGES.date).refine((date) => isoDateSchema.safeParse(date).success, LEAD_FORM_MESSAGES.dateInvalid),
  description: requiredText(LEAD_FORM_MESSAGES.description),
  contacts: z.array(contactRowSchema).min(1).superRefine((contacts, ctx) => {
    // Only rows that will be saved are checked, by the server's own rules; incomplete rows are dropped.
    contacts.forEach((contact, index) => {
      if (!isCompleteContact(contact)) return;
      if (contact.email.trim() !== '' && !contactInputSchema.shape.email.safeParse(contact.email).success) {
        ctx.addIssue({ code: 'custom', message: LEAD_FORM_MESSAGES.contactEmail, path: [index, 'email'] });
      }
      if (!contactInputSchema.shape.linkedIn.safeParse(contact.linkedIn).success) {
        ctx.addIssue({ code: 'custom', message: LEAD_FORM_MESSAGES.contactLinkedIn, path: [index, 'linkedIn'] });
      }
    });
  }),
});

export type LeadFormValues = z.input<typeof leadFormSchema>;

/** The form for a new lead: Seed round, one empty contact row. */
export function emptyLeadFormValues(): LeadFormValues {
  return {
    companyName: '',
    domain: '',
    industry: '',
    location: '',
    fundingAmount: '',
    fundingRound: DEFAULT_FUNDING_ROUND,
    fundingDate: '',
    description: '',
    contacts: [{ ...EMPTY_CONTACT }],
  };
}

function isFundingRound(value: string | null): value is FundingRound {
  return value !== null && (FUNDING_ROUNDS as readonly string[]).includes(value);
}

/** The form filled in from a saved lead, the amount in its short form ("2.5M"), always with at least one contact row. */
export function leadToFormValues(lead: Lead): LeadFormValues {
  return {
    companyName: lead.companyName,
    domain: lead.domain,
    industry: lead.industry ?? '',
    location: lead.location ?? '',
    fundingAmount: lead.fundingAmount === null ? '' : formatAmountInput(lead.fundingAmount),
    fundingRound: lead.fundingRound === null ? UNDISCLOSED : isFundingRound(lead.fundingRound) ? lead.fundingRound : '',
    fundingDate: lead.fundingDate,
    description: lead.description,
    contacts: lead.contacts.length > 0 ? lead.contacts.map(({ name, role, email, linkedIn }) => ({ name, role, email: email ?? '', linkedIn })) : [{ ...EMPTY_CONTACT }],
  };
}

export interface BuiltLeadInput {
  input: LeadInput;
  /** For each contact sent, the form row it came from (see keptContactRows). */
  contactRows: number[];
}

/**
 * The LeadInput for validated form values. A new lead is sent with no tags; an edited one keeps the
 * tags and source link it had, which the form does not show (they carry the data's provenance).
 */
export function buildLeadInput(values: LeadFormValues, existing?: Pick<Lead, 'tags' | 'sourceUrl' | 'roundLabel'>): BuiltLeadInput {
  const undisclosedAmount = values.fundingAmount.trim() === '';
  const amount = undisclosedAmount ? null : parseAmount(values.fundingAmount);
  if (!undisclosedAmount && amount === null) throw new Error('buildLeadInput: the funding amount is not a number of dollars');
  if (values.fundingRound === '') throw new Error('buildLeadInput: no funding round chosen');
  return {
    input: {
      companyName: values.companyName.trim(),
      domain: values.domain.trim(),
      industry: values.industry.trim() || null,
      fundingAmount: amount,
      fundingRound: values.fundingRound === UNDISCLOSED ? null : values.fundingRound,
      // The source's own label ('Convertible Note') is kept; the form does not show it.
      roundLabel: existing?.roundLabel ?? null,
      location: values.location.trim() || null,
      fundingDate: values.fundingDate.trim(),
      description: values.description.trim(),
      tags: existing ? [...existing.tags] : [],
      sourceUrl: existing ? existing.sourceUrl : null,
      contacts: dropIncompleteContacts(values.contacts),
    },
    contactRows: keptContactRows(values.contacts),
  };
}

type ContactField = keyof Contact;
export type LeadFormField =
  | Exclude<keyof LeadFormValues, 'contacts'>
  | `contacts.${number}.${ContactField}`;

const TOP_LEVEL_FIELDS: Partial<Record<string, LeadFormField>> = {
  companyName: 'companyName',
  domain: 'domain',
  industry: 'industry',
  location: 'location',
  fundingAmount: 'fundingAmount',
  fundingRound: 'fundingRound',
  fundingDate: 'fundingDate',
  description: 'description',
};

const CONTACT_FIELDS: readonly string[] = ['name', 'role', 'email', 'linkedIn'] satisfies ContactField[];

/**
 * The form field a server validation issue is about ("contacts.1.email" -> the row that contact
 * came from), or null when the form has no such field (tags, sourceUrl, the whole body).
 */
export function formFieldForIssuePath(path: string, contactRows: readonly number[]): LeadFormField | null {
  // Accept "contacts[1].email" and "/contacts/1/email" as well as "contacts.1.email".
  const parts = path
    .replace(/\[(\d+)\]/g, '.$1')
    .split(/[./]/)
    .filter((part) => part !== '');
  const [first, index, field] = parts;
  if (first === undefined) return null;
  if (first !== 'contacts') return parts.length === 1 ? (TOP_LEVEL_FIELDS[first] ?? null) : null;
  if (index === undefined || field === undefined || parts.length !== 3 || !/^\d+$/.test(index) || !CONTACT_FIELDS.includes(field)) return null;
  const row = contactRows[Number(index)];
  return row === undefined ? null : `contacts.${row}.${field as ContactField}`;
}
