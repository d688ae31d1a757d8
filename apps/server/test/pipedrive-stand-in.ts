// A local stand-in for Pipedrive's v1 API as Send to CRM uses it, in Pipedrive's shapes ({success, data}, search
// answers as data.items[].item): users/me, organizations search and create, persons search and create, notes. Every
// answer carries the rate headers (x-ratelimit-limit, -remaining, -reset); `rateRemaining` lets a test run them out.
import { startJsonStandIn, type BaseStandIn, type JsonReply, type RecordedRequest } from './crm-stand-in-base.js';

export interface PipedriveStandIn extends BaseStandIn {
  /** Tokens it accepts. */
  tokens: Set<string>;
  organizations: Map<number, { id: number; name: string }>;
  persons: Map<number, { id: number; name: string; org_id: number | null; emails: string[] }>;
  notes: Map<number, { id: number; content: string; org_id: number | null }>;
  /** The next answers' x-ratelimit-remaining (counts down by one per answer when set); reset is 2 s. */
  rate: { remaining: number | null; resetSeconds: number };
  apiRequests(): RecordedRequest[];
}

export async function startPipedriveStandIn(options: { port?: number; token?: string } = {}): Promise<PipedriveStandIn> {
  const tokens = new Set<string>([options.token ?? 'pipedrive-token-0123456789abcdef']);
  const organizations = new Map<number, { id: number; name: string }>();
  const persons = new Map<number, { id: number; name: string; org_id: number | null; emails: string[] }>();
  const notes = new Map<number, { id: number; content: string; org_id: number | null }>();
  const rate = { remaining: null as number | null, resetSeconds: 2 };
  let counter = 100;

  const items = (list: Record<string, unknown>[]) => ({
    status: 200,
    body: { success: true, data: { items: list.map((item) => ({ result_score: 1, item })) }, additional_data: { pagination: { start: 0, limit: 100, more_items_in_collection: false } } },
  });

  function handle(request: RecordedRequest): JsonReply {
    const { method, path, query } = request;
    if (!tokens.has(query.get('api_token') ?? '')) return { status: 401, body: { success: false, error: 'unauthorized access', errorCode: 401, error_info: 'Please check developers.pipedrive.com' } };
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (method === 'GET' && path === '/v1/users/me') {
      return { status: 200, body: { success: true, data: { id: 1, name: 'Pat Seller', email: 'pat@acme-sales.example', company_id: 7, company_name: 'Acme Sales', company_domain: 'acmesales' } } };
    }
    if (method === 'GET' && path === '/v1/organizations/search') {
      const term = (query.get('term') ?? '').toLowerCase();
      const exact = query.get('exact_match') === 'true';
      const found = [...organizations.values()].filter((org) => (exact ? org.name.toLowerCase() === term : org.name.toLowerCase().includes(term)));
      return items(found.map((org) => ({ id: org.id, type: 'organization', name: org.name, address: null, visible_to: 3, owner: { id: 1 } })));
    }
    if (method === 'POST' && path === '/v1/organizations') {
      if (typeof body.name !== 'string' || body.name === '') return { status: 400, body: { success: false, error: 'Name must be given.' } };
      const org = { id: ++counter, name: body.name };
      organizations.set(org.id, org);
      return { status: 201, body: { success: true, data: org } };
    }
    if (method === 'GET' && path === '/v1/persons/search') {
      const term = (query.get('term') ?? '').toLowerCase();
      const orgId = query.get('organization_id');
      const byEmail = query.get('fields') === 'email';
      const found = [...persons.values()].filter(
        (person) => (orgId === null || String(person.org_id) === orgId) && (byEmail ? person.emails.some((email) => email.toLowerCase() === term) : person.name.toLowerCase() === term),
      );
      return items(found.map((person) => ({ id: person.id, type: 'person', name: person.name, emails: person.emails, organization: person.org_id ? { id: person.org_id } : null })));
    }
    if (method === 'POST' && path === '/v1/persons') {
      if (typeof body.name !== 'string' || body.name === '') return { status: 400, body: { success: false, error: 'Name must be given.' } };
      const orgId = typeof body.org_id === 'number' ? body.org_id : null;
      if (orgId !== null && !organizations.has(orgId)) return { status: 400, body: { success: false, error: 'Organization not found.' } };
      const emails = Array.isArray(body.email) ? (body.email as { value: string }[]).map((entry) => entry.value) : [];
      const person = { id: ++counter, name: body.name, org_id: orgId, emails };
      persons.set(person.id, person);
      return { status: 201, body: { success: true, data: person } };
    }
    if (method === 'POST' && path === '/v1/notes') {
      const orgId = typeof body.org_id === 'number' ? body.org_id : null;
      if (typeof body.content !== 'string' || body.content === '') return { status: 400, body: { success: false, error: 'Content must be given.' } };
      if (orgId !== null && !organizations.has(orgId)) return { status: 400, body: { success: false, error: 'Organization not found.' } };
      const note = { id: ++counter, content: body.content, org_id: orgId };
      notes.set(note.id, note);
      return { status: 201, body: { success: true, data: note } };
    }
    return { status: 404, body: { success: false, error: `stand-in has no ${method} ${path}` } };
  }

  const base = await startJsonStandIn(options, handle, () => {
    const remaining = rate.remaining === null ? 79 : Math.max(0, rate.remaining);
    if (rate.remaining !== null) rate.remaining -= 1;
    return { 'x-ratelimit-limit': '80', 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-reset': String(rate.resetSeconds) };
  });
  return Object.assign(base, { tokens, organizations, persons, notes, rate, apiRequests: () => base.requests.filter((request) => request.path.startsWith('/v1/')) });
}
