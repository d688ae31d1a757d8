// Batch upload: reading the JSON the admin pasted, the one-lead sample, and the server's per-row
// rejections (POST /api/leads/batch is all-or-nothing).
import { DEFAULT_FUNDING_ROUND, MAX_BATCH_LEADS, type leadInputSchema } from '@fundwire/shared';
import { format } from 'date-fns';
import { z } from 'zod';
import { isCompleteContact } from './lead-input';

export type BatchParseResult =
  | { ok: true; leads: Record<string, unknown>[] }
  /** not-json: no JSON at all; not-leads: JSON, but not an array of objects (or {leads: [...]}). */
  | { ok: false; reason: 'not-json' | 'not-leads' | 'empty' | 'too-many'; count?: number };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The leads in the batch text: a JSON array of lead objects, or an object with such an array under
 * `leads` (the request body's own shape). Nothing is checked beyond that; the server validates
 * every field and reports each rejected row.
 */
export function parseBatchJson(text: string): BatchParseResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not-json' };
  }
  const list = isRecord(data) && 'leads' in data ? data.leads : data;
  if (!Array.isArray(list) || !list.every(isRecord)) return { ok: false, reason: 'not-leads' };
  if (list.length === 0) return { ok: false, reason: 'empty' };
  if (list.length > MAX_BATCH_LEADS) return { ok: false, reason: 'too-many', count: list.length };
  return { ok: true, leads: list };
}

/**
 * A lead as it is sent in a batch: as pasted, except that contacts without a name are left out, as
 * the form does. Anything unexpected is left for the server to report.
 */
export function prepareBatchLead(lead: Record<string, unknown>): Record<string, unknown> {
  const { contacts } = lead;
  if (!Array.isArray(contacts)) return lead;
  return {
    ...lead,
    contacts: contacts.filter(
      (contact: unknown) =>
        !isRecord(contact) ||
        typeof contact.name !== 'string' ||
        isCompleteContact({ name: contact.name, email: typeof contact.email === 'string' ? contact.email : '' }),
    ),
  };
}

/** One example lead, as the JSON array the text area takes. Reserved example domains and people only. */
export function sampleBatchText(today: Date): string {
  const sample: z.input<typeof leadInputSchema>[] = [
    {
      companyName: 'Sample Startup',
      domain: 'sample-startup.example.com',
      industry: 'SaaS',
      fundingAmount: 2_500_000,
      fundingRound: DEFAULT_FUNDING_ROUND,
      location: 'San Francisco, CA',
      fundingDate: format(today, 'yyyy-MM-dd'),
      description: 'Sample Startup builds workflow software for small finance teams. Replace this example with a real lead.',
      tags: [],
      contacts: [
        {
          name: 'Jane Example',
          role: 'CEO & Co-founder',
          email: 'jane@sample-startup.example.com',
          linkedIn: '',
        },
      ],
    },
  ];
  return JSON.stringify(sample, null, 2);
}

export const batchRowErrorSchema = z.object({
  index: z.number().int(),
  companyName: z.string().nullish(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type BatchRowError = z.infer<typeof batchRowErrorSchema>;

const skippedRowSchema = z.object({ line: z.number().int(), company: z.string(), reason: z.string() });
/** A batch in which no row was valid: 400 with every skipped row (the first 100). */
export const batchErrorBodySchema = z.object({ error: z.string(), skippedRows: z.array(skippedRowSchema) });

/**
 * The server's skipped rows ("line" counts from 1) as row errors. Its reason is already in words, one
 * problem per "; " ("company name is missing; contact 1 email must be an email address"): each is
 * listed as it is, with no field of its own.
 */
export function skippedToBatchRows(rows: readonly z.infer<typeof skippedRowSchema>[]): BatchRowError[] {
  return rows.map((row) => ({
    index: row.line - 1,
    companyName: row.company,
    errors: row.reason.split('; ').map((message) => ({ field: '', message })),
  }));
}

export interface BatchRowProblem {
  /** 1-based, as people count rows. */
  rowNumber: number;
  companyName: string;
  errors: { field: string; message: string }[];
}

/**
 * The server's rejected rows, ready to list: numbered from 1, named by the server's company name or
 * else the one in the pasted lead, in row order.
 */
export function describeBatchRows(rows: readonly BatchRowError[], sent: readonly Record<string, unknown>[]): BatchRowProblem[] {
  return [...rows]
    .sort((a, b) => a.index - b.index)
    .map((row) => {
      const pastedName = sent[row.index]?.companyName;
      const name = row.companyName?.trim() || (typeof pastedName === 'string' ? pastedName.trim() : '');
      return { rowNumber: row.index + 1, companyName: name || '(no company name)', errors: row.errors };
    });
}
