// A local stand-in for HubSpot: the OAuth authorize page (an "Authorize" link back to redirect_uri with a code and
// the state), the token endpoint (authorization_code and refresh_token), and the CRM endpoints Send to CRM uses, in
// HubSpot's shapes: companies and contacts search (EQ, IN, NOT_HAS_PROPERTY), company create and update, contacts
// batch upsert by email and create, the v4 default contact→company association, notes with an association.
// Tests read what it holds, delete records "in HubSpot", expire tokens, refuse refreshes and arm faults.
import { startJsonStandIn, type BaseStandIn, type JsonReply, type RecordedRequest } from './crm-stand-in-base.js';

export interface HubspotObject {
  id: string;
  properties: Record<string, string>;
}

export interface HubspotStandIn extends BaseStandIn {
  clientId: string;
  clientSecret: string;
  portalId: number;
  companies: Map<string, HubspotObject>;
  contacts: Map<string, HubspotObject>;
  notes: Map<string, HubspotObject & { companyIds: string[] }>;
  /** "contactId->companyId" */
  associations: Set<string>;
  /** Every access token issued and when it expires; expireTokens() makes them all stale. */
  accessTokens: Map<string, number>;
  expireTokens(): void;
  /** From now on, refresh_token grants are refused (the app was uninstalled). */
  refuseRefresh(on?: boolean): void;
  /** Requests to /crm only. */
  crmRequests(): RecordedRequest[];
}

const now = () => new Date().toISOString();
const HUB_DOMAIN = 'fundwire-test.hubspot.com';

