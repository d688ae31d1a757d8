// What an admin (form, batch or import) may write as a lead, and how a lead is recognised again.
import { z } from 'zod';
import { FUNDING_ROUNDS, UNDISCLOSED, type FundingRound } from './constants.js';
import { fundingRoundSchema, isoDateSchema } from './leads.js';

export const MAX_BATCH_LEADS = 10_000;
export const MAX_CONTACTS_PER_LEAD = 20;
/** bigint holds more, but no round is larger; beyond 2^53 a number stops being exact anyway. */
export const MAX_FUNDING_AMOUNT = 1e13;

/** PostgreSQL text cannot hold U+0000, so any text that contains it is refused before it gets there. */
export function hasNulCharacter(value: string): boolean {
  return value.includes('\u0000');
}

const text = (message?: string) =>
  z.string(message === undefined ? undefined : { message }).refine((value) => !hasNulCharacter(value), 'must not contain NUL characters');

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

/**
 * A lead's identity: its normalised domain (or name when it has no domain), round and funding date. An
 * undisclosed round is told apart by its label, so a note and an equity round on one day stay two leads.
 */
export function leadIdentityKey(lead: {
  domain: string;
  companyName: string;
  fundingRound: string | null;
  fundingDate: string;
  roundLabel?: string | null;
}): string {
  const domain = normalizeDomain(lead.domain);
  const who = domain ? domain : `name:${normalizeCompanyName(lead.companyName)}`;
  const round = lead.fundingRound ?? (lead.roundLabel ? `${UNDISCLOSED}:${lead.roundLabel.trim().toLowerCase()}` : UNDISCLOSED);
  return `${who}|${round}|${lead.fundingDate}`;
}

const requiredText = (max: number) => text('is required').trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
/** Unknown is a value: empty or missing text becomes null. */
const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * A decimal number of dollars as text (`2500000`, `12048192.77`): no hex, no exponent, no sign, no
 * thousands separators. Returns undefined for anything else, so `0x10` is never read as $16.
 */
export function parseDecimalAmount(value: string): number | undefined {
  const trimmed = value.trim();
  if (!/^\d{1,16}(\.\d{1,6})?$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** Dollars as a number or decimal text; empty or missing is undisclosed (null), never 0. */
const amountSchema = z
  .unknown()
  .transform((value, context): number | null => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
    const amount = typeof value === 'number' ? value : typeof value === 'string' ? parseDecimalAmount(value) : undefined;
    if (amount === undefined || !Number.isFinite(amount)) {
      context.addIssue({ code: 'custom', message: typeof value === 'string' ? 'must be a decimal number of dollars' : 'must be a number of dollars' });
      return z.NEVER;
    }
    return amount;
  })
  .pipe(
    z
      .number()
      .min(0, 'must not be negative')
      .max(MAX_FUNDING_AMOUNT, 'is too large')
      .transform((value) => Math.round(value))
      .nullable(),
  );

const roundSchema = z
  .union([fundingRoundSchema, z.literal(UNDISCLOSED), z.literal(''), z.null()], {
    message: `must be one of ${FUNDING_ROUNDS.join(', ')} or ${UNDISCLOSED}`,
  })
  .optional()
  .transform((value): FundingRound | null => (value === undefined || value === null || value === '' || value === UNDISCLOSED ? null : value));

export const contactInputSchema = z.object({
  name: requiredText(200),
  role: text().trim().max(200, 'must be at most 200 characters').default(''),
  /** Public filings name people, not addresses: the email may be empty (null). */
  email: text()
    .trim()
    .toLowerCase()
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(z.email({ message: 'must be an email address' }).nullable()),
  linkedIn: text()
    .trim()
    .max(500)
    .default('')
    .refine((value) => value === '' || /^https?:\/\/\S+$/.test(value), 'must be an http(s) URL'),
});
export type ContactInput = z.output<typeof contactInputSchema>;

/**
 * The one lead-input contract: the admin form, JSON batches, CSV imports and the SEC feed all write
 * through it. The form asks for more (a domain, industry and location); the contract lets unknown be null.
 */
export const leadInputSchema = z.object({
  companyName: requiredText(200),
  // Empty: no known website; the lead is then recognised by its name.
  domain: text('must be a domain such as acme.com, or empty')
    .transform(normalizeDomain)
    .pipe(z.string().refine((value) => value === '' || isDomain(value), 'must be a domain such as acme.com')),
  industry: optionalText(100),
  fundingAmount: amountSchema,
  fundingRound: roundSchema,
  roundLabel: optionalText(200),
  location: optionalText(200),
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

const EXPECTED_WORDS: Record<string, string> = {
  string: 'must be text',
  number: 'must be a number',
  int: 'must be a whole number',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be an object',
};

/**
 * An issue's message in words: zod's own type errors ("Invalid input: expected string, received
 * undefined") become "is missing" or "must be text"; the contract's messages are words already.
 */
function issueMessage(issue: z.core.$ZodIssue, input: unknown): string {
  if (issue.code !== 'invalid_type') return issue.message;
  if (/received undefined$/.test(issue.message) || (input !== NO_INPUT && valueAt(input, issue.path) === undefined)) return 'is missing';
  return EXPECTED_WORDS[issue.expected] ?? issue.message;
}

const NO_INPUT = Symbol('no input');

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * zod issues as `field: message` pairs, with paths like `contacts.0.email`, the message in words. Pass
 * the parsed input to tell a missing field ("is missing") from one of the wrong type.
 */
export function fieldErrors(error: z.ZodError, input: unknown = NO_INPUT): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || '(lead)', message: issueMessage(issue, input) }));
}

