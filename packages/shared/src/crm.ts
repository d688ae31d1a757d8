// Send to CRM (issue 32): the shapes of /api/integrations and /api/crm. Tokens never appear in any of them.
import { z } from 'zod';

export const CRMS = ['hubspot', 'pipedrive'] as const;
export type Crm = (typeof CRMS)[number];
export const CRM_LABELS: Record<Crm, string> = { hubspot: 'HubSpot', pipedrive: 'Pipedrive' };

/** Leads one push may carry (a table selection). */
export const MAX_CRM_PUSH_LEADS = 500;
/** Leads one GET /api/crm/records may ask about. */
export const MAX_CRM_RECORD_LOOKUP = 100;
export const PIPEDRIVE_TOKEN_REJECTED_MESSAGE = 'Pipedrive did not accept this token';

export const integrationsSchema = z.object({
  hubspot: z.object({
    /** HUBSPOT_CLIENT_ID and HUBSPOT_CLIENT_SECRET are set on this installation. */
    available: z.boolean(),
    connected: z.boolean(),
    /** The portal's hub domain, else its id. */
    accountName: z.string().nullable(),
    portalId: z.string().nullable(),
    /** HubSpot answered 401 after a refresh: pushes are paused until the user connects again. */
    needsReconnect: z.boolean(),
  }),
  pipedrive: z.object({
    available: z.literal(true),
    connected: z.boolean(),
    /** The company name (or domain) the token belongs to. */
    accountName: z.string().nullable(),
    needsReconnect: z.boolean(),
  }),
});
export type Integrations = z.infer<typeof integrationsSchema>;

export const pipedriveConnectBodySchema = z.object({
  apiToken: z
    .string({ error: 'Paste your Pipedrive API token' })
    .trim()
    .min(1, 'Paste your Pipedrive API token')
    .max(200, 'A Pipedrive API token is at most 200 characters')
    .regex(/^[A-Za-z0-9_-]+$/, PIPEDRIVE_TOKEN_REJECTED_MESSAGE),
});
export type PipedriveConnectBody = z.infer<typeof pipedriveConnectBodySchema>;

export const hubspotCallbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(2000).optional(),
  error: z.string().max(500).optional(),
});

export const crmParamsSchema = z.object({ crm: z.enum(CRMS, { error: 'crm must be hubspot or pipedrive' }) });

export const crmPushBodySchema = z.object({
  crm: z.enum(CRMS, { error: 'crm must be hubspot or pipedrive' }),
  leadIds: z
    .array(z.uuid({ error: 'leadIds must be lead ids' }), { error: 'leadIds must be a list of lead ids' })
    .min(1, 'Choose at least one lead')
    .max(MAX_CRM_PUSH_LEADS, `Send at most ${MAX_CRM_PUSH_LEADS} leads at once`),
});
export type CrmPushBody = z.infer<typeof crmPushBodySchema>;

export const CRM_PUSH_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type CrmPushStatus = (typeof CRM_PUSH_STATUSES)[number];
export const CRM_PUSH_RESULT_STATUSES = ['pending', 'done', 'failed'] as const;
export type CrmPushResultStatus = (typeof CRM_PUSH_RESULT_STATUSES)[number];

export const crmPushResultSchema = z.object({
  leadId: z.string(),
  companyName: z.string(),
  status: z.enum(CRM_PUSH_RESULT_STATUSES),
  /** The company (HubSpot) or organization (Pipedrive) record, once pushed. */
  crmCompanyUrl: z.string().nullable(),
  /** Why this lead failed, in words a user can act on. */
  error: z.string().nullable(),
});
export type CrmPushResult = z.infer<typeof crmPushResultSchema>;

export const crmPushSchema = z.object({
  id: z.string(),
  crm: z.enum(CRMS),
  status: z.enum(CRM_PUSH_STATUSES),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  createdAt: z.string(),
  results: z.array(crmPushResultSchema),
});
export type CrmPush = z.infer<typeof crmPushSchema>;

export const crmPushResponseSchema = z.object({ push: crmPushSchema });
export type CrmPushResponse = z.infer<typeof crmPushResponseSchema>;

export const crmPushParamsSchema = z.object({ id: z.uuid({ error: 'Push not found' }) });

export const crmRecordsQuerySchema = z.object({
  leadIds: z
    .string({ error: 'leadIds is required' })
    .max(MAX_CRM_RECORD_LOOKUP * 40, `Ask about at most ${MAX_CRM_RECORD_LOOKUP} leads at once`)
    .transform((value, context) => {
      const ids = [...new Set(value.split(',').map((id) => id.trim()).filter((id) => id !== ''))];
      if (ids.length === 0) context.addIssue({ code: 'custom', message: 'leadIds is required' });
      else if (ids.length > MAX_CRM_RECORD_LOOKUP) context.addIssue({ code: 'custom', message: `Ask about at most ${MAX_CRM_RECORD_LOOKUP} leads at once` });
      else if (ids.some((id) => !z.uuid().safeParse(id).success)) context.addIssue({ code: 'custom', message: 'leadIds must be lead ids' });
      return ids;
    }),
});

export const crmRecordSchema = z.object({
  leadId: z.string(),
  crm: z.enum(CRMS),
  crmCompanyUrl: z.string(),
  pushedAt: z.string(),
});
export type CrmRecord = z.infer<typeof crmRecordSchema>;
export const crmRecordsResponseSchema = z.object({ records: z.array(crmRecordSchema) });
export type CrmRecordsResponse = z.infer<typeof crmRecordsResponseSchema>;
