// The shapes of leads and contacts, as the API sends them and the forms edit them.
import { z } from 'zod';
import { DOMAIN_SOURCES, EDITABLE_LEAD_FIELDS, EMAIL_SOURCES, EMAIL_STATUSES, FUNDING_ROUNDS, LEAD_SOURCES, UNDISCLOSED } from './constants.js';

export const fundingRoundSchema = z.enum(FUNDING_ROUNDS);

export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date in the form YYYY-MM-DD')
  // Year 0000 does not exist in PostgreSQL's calendar (1 BC is followed by AD 1).
  .refine(
    (value) => !value.startsWith('0000') && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    'must be a real calendar date',
  );

export const contactSchema = z.object({
  name: z.string(),
  role: z.string(),
  /** Public filings name people, not addresses. */
  email: z.string().nullable(),
  linkedIn: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

export const emailStatusSchema = z.enum(EMAIL_STATUSES);
export const emailSourceSchema = z.enum(EMAIL_SOURCES);
export const domainSourceSchema = z.enum(DOMAIN_SOURCES);

/**
 * A contact as the API sends it (issue 31): the editable fields plus its id and what is known of its email. A bounced
 * email: an admin gets the address with emailStatus 'bounced'; everyone else gets email null with emailStatus
 * 'bounced', so a screen can say the address bounced. emailStatus and emailSource are null when there is no email.
 */
export const leadContactSchema = contactSchema.extend({
  /** The contact's uuid (POST /api/contacts/:id/bounce). */
  id: z.string(),
  emailStatus: emailStatusSchema.nullable(),
  emailSource: emailSourceSchema.nullable(),
  /** When the email's status was last set or checked, ISO; null when never. */
  emailCheckedAt: z.string().nullable(),
  /** The name as the source filed it ('CHISHOLM GLENN LINDORES') when it differs from `name`, else null. */
  filedName: z.string().nullable(),
});
export type LeadContact = z.infer<typeof leadContactSchema>;

/** A lead as the public free sample shows it: no contacts, no contact data of any kind. */
export const freeLeadSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  domain: z.string(),
  /** null: unknown. */
  industry: z.string().nullable(),
  /** null: undisclosed, never 0. */
  fundingAmount: z.number().int().nullable(),
  /** One of the six rounds, or null: undisclosed (see roundLabel). */
  fundingRound: z.string().nullable(),
  /** The round as the source named it, when it is not simply the stage ('Convertible Note'). */
  roundLabel: z.string().nullable(),
  location: z.string().nullable(),
  fundingDate: isoDateSchema,
  description: z.string(),
});
export type FreeLead = z.infer<typeof freeLeadSchema>;

/** One source that reports the round: a lead that several sources report lists each of them. */
export const leadSourceRefSchema = z.object({
  source: z.enum(LEAD_SOURCES),
  sourceId: z.string().nullable(),
  sourceUrl: z.string().nullable(),
});
export type LeadSourceRef = z.infer<typeof leadSourceRefSchema>;

export const leadSchema = freeLeadSchema.extend({
  tags: z.array(z.string()),
  source: z.enum(LEAD_SOURCES),
  sourceId: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  /** Every source that reports this round (at least the lead's own); several when rounds were merged. */
  sources: z.array(leadSourceRefSchema),
  /** Fields an admin changed by hand: imports and feeds never overwrite them. */
  editedFields: z.array(z.enum(EDITABLE_LEAD_FIELDS)),
  /** The company this round belongs to (null only until start-up has grouped older leads). */
  companyId: z.string().nullable(),
  /** How many of the same company's rounds have an earlier funding date. */
  earlierRounds: z.number().int(),
  /** Where the website (domain) came from, and when it was found; null when unknown (no domain, or older data). */
  domainSource: domainSourceSchema.nullable(),
  domainFoundAt: z.string().nullable(),
  /** The location as the source filed it ('SAN FRANCISCO, CA') when it differs from `location` (shown cased), else null. */
  filedLocation: z.string().nullable(),
  contacts: z.array(leadContactSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

export const freeLeadsResponseSchema = z.object({
  leads: z.array(freeLeadSchema),
  message: z.string(),
});
export type FreeLeadsResponse = z.infer<typeof freeLeadsResponseSchema>;

/** The round as readers see it: the stage, or Undisclosed. */
export function roundText(lead: { fundingRound: string | null }): string {
  return lead.fundingRound ?? UNDISCLOSED;
}

/** GET /api/v1/leads/:id */
export const leadParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Lead id must be a UUID'),
});
export const leadResponseSchema = z.object({ lead: leadSchema });

/** POST /api/admin/leads/:id/split: the lead back as its own source reports it, and the ids of the leads its other reports became. */
export const splitLeadResponseSchema = z.object({ lead: leadSchema, split: z.array(z.string()) });
export type SplitLeadResponse = z.infer<typeof splitLeadResponseSchema>;
export type LeadResponse = z.infer<typeof leadResponseSchema>;
