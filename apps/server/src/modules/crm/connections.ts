// Connecting and disconnecting CRMs. Tokens are sealed (crypto.ts) before they reach the database and are opened
// only to make a request; no answer of the API carries one.
import { and, eq, sql } from 'drizzle-orm';
import { PIPEDRIVE_TOKEN_REJECTED_MESSAGE, type Crm, type Integrations } from '@fundwire/shared';
import { crmConnections } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import { hubspotRedirectUri, HUBSPOT_SCOPES, type CrmContext } from './context.js';
import { CrmAuthError, CrmError, failed, sendCrmRequest } from './http.js';
import { makeOAuthState } from './state.js';

type ConnectionRow = typeof crmConnections.$inferSelect;

/** Refresh this long before the access token expires. */
const REFRESH_MARGIN_MS = 5 * 60_000;

export async function connectionOf(context: CrmContext, userId: string, crm: Crm): Promise<ConnectionRow | undefined> {
  const [row] = await context.database.db
    .select()
    .from(crmConnections)
    .where(and(eq(crmConnections.userId, userId), eq(crmConnections.crm, crm)));
  return row;
}

export async function getIntegrations(context: CrmContext, userId: string): Promise<Integrations> {
  const rows = await context.database.db.select().from(crmConnections).where(eq(crmConnections.userId, userId));
  const hubspot = rows.find((row) => row.crm === 'hubspot');
  const pipedrive = rows.find((row) => row.crm === 'pipedrive');
  return {
    hubspot: {
      available: context.config.crm.hubspot !== undefined,
      connected: hubspot !== undefined,
      accountName: hubspot?.accountName ?? null,
      portalId: hubspot?.portalId ?? null,
      needsReconnect: hubspot?.needsReconnect ?? false,
    },
    pipedrive: {
      available: true,
      connected: pipedrive !== undefined,
      accountName: pipedrive?.accountName ?? null,
      needsReconnect: pipedrive?.needsReconnect ?? false,
    },
  };
}

export function hubspotAuthorizeUrl(context: CrmContext, userId: string): string {
  const client = context.config.crm.hubspot;
  if (!client) throw badRequest('HubSpot is not set up on this installation');
  const url = new URL(context.config.crm.hubspotAuthUrl);
  url.searchParams.set('client_id', client.clientId);
  url.searchParams.set('redirect_uri', hubspotRedirectUri(context));
  url.searchParams.set('scope', HUBSPOT_SCOPES.join(' '));
  url.searchParams.set('state', makeOAuthState(context.stateSecret, userId));
  return url.toString();
}

interface HubspotTokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  hub_id?: number | string;
  hub_domain?: string;
}

function isTokens(body: unknown): body is HubspotTokens {
  const record = body as Record<string, unknown> | null;
  return !!record && typeof record.access_token === 'string' && typeof record.refresh_token === 'string' && typeof record.expires_in === 'number';
}

/** POST {HUBSPOT_API_URL}/oauth/v1/token, form-encoded (authorization_code or refresh_token). */
async function hubspotTokenRequest(context: CrmContext, form: Record<string, string>): Promise<{ status: number; tokens?: HubspotTokens; message: string }> {
  const client = context.config.crm.hubspot;
  if (!client) throw badRequest('HubSpot is not set up on this installation');
  const response = await sendCrmRequest(
    {
      method: 'POST',
      url: `${context.config.crm.hubspotApiUrl}/oauth/v1/token`,
      body: new URLSearchParams({ ...form, client_id: client.clientId, client_secret: client.clientSecret }),
      crmName: 'HubSpot',
    },
    context.http,
  );
  if (response.status === 200 && isTokens(response.body)) return { status: 200, tokens: response.body, message: '' };
  return { status: response.status, message: failed(response, 'HubSpot', 'connect').message };
}

/** The callback: the code exchanged, the connection stored (replacing an earlier one). Throws 400 with a short message. */
export async function completeHubspot(context: CrmContext, userId: string, code: string): Promise<void> {
  let exchanged;
  try {
    exchanged = await hubspotTokenRequest(context, { grant_type: 'authorization_code', code, redirect_uri: hubspotRedirectUri(context) });
  } catch (error) {
    if (error instanceof CrmError) throw badRequest('HubSpot could not be reached');
    throw error;
  }
  if (!exchanged.tokens) throw badRequest('HubSpot did not accept the authorization');
  const tokens = exchanged.tokens;
  const portal = tokens.hub_id === undefined ? await hubspotPortalOf(context, tokens.access_token) : { hubId: String(tokens.hub_id), hubDomain: tokens.hub_domain ?? null };
  const portalId = portal.hubId;
  const values = {
    accountName: portal.hubDomain ?? portalId,
    portalId,
    accessToken: context.box.seal(tokens.access_token),
    refreshToken: context.box.seal(tokens.refresh_token),
    expiresAt: new Date(Date.now() + tokens.expires_in * 1000),
    needsReconnect: false,
    updatedAt: new Date(),
  };
  await context.database.db
    .insert(crmConnections)
    .values({ userId, crm: 'hubspot', ...values })
    .onConflictDoUpdate({ target: [crmConnections.userId, crmConnections.crm], set: values });
  await resumePausedPushes(context, userId, 'hubspot');
}

