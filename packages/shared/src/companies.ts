// A company: one stable identity across all of its funding rounds (leads).
import { z } from 'zod';
import { domainSourceSchema, leadContactSchema, leadSchema } from './leads.js';

export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Facts from the company's rounds; null when no round states them. */
  domain: z.string().nullable(),
  /** Where the website came from, and when it was found (null when unknown). */
  domainSource: domainSourceSchema.nullable(),
  domainFoundAt: z.string().nullable(),
  /** From SEC's company record, when it has them. */
  phone: z.string().nullable(),
  /** The business address from SEC's company record, one line. */
  address: z.string().nullable(),
  location: z.string().nullable(),
  industry: z.string().nullable(),
  /** SEC Central Index Key, when a source knows it. */
  cik: z.string().nullable(),
  roundCount: z.number().int(),
  /** Sum of the disclosed amounts of its rounds, in whole dollars. */
  totalFunding: z.number(),
});
export type Company = z.infer<typeof companySchema>;

export const companyResponseSchema = z.object({
  company: companySchema,
  /** Every round of the company, newest funding date first. */
  rounds: z.array(leadSchema),
  /** The contacts of all its rounds, each person once (newest round first). */
  contacts: z.array(leadContactSchema),
});
export type CompanyResponse = z.infer<typeof companyResponseSchema>;

export const companyParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Company id must be a UUID'),
});
