// Writing leads into Pipedrive without duplicates (docs/crm.md): the organization found by exact name, else
// created; each person found in it (by email, else by name), else created in it; one note per round on the
// organization. Requests carry the user's API token as `api_token`, and the rate headers are honoured: when
// x-ratelimit-remaining runs out, the next request waits x-ratelimit-reset seconds.
import { createHash } from 'node:crypto';
import type { CrmLead, CrmLeadContact } from '../leads/index.js';
import { connectionOf, markNeedsReconnect } from './connections.js';
import type { CrmContext } from './context.js';
import { CrmAuthError, CrmError, failed, sendCrmRequest, sleep, type CrmResponse } from './http.js';
import { noteLines } from './mapping.js';
import type { RecordStore } from './records.js';
import type { CrmWriter } from './writer.js';

interface Item {
  id: number | string;
  name?: string;
}

export class PipedriveSession {
  private token: string | undefined;
  private companyDomain: string | null = null;
  private key = '';
  requests = 0;
  constructor(
    private readonly context: CrmContext,
    private readonly userId: string,
    private readonly signal?: AbortSignal,
  ) {}

  async open(): Promise<void> {
    if (this.token) return;
    const row = await connectionOf(this.context, this.userId, 'pipedrive');
    if (!row) throw new CrmAuthError('Pipedrive is not connected');
    if (row.needsReconnect) throw new CrmAuthError('Reconnect Pipedrive');
    this.token = this.context.box.open(row.accessToken);
    this.companyDomain = row.portalId;
    this.key = createHash('sha256').update(this.token).digest('hex');
  }

  orgUrl(id: string): string {
    return `https://${this.companyDomain ?? 'app'}.pipedrive.com/organization/${id}`;
  }

  async request(method: string, path: string, query: Record<string, string> = {}, body?: unknown): Promise<CrmResponse> {
    await this.open();
    const url = new URL(`${this.context.config.crm.pipedriveApiUrl}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    url.searchParams.set('api_token', this.token!);
    const response = await sendCrmRequest(
      {
        method,
        url: url.toString(),
        body,
        signal: this.signal,
        crmName: 'Pipedrive',
        beforeTry: async () => {
          this.requests += 1;
          const wait = (this.context.pipedriveNotBefore.get(this.key) ?? 0) - Date.now();
          if (wait > 0) await sleep(wait, this.signal);
        },
        afterTry: (answer) => {
          const remaining = answer.headers.get('x-ratelimit-remaining');
          const reset = answer.headers.get('x-ratelimit-reset');
          if (remaining !== null && Number(remaining) <= 0 && reset !== null && Number.isFinite(Number(reset))) {
            this.context.pipedriveNotBefore.set(this.key, Date.now() + Math.min(Number(reset), 60) * 1000);
          }
        },
      },
      this.context.http,
    );
    if (response.status === 401) {
      await markNeedsReconnect(this.context, this.userId, 'pipedrive');
      throw new CrmAuthError('Reconnect Pipedrive');
    }
    return response;
  }

  async searchItems(path: string, query: Record<string, string>): Promise<Item[]> {
    const response = await this.request('GET', path, query);
    if (response.status !== 200) throw failed(response, 'Pipedrive', 'search');
    const items = (response.body as { data?: { items?: { item: Item }[] } | null } | null)?.data?.items ?? [];
    return items.map((entry) => entry.item);
  }

  async create(path: string, body: unknown, what: string): Promise<string> {
    const response = await this.request('POST', path, {}, body);
    const id = (response.body as { data?: { id?: number | string } } | null)?.data?.id;
    if ((response.status !== 201 && response.status !== 200) || id === undefined) throw failed(response, 'Pipedrive', what);
    return String(id);
  }
}

export function createPipedriveWriter(session: PipedriveSession, records: RecordStore): CrmWriter {
  async function organizationOf(lead: CrmLead, made: Map<string, string>): Promise<string> {
    const known = made.get(lead.companyName.toLowerCase());
    if (known) return known;
    const items = await session.searchItems('/v1/organizations/search', { term: lead.companyName, exact_match: 'true', fields: 'name' });
    const found = items.find((item) => (item.name ?? '').toLowerCase() === lead.companyName.toLowerCase());
    const id = found ? String(found.id) : await session.create('/v1/organizations', { name: lead.companyName }, 'create the organization');
    made.set(lead.companyName.toLowerCase(), id);
    return id;
  }

  async function personIn(contact: CrmLeadContact, orgId: string): Promise<string> {
    const term = contact.email ?? contact.name;
    const items = await session.searchItems('/v1/persons/search', {
      term,
      organization_id: orgId,
      fields: contact.email ? 'email' : 'name',
      exact_match: 'true',
    });
    const found = contact.email ? items[0] : items.find((item) => (item.name ?? '').toLowerCase() === contact.name.toLowerCase());
    if (found) return String(found.id);
    return session.create(
      '/v1/persons',
      { name: contact.name, org_id: Number(orgId), ...(contact.email ? { email: [{ value: contact.email, primary: true, label: 'work' }] } : {}) },
      `create ${contact.name}`,
    );
  }

  return {
    chunkSize: 50,
    async pushChunk(leads, report) {
      await session.open();
      await records.load(leads.flatMap((lead) => [lead.id, ...lead.contacts.map((contact) => contact.id)]));
      const made = new Map<string, string>();
      for (const lead of leads) {
        let orgId: string | undefined;
        try {
          orgId = await organizationOf(lead, made);
          await records.save('company', lead.id, { crmId: orgId, crmUrl: session.orgUrl(orgId), parentCrmId: null, leadId: lead.id });
          for (const contact of lead.contacts) {
            const personId = await personIn(contact, orgId);
            await records.save('contact', contact.id, { crmId: personId, crmUrl: null, parentCrmId: orgId, leadId: lead.id });
          }
          if (records.get('note', lead.id)?.parentCrmId !== orgId) {
            const noteId = await session.create('/v1/notes', { content: noteLines(lead).join('<br>'), org_id: Number(orgId) }, 'add the note');
            await records.save('note', lead.id, { crmId: noteId, crmUrl: null, parentCrmId: orgId, leadId: lead.id });
          }
          await report(lead.id, { status: 'done', crmCompanyUrl: session.orgUrl(orgId), error: null });
        } catch (error) {
          if (!(error instanceof CrmError)) throw error;
          await report(lead.id, { status: 'failed', crmCompanyUrl: orgId ? session.orgUrl(orgId) : null, error: error.message });
        }
      }
    },
  };
}