const FIELD_WORDS: Record<string, string> = {
  companyName: 'company name',
  domain: 'domain',
  industry: 'industry',
  fundingAmount: 'funding amount',
  fundingRound: 'funding round',
  roundLabel: 'round label',
  location: 'location',
  fundingDate: 'funding date',
  description: 'description',
  tags: 'tags',
  sourceUrl: 'source URL',
  contacts: 'contacts',
  name: 'name',
  role: 'role',
  email: 'email',
  linkedIn: 'LinkedIn URL',
};

/** A field path in words: `companyName` is "company name", `contacts.0.email` "contact 1 email". */
export function fieldInWords(field: string): string {
  if (field === '(lead)') return 'the lead';
  const [head, index, rest] = field.split('.');
  const word = FIELD_WORDS[head ?? ''] ?? head ?? field;
  if (index === undefined || !/^\d+$/.test(index)) return word;
  const position = Number(index) + 1;
  if (head === 'contacts') return rest ? `contact ${position} ${FIELD_WORDS[rest] ?? rest}` : `contact ${position}`;
  if (head === 'tags') return `tag ${position}`;
  return `${word} ${position}`;
}

/** "company name is missing; contact 1 email must be an email address" (the first three issues). */
export function describeFieldErrors(errors: readonly FieldError[]): string {
  return errors
    .slice(0, 3)
    .map((error) => `${fieldInWords(error.field)} ${error.message}`)
    .join('; ');
}

/** At most this many skipped rows are listed one by one; all are counted per reason. */
export const MAX_SKIPPED_LISTED = 100;

const skippedRowSchema = z.object({ line: z.number().int(), company: z.string(), reason: z.string() });
/** Skip reasons with their counts, most frequent first. */
const reasonCountsSchema = z.array(z.object({ reason: z.string(), count: z.number().int() }));

export const batchUploadResponseSchema = z.object({
  count: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  /** line = the row's 1-based position in the batch. */
  skippedRows: z.array(skippedRowSchema),
  skippedByReason: reasonCountsSchema,
});
export type BatchUploadResponse = z.infer<typeof batchUploadResponseSchema>;

/** How many leads one bulk delete removes at most. */
export const MAX_BULK_DELETE_LEADS = 500;
const LEAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const bulkDeleteLeadsBodySchema = z.object(
  {
    ids: z
      .array(z.string().regex(LEAD_ID, 'must be a lead id (a UUID)'), { message: 'ids must be a list of lead ids' })
      .min(1, 'ids must hold at least one lead id')
      .max(MAX_BULK_DELETE_LEADS, `ids holds at most ${MAX_BULK_DELETE_LEADS} lead ids`),
  },
  { message: 'The body must be {"ids": [ ... ]}, a list of lead ids' },
);
export type BulkDeleteLeadsBody = z.infer<typeof bulkDeleteLeadsBodySchema>;
/** deleted: how many of the ids were leads (and are gone); unknown ids are not counted. */
export const bulkDeleteLeadsResponseSchema = z.object({ deleted: z.number().int() });
export type BulkDeleteLeadsResponse = z.infer<typeof bulkDeleteLeadsResponseSchema>;

export const importSummarySchema = z.object({
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Rows that matched a lead already stored and changed nothing. */
  unchanged: z.number().int(),
  /** Rows that repeat a round seen earlier in the file (same company, round and date): merged into that lead. */
  merged: z.number().int(),
  skipped: z.number().int(),
  skippedRows: z.array(skippedRowSchema),
  skippedByReason: reasonCountsSchema,
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** Skip reasons without their row-specific details, so they can be counted: `no valid date (2020-02-30)` → `no valid date`. */
export function reasonKind(reason: string): string {
  return reason
    .replace(/\s*\(.*\)$/, '')
    .replace(/"[^"]*"/g, '…')
    .replace(/line \d+/g, 'an earlier line');
}
