// Saved searches (issue 16): a named lead filter that alerts on net-new matches by email, Slack or webhook.
import { z } from 'zod';
import { CRMS } from './crm.js';
import { leadFilterSchema, type LeadFilter } from './lead-filters.js';

/** How many saved searches one account keeps at most. */
export const MAX_SAVED_SEARCHES = 50;
export const SAVED_SEARCH_LIMIT_MESSAGE = `You can keep at most ${MAX_SAVED_SEARCHES} saved searches. Delete one to save another.`;
export const SAVED_SEARCH_NAME_MAX = 100;
export const SAVED_SEARCH_URL_MAX = 2000;

export const SAVED_SEARCH_EMAIL_MODES = ['off', 'instant', 'daily', 'weekly'] as const;
export type SavedSearchEmailMode = (typeof SAVED_SEARCH_EMAIL_MODES)[number];
export const ALERT_CHANNELS = ['email', 'slack', 'webhook'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
export const ALERT_EVENTS = ['leads.matched', 'test'] as const;
export type AlertEvent = (typeof ALERT_EVENTS)[number];
export const ALERT_DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'retrying'] as const;
export type AlertDeliveryStatus = (typeof ALERT_DELIVERY_STATUSES)[number];

/** The fields of a saved filter, as JSON: numbers as numbers, lists as arrays (the lead filter's output shape). */
const savedFilterFields = {
  industry: z.array(z.string()).optional(),
  fundingRound: z.array(z.string()).optional(),
  minFunding: z.number().optional(),
  maxFunding: z.number().optional(),
  dateStart: z.string().optional(),
  dateEnd: z.string().optional(),
  location: z.string().optional(),
  q: z.string().optional(),
  hasContacts: z.boolean().optional(),
  /** A rolling window: only rounds funded in the last N days (the archive opens with it; matching applies it too). */
  lastDays: z.number().int().min(1).max(365).optional(),
};

/** A stored filter as the API answers it. */
export const savedSearchFilterOutputSchema = z.object(savedFilterFields);
export type SavedSearchFilter = z.infer<typeof savedSearchFilterOutputSchema>;

const FILTER_KEYS = Object.keys(savedFilterFields);

/**
 * A filter as a request sends it. Every field is checked by the lead list's own rules (leadFilterSchema), so a
 * saved search accepts exactly what /api/leads accepts, and an empty filter is allowed: it alerts on every new lead.
 */
export const savedSearchFilterSchema = z.unknown().transform((raw, context): SavedSearchFilter => {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    context.addIssue({ code: 'custom', message: 'filter must be an object' });
    return z.NEVER;
  }
  const input = raw as Record<string, unknown>;
  const unknown = Object.keys(input).find((key) => !FILTER_KEYS.includes(key));
  if (unknown !== undefined) {
    context.addIssue({ code: 'custom', message: `filter has an unknown field: ${unknown.slice(0, 40)}` });
    return z.NEVER;
  }
  // The lead list's query-string form: whole numbers as digits, booleans as words, lists as arrays of text.
  const asQuery: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null || key === 'lastDays') continue;
    // JSON types as the response gives them back: amounts are numbers, hasContacts a boolean, lists arrays.
    if (key === 'minFunding' || key === 'maxFunding') asQuery[key] = typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : 'x';
    else if (key === 'hasContacts') asQuery[key] = typeof value === 'boolean' ? String(value) : 'x';
    else if ((key === 'industry' || key === 'fundingRound') && !Array.isArray(value)) {
      context.addIssue({ code: 'custom', message: `${key} must be a list` });
      return z.NEVER;
    } else asQuery[key] = value;
  }
  const parsed = leadFilterSchema.safeParse(asQuery);
  if (!parsed.success) {
    context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'filter is invalid' });
    return z.NEVER;
  }
  const lastDays = input.lastDays;
  if (lastDays !== undefined && lastDays !== null && (typeof lastDays !== 'number' || !Number.isInteger(lastDays) || lastDays < 1 || lastDays > 365)) {
    context.addIssue({ code: 'custom', message: 'lastDays must be a whole number from 1 to 365' });
    return z.NEVER;
  }
  const { addedAfter: _addedAfter, ...filter } = parsed.data;
  const output: SavedSearchFilter = {};
  for (const [key, value] of Object.entries(filter)) if (value !== undefined) (output as Record<string, unknown>)[key] = value;
  if (typeof lastDays === 'number') output.lastDays = lastDays;
  return output;
});

