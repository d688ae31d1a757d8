// What the CRM code needs from the app, built once in buildApp (app.crm): the database, the settings, the token
// box, the OAuth state secret, the request policy and the per-account limiter.
import type { Database } from '../../db/client.js';
import type { Config } from '../../config.js';
import type { TokenBox } from './crypto.js';
import { DEFAULT_CRM_HTTP_OPTIONS, WindowLimiter, type CrmHttpOptions } from './http.js';

/** HubSpot's limit for an OAuth app: 100 requests per 10 seconds per account. */
export const HUBSPOT_REQUESTS_PER_WINDOW = 100;
export const HUBSPOT_WINDOW_MS = 10_000;

export interface CrmContext {
  database: Database;
  config: Pick<Config, 'appUrl' | 'adminEmail' | 'crm'>;
  box: TokenBox;
  stateSecret: string;
  /** Mutable so tests can shorten waits; the defaults are the production policy. */
  http: CrmHttpOptions;
  hubspotLimiter: WindowLimiter;
  /** Pipedrive: per token hash, when the next request may go (from x-ratelimit-remaining / reset). */
  pipedriveNotBefore: Map<string, number>;
  billingMode: () => 'stripe' | 'test';
}

export function createCrmContext(deps: Omit<CrmContext, 'http' | 'hubspotLimiter' | 'pipedriveNotBefore'>): CrmContext {
  return {
    ...deps,
    http: { ...DEFAULT_CRM_HTTP_OPTIONS },
    hubspotLimiter: new WindowLimiter(HUBSPOT_REQUESTS_PER_WINDOW, HUBSPOT_WINDOW_MS),
    pipedriveNotBefore: new Map(),
  };
}

export const HUBSPOT_SCOPES = ['oauth', 'crm.objects.companies.read', 'crm.objects.companies.write', 'crm.objects.contacts.read', 'crm.objects.contacts.write'];

export function hubspotRedirectUri(context: CrmContext): string {
  return `${context.config.appUrl}/api/integrations/hubspot/callback`;
}

/** Where a HubSpot record opens: the app's host (the authorize URL's origin), the portal and the object. */
export function hubspotRecordUrl(context: CrmContext, portalId: string | null, objectTypeId: '0-1' | '0-2', id: string): string {
  const origin = new URL(context.config.crm.hubspotAuthUrl).origin;
  return `${origin}/contacts/${portalId ?? '0'}/record/${objectTypeId}/${id}`;
}
