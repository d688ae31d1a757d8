// What an admin (form, batch or import) may write as a lead, and how a lead is recognised again.
import { z } from 'zod';
import { fundingRoundSchema, isoDateSchema } from './leads.js';

export const MAX_BATCH_LEADS = 10_000;
export const MAX_CONTACTS_PER_LEAD = 20;
/** bigint holds more, but no round is larger; beyond 2^53 a number stops being exact anyway. */
export const MAX_FUNDING_AMOUNT = 1e13;

/** PostgreSQL text cannot hold U+0000, so any text that contains it is refused before it gets there. */
export function hasNulCharacter(value: string): boolean {
  return value.includes('\u0000');
}

const text = (message?: string) => z.string(message === undefined ? undefined : { message }).refine((value) => !hasNulCharacter(value), 'must not contain NUL characters');

/** `https://www.Acme.com/about` → `acme.com`. */
export function normalizeDomain(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/^www\./, '')
    .replace(/\.$/, '');
}

const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

export function isDomain(value: string): boolean {
  return DOMAIN_PATTERN.test(value);
}

/** Lowercase letters and digits only, accents dropped: `Leeta Materials, Inc.` → `leetamaterialsinc`. */
export function normalizeCompanyName(value: string): string {
  return value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** A lead's identity: its normalised domain (or name when it has no domain), round and funding date. */
export function leadIdentityKey(lead: { domain: string; companyName: string; fundingRound: string; fundingDate: string }): string {
  const domain = normalizeDomain(lead.domain);
  const who = domain ? domain : `name:${normalizeCompanyName(lead.companyName)}`;
  return `${who}|${lead.fundingRound}|${lead.fundingDate}`;
}

const requiredText = (max: number) => text('is required').trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

export const contactInputSchema = z.object({
  name: requiredText(200),
  role: text().trim().max(200, 'must be at most 200 characters').default(''),
  email: text('is required').trim().toLowerCase().pipe(z.email({ message: 'must be an email address' })),
  linkedIn: text()
    .trim()
    .max(500)
    .default('')
    .refine((value) => value === '' || /^https?:\/\/\S+$/.test(value), 'must be an http(s) URL'),
});
export type ContactInput = z.output<typeof contactInputSchema>;

export const leadInputSchema = z.object({
  companyName: requiredText(200),
  domain: text('is required')
    .transform(normalizeDomain)
    .pipe(z.string().min(1, 'is required').refine(isDomain, 'must be a domain such as acme.com')),
  industry: requiredText(100),
  fundingAmount: z
    .number({ message: 'must be a number of dollars' })
    .min(0, 'must not be negative')
    .max(MAX_FUNDING_AMOUNT, 'is too large')
    .transform((value) => Math.round(value)),
  fundingRound: fundingRoundSchema,
  location: requiredText(200),
  fundingDate: isoDateSchema,
  description: requiredText(5000),
  tags: z.array(text().trim().min(1).max(50)).max(20).default([]),
  sourceUrl: text()
    .trim()
    .refine((value) => /^https?:\/\/\S+$/.test(value), 'must be an http(s) URL')
    .nullish()
    .transform((value) => value ?? null),
  contacts: z.array(contactInputSchema).max(MAX_CONTACTS_PER_LEAD, `at most ${MAX_CONTACTS_PER_LEAD} contacts`).default([]),
});
export type LeadInput = z.output<typeof leadInputSchema>;

export interface FieldError {
  field: string;
  message: string;
}

/** zod issues as `field: message` pairs, with paths like `contacts.0.email`. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || '(lead)', message: issue.message }));
}

export const batchUploadResponseSchema = z.object({ count: z.number().int(), created: z.number().int(), updated: z.number().int() });

export const importSummarySchema = z.object({
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  skippedRows: z.array(z.object({ line: z.number().int(), company: z.string(), reason: z.string() })),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;