/** The portal a token belongs to (GET /oauth/v1/access-tokens/{token}); unknown stays unknown when HubSpot does not say. */
async function hubspotPortalOf(context: CrmContext, accessToken: string): Promise<{ hubId: string | null; hubDomain: string | null }> {
  try {
    const response = await sendCrmRequest(
      { method: 'GET', url: `${context.config.crm.hubspotApiUrl}/oauth/v1/access-tokens/${encodeURIComponent(accessToken)}`, crmName: 'HubSpot' },
      { ...context.http, maxTries: 2 },
    );
    const body = response.body as { hub_id?: number | string; hub_domain?: string } | null;
    if (response.status !== 200 || !body) return { hubId: null, hubDomain: null };
    return { hubId: body.hub_id === undefined ? null : String(body.hub_id), hubDomain: typeof body.hub_domain === 'string' ? body.hub_domain : null };
  } catch (error) {
    if (error instanceof CrmError) return { hubId: null, hubDomain: null };
    throw error;
  }
}

/** A HubSpot access token for a request: refreshed first when it expires within minutes (or `force`). */
export async function hubspotAccessToken(context: CrmContext, userId: string, options: { force?: boolean } = {}): Promise<{ token: string; portalId: string | null }> {
  const row = await connectionOf(context, userId, 'hubspot');
  if (!row) throw new CrmAuthError('HubSpot is not connected');
  if (row.needsReconnect) throw new CrmAuthError('Reconnect HubSpot');
  const fresh = row.expiresAt !== null && row.expiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS;
  if (fresh && !options.force) return { token: context.box.open(row.accessToken), portalId: row.portalId };
  if (!row.refreshToken) throw new CrmAuthError('Reconnect HubSpot');
  const refreshed = await hubspotTokenRequest(context, { grant_type: 'refresh_token', refresh_token: context.box.open(row.refreshToken) });
  if (!refreshed.tokens) {
    // A refused refresh token (400/401) is for the user to mend; anything else is a fault to retry.
    if (refreshed.status === 400 || refreshed.status === 401 || refreshed.status === 403) {
      await markNeedsReconnect(context, userId, 'hubspot');
      throw new CrmAuthError('Reconnect HubSpot');
    }
    throw new CrmError(refreshed.message, refreshed.status);
  }
  await context.database.db
    .update(crmConnections)
    .set({
      accessToken: context.box.seal(refreshed.tokens.access_token),
      refreshToken: context.box.seal(refreshed.tokens.refresh_token),
      expiresAt: new Date(Date.now() + refreshed.tokens.expires_in * 1000),
      updatedAt: new Date(),
    })
    .where(and(eq(crmConnections.userId, userId), eq(crmConnections.crm, 'hubspot')));
  return { token: refreshed.tokens.access_token, portalId: row.portalId };
}

export async function markNeedsReconnect(context: CrmContext, userId: string, crm: Crm): Promise<void> {
  await context.database.db
    .update(crmConnections)
    .set({ needsReconnect: true, updatedAt: new Date() })
    .where(and(eq(crmConnections.userId, userId), eq(crmConnections.crm, crm)));
}

/** PUT /api/integrations/pipedrive: the token checked with GET /v1/users/me, then kept. */
export async function connectPipedrive(context: CrmContext, userId: string, apiToken: string): Promise<void> {
  let response;
  try {
    const url = new URL(`${context.config.crm.pipedriveApiUrl}/v1/users/me`);
    url.searchParams.set('api_token', apiToken);
    response = await sendCrmRequest({ method: 'GET', url: url.toString(), crmName: 'Pipedrive' }, { ...context.http, maxTries: 2 });
  } catch (error) {
    if (error instanceof CrmError) throw badRequest('Pipedrive could not be reached. Try again in a minute.');
    throw error;
  }
  const data = (response.body as { success?: boolean; data?: Record<string, unknown> } | null)?.data;
  if (response.status !== 200 || !data) throw badRequest(PIPEDRIVE_TOKEN_REJECTED_MESSAGE);
  const accountName = typeof data.company_name === 'string' && data.company_name ? data.company_name : typeof data.company_domain === 'string' ? data.company_domain : null;
  const values = {
    accountName,
    portalId: typeof data.company_domain === 'string' ? data.company_domain : null,
    accessToken: context.box.seal(apiToken),
    refreshToken: null,
    expiresAt: null,
    needsReconnect: false,
    updatedAt: new Date(),
  };
  await context.database.db
    .insert(crmConnections)
    .values({ userId, crm: 'pipedrive', ...values })
    .onConflictDoUpdate({ target: [crmConnections.userId, crmConnections.crm], set: values });
  await resumePausedPushes(context, userId, 'pipedrive');
}

/** Forgets the tokens. Pushes still waiting for this CRM fail at their next run (no connection). */
export async function disconnect(context: CrmContext, userId: string, crm: Crm): Promise<void> {
  await context.database.db.delete(crmConnections).where(and(eq(crmConnections.userId, userId), eq(crmConnections.crm, crm)));
}

/** After a reconnect, the pushes paused for it run now rather than at their next check. */
async function resumePausedPushes(context: CrmContext, userId: string, crm: Crm): Promise<void> {
  await context.database.db.execute(sql`update jobs set run_after = now(), updated_at = now()
    where kind = 'crm.push' and status = 'pending'
      and key in (select id::text from crm_pushes where user_id = ${userId} and crm = ${crm} and status in ('queued', 'running'))`);
}