/** A saved filter as the lead queries take it (the rolling window becomes a start date for the given day). */
export function savedFilterToLeadFilter(filter: SavedSearchFilter, today: string): LeadFilter {
  const { lastDays, ...rest } = filter;
  const leadFilter = { ...rest, addedAfter: undefined } as LeadFilter;
  if (lastDays !== undefined) {
    const start = new Date(Date.parse(`${today}T00:00:00Z`) - (lastDays - 1) * 86_400_000).toISOString().slice(0, 10);
    if (!leadFilter.dateStart || leadFilter.dateStart < start) leadFilter.dateStart = start;
  }
  return leadFilter;
}

const alertUrl = (name: string) =>
  z
    .string({ error: `${name} must be a URL or null` })
    .trim()
    .max(SAVED_SEARCH_URL_MAX, `${name} must be at most ${SAVED_SEARCH_URL_MAX} characters`)
    .refine((value) => {
      if (value === '') return true;
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '';
      } catch {
        return false;
      }
    }, `${name} must be an http(s) URL`)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

export const savedSearchAlertsSchema = z.object(
  {
    email: z.enum(SAVED_SEARCH_EMAIL_MODES, { error: 'alerts.email must be off, instant, daily or weekly' }).default('off'),
    slackWebhookUrl: alertUrl('slackWebhookUrl'),
    webhookUrl: alertUrl('webhookUrl'),
    /** Push new matches to this connected CRM (issue 32), once per lead. */
    crm: z
      .enum(CRMS, { error: 'alerts.crm must be hubspot, pipedrive or null' })
      .nullable()
      .optional()
      .transform((value) => value ?? null),
  },
  { error: 'alerts must be an object' },
);
export type SavedSearchAlerts = z.output<typeof savedSearchAlertsSchema>;

export const savedSearchBodySchema = z.object({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(SAVED_SEARCH_NAME_MAX, `name must be at most ${SAVED_SEARCH_NAME_MAX} characters`)
    .refine((value) => ![...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f), 'name must not contain control characters'),
  filter: savedSearchFilterSchema,
  alerts: savedSearchAlertsSchema.optional().transform((value): SavedSearchAlerts => value ?? { email: 'off', slackWebhookUrl: null, webhookUrl: null, crm: null }),
});
export type SavedSearchBody = z.output<typeof savedSearchBodySchema>;

export const savedSearchParamsSchema = z.object({ id: z.uuid({ error: 'Saved search not found' }) });

export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  filter: savedSearchFilterOutputSchema,
  alerts: z.object({
    email: z.enum(SAVED_SEARCH_EMAIL_MODES),
    slackWebhookUrl: z.string().nullable(),
    webhookUrl: z.string().nullable(),
    crm: z.enum(CRMS).nullable(),
  }),
  webhook: z.object({ secret: z.string(), disabledAt: z.string().nullable(), disabledReason: z.string().nullable() }).nullable(),
  /** Matches added since lastViewedAt (since creation before the first visit). */
  newCount: z.number().int(),
  lastViewedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchListSchema = z.object({ savedSearches: z.array(savedSearchSchema) });
export type SavedSearchList = z.infer<typeof savedSearchListSchema>;

export const alertDeliverySchema = z.object({
  id: z.string(),
  channel: z.enum(ALERT_CHANNELS),
  event: z.enum(ALERT_EVENTS),
  status: z.enum(ALERT_DELIVERY_STATUSES),
  attempts: z.number().int(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** The last attempt, or when it was queued. */
  at: z.string(),
  error: z.string().nullable(),
});
export type AlertDelivery = z.infer<typeof alertDeliverySchema>;
export const alertDeliveryListSchema = z.object({ deliveries: z.array(alertDeliverySchema) });