export async function startHubspotStandIn(
  options: { port?: number; clientId?: string; clientSecret?: string; tokenLifetimeSeconds?: number; /** false: the portal only from GET /oauth/v1/access-tokens/{token} */ hubInTokenResponse?: boolean } = {},
): Promise<HubspotStandIn> {
  const clientId = options.clientId ?? 'hubspot-client-id';
  const clientSecret = options.clientSecret ?? 'hubspot-client-secret';
  const lifetime = options.tokenLifetimeSeconds ?? 1800;
  const portalId = 4_242_4242;
  let counter = 1000;
  const nextId = () => String(++counter);
  const companies = new Map<string, HubspotObject>();
  const contacts = new Map<string, HubspotObject>();
  const notes = new Map<string, HubspotObject & { companyIds: string[] }>();
  const associations = new Set<string>();
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const codes = new Set<string>();
  const state = { refuseRefresh: false };

  // As HubSpot: a refresh gives a new access token and the same refresh token, which stays valid.
  const issue = (keep?: string) => {
    const access = `hs-access-${nextId()}-${Math.random().toString(36).slice(2)}`;
    const refresh = keep ?? `hs-refresh-${nextId()}-${Math.random().toString(36).slice(2)}`;
    accessTokens.set(access, Date.now() + lifetime * 1000);
    refreshTokens.add(refresh);
    const hub = options.hubInTokenResponse === false ? {} : { hub_id: portalId, hub_domain: HUB_DOMAIN };
    return { token_type: 'bearer', access_token: access, refresh_token: refresh, expires_in: lifetime, ...hub };
  };

  const toJson = (object: HubspotObject) => ({ id: object.id, properties: { ...object.properties, hs_object_id: object.id }, createdAt: now(), updatedAt: now(), archived: false });

  type Filter = { propertyName: string; operator: string; value?: string; values?: string[] };
  const matches = (object: HubspotObject, filters: Filter[]) =>
    filters.every((filter) => {
      const value = (filter.propertyName === 'hs_object_id' ? object.id : object.properties[filter.propertyName]) ?? '';
      const lower = value.toLowerCase();
      if (filter.operator === 'EQ') return lower === String(filter.value ?? '').toLowerCase();
      if (filter.operator === 'IN') return (filter.values ?? []).some((candidate) => String(candidate).toLowerCase() === lower);
      if (filter.operator === 'NOT_HAS_PROPERTY') return value === '';
      if (filter.operator === 'HAS_PROPERTY') return value !== '';
      throw new Error(`stand-in does not know operator ${filter.operator}`);
    });

  function search(store: Map<string, HubspotObject>, body: { filterGroups?: { filters: Filter[] }[]; limit?: number }): JsonReply {
    const groups = body.filterGroups ?? [];
    for (const group of groups) for (const filter of group.filters) if (filter.operator === 'IN' && (filter.values?.length ?? 0) > 100) return { status: 400, body: { status: 'error', message: 'IN takes at most 100 values', category: 'VALIDATION_ERROR' } };
    const found = [...store.values()].filter((object) => groups.length === 0 || groups.some((group) => matches(object, group.filters)));
    const limit = Math.min(body.limit ?? 10, 200);
    return { status: 200, body: { total: found.length, results: found.slice(0, limit).map(toJson) } };
  }

  function handle(request: RecordedRequest): JsonReply {
    const { method, path } = request;
    if (method === 'GET' && path === '/oauth/authorize') {
      const redirect = request.query.get('redirect_uri') ?? '';
      if (request.query.get('client_id') !== clientId || !redirect) return { status: 400, html: '<p>Unknown app</p>' };
      const code = `hs-code-${nextId()}`;
      codes.add(code);
      const back = new URL(redirect);
      back.searchParams.set('code', code);
      back.searchParams.set('state', request.query.get('state') ?? '');
      const scopes = (request.query.get('scope') ?? '').replace(/[<>&"]/g, '');
      return {
        status: 200,
        html: `<!doctype html><html lang="en"><title>HubSpot stand-in</title><main><h1>Connect to HubSpot (stand-in)</h1><p>Scopes: ${scopes}</p><a href="${back.toString().replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">Authorize</a></main></html>`,
      };
    }
    if (method === 'POST' && path === '/oauth/v1/token') {
      const form = new URLSearchParams(request.text);
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) return { status: 400, body: { status: 'BAD_CLIENT_ID', message: 'missing or unknown client id' } };
      if (form.get('grant_type') === 'authorization_code') {
        const code = form.get('code') ?? '';
        if (!codes.delete(code)) return { status: 400, body: { status: 'BAD_AUTH_CODE', message: 'missing or unknown auth code' } };
        return { status: 200, body: issue() };
      }
      if (form.get('grant_type') === 'refresh_token') {
        const refresh = form.get('refresh_token') ?? '';
        if (state.refuseRefresh || !refreshTokens.has(refresh)) return { status: 400, body: { status: 'BAD_REFRESH_TOKEN', message: 'missing or invalid refresh token' } };
        return { status: 200, body: issue(refresh) };
      }
      return { status: 400, body: { status: 'BAD_GRANT_TYPE', message: 'unknown grant type' } };
    }
    const info = /^\/oauth\/v1\/access-tokens\/([^/]+)$/.exec(path);
    if (method === 'GET' && info) {
      const expires = accessTokens.get(decodeURIComponent(info[1]!));
      if (expires === undefined || expires < Date.now()) return { status: 404, body: { status: 'error', message: 'Token not found' } };
      return { status: 200, body: { token: decodeURIComponent(info[1]!), user: 'rep@example.com', hub_domain: HUB_DOMAIN, hub_id: portalId, app_id: 1, expires_in: Math.round((expires - Date.now()) / 1000), scopes: ['oauth'], token_type: 'access' } };
    }
    if (!path.startsWith('/crm/')) return { status: 404, body: { status: 'error', message: `stand-in has no ${method} ${path}` } };
    const token = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    const expires = accessTokens.get(token);
    if (expires === undefined || expires < Date.now()) {
      return { status: 401, body: { status: 'error', message: 'The OAuth token used to make this call expired', category: 'EXPIRED_AUTHENTICATION' } };
    }
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (method === 'POST' && path === '/crm/v3/objects/companies/search') return search(companies, body);
    if (method === 'POST' && path === '/crm/v3/objects/contacts/search') return search(contacts, body);
    if (method === 'POST' && (path === '/crm/v3/objects/companies' || path === '/crm/v3/objects/contacts')) {
      const object = { id: nextId(), properties: { ...((body.properties ?? {}) as Record<string, string>) } };
      (path.endsWith('companies') ? companies : contacts).set(object.id, object);
      return { status: 201, body: toJson(object) };
    }
    const patch = /^\/crm\/v3\/objects\/companies\/(\d+)$/.exec(path);
    if (method === 'PATCH' && patch) {
      const company = companies.get(patch[1]!);
      if (!company) return { status: 404, body: { status: 'error', message: 'Object not found', category: 'OBJECT_NOT_FOUND' } };
      Object.assign(company.properties, body.properties ?? {});
      return { status: 200, body: toJson(company) };
    }
    if (method === 'POST' && path === '/crm/v3/objects/contacts/batch/upsert') {
      const inputs = (body.inputs ?? []) as { idProperty: string; id: string; properties: Record<string, string> }[];
      if (inputs.length > 100) return { status: 400, body: { status: 'error', message: 'at most 100 inputs', category: 'VALIDATION_ERROR' } };
      const emails = inputs.map((input) => input.id.toLowerCase());
      if (new Set(emails).size !== emails.length) return { status: 400, body: { status: 'error', message: 'Duplicate IDs found in batch input', category: 'VALIDATION_ERROR' } };
      const results = inputs.map((input) => {
        if (input.idProperty !== 'email') throw new Error('stand-in upserts by email only');
        const existing = [...contacts.values()].find((contact) => (contact.properties.email ?? '').toLowerCase() === input.id.toLowerCase());
        if (existing) {
          Object.assign(existing.properties, input.properties);
          return { ...toJson(existing), new: false };
        }
        const created = { id: nextId(), properties: { ...input.properties, email: input.id } };
        contacts.set(created.id, created);
        return { ...toJson(created), new: true };
      });
      return { status: 200, body: { status: 'COMPLETE', results, startedAt: now(), completedAt: now() } };
    }
    const association = /^\/crm\/v4\/objects\/contact\/(\d+)\/associations\/default\/company\/(\d+)$/.exec(path);
    if (method === 'PUT' && association) {
      const [, contactId, companyId] = association as unknown as [string, string, string];
      if (!contacts.has(contactId) || !companies.has(companyId)) return { status: 404, body: { status: 'error', message: 'Object not found', category: 'OBJECT_NOT_FOUND' } };
      associations.add(`${contactId}->${companyId}`);
      return {
        status: 200,
        body: {
          status: 'COMPLETE',
          results: [{ from: { id: contactId }, to: { id: companyId }, associationSpec: { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 1 } }],
          startedAt: now(),
          completedAt: now(),
        },
      };
    }
    if (method === 'POST' && path === '/crm/v3/objects/notes') {
      const targets = ((body.associations ?? []) as { to: { id: string } }[]).map((entry) => String(entry.to.id));
      if (targets.some((id) => !companies.has(id))) return { status: 400, body: { status: 'error', message: 'association target not found', category: 'VALIDATION_ERROR' } };
      const note = { id: nextId(), properties: { ...((body.properties ?? {}) as Record<string, string>) }, companyIds: targets };
      notes.set(note.id, note);
      return { status: 201, body: toJson(note) };
    }
    return { status: 404, body: { status: 'error', message: `stand-in has no ${method} ${path}` } };
  }

  const base = await startJsonStandIn(options, handle);
  return Object.assign(base, {
    clientId,
    clientSecret,
    portalId,
    companies,
    contacts,
    notes,
    associations,
    accessTokens,
    expireTokens() {
      for (const token of accessTokens.keys()) accessTokens.set(token, 0);
    },
    refuseRefresh(on = true) {
      state.refuseRefresh = on;
    },
    crmRequests: () => base.requests.filter((request) => request.path.startsWith('/crm/')),
  });
}
