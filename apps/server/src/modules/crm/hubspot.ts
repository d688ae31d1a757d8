// Writing leads into HubSpot without duplicates (docs/crm.md): the company found by domain, else by exact name,
// else created; contacts with an email upserted by email in one batch, the others found by first name, last name
// and company before being created; each contact associated with the company; one note per round on the company.
// Only the endpoints the issue names, plus filling a found company's empty fields.
import type { CrmLead, CrmLeadContact } from '../leads/index.js';
import { hubspotAccessToken, markNeedsReconnect } from './connections.js';
import { hubspotRecordUrl, type CrmContext } from './context.js';
import { CrmAuthError, CrmError, failed, sendCrmRequest, type CrmResponse } from './http.js';
import { HUBSPOT_INDUSTRIES, noteHtml, splitLocation, splitName } from './mapping.js';
import type { RecordStore } from './records.js';
import type { CrmWriter, ReportOutcome } from './writer.js';

const COMPANY_PROPERTIES = ['name', 'domain', 'city', 'state', 'country', 'industry'] as const;
/** HubSpot-defined association type of a note to a company. */
const NOTE_TO_COMPANY = 190;
const SEARCH_LIMIT = 100;

interface Found {
  id: string;
  properties: Record<string, string | null | undefined>;
}

/** One account's HubSpot: its token (refreshed on a 401, once), its request budget. */
export class HubspotSession {
  private token: { token: string; portalId: string | null } | undefined;
  /** Requests sent, for the benchmark. */
  requests = 0;
  constructor(
    private readonly context: CrmContext,
    private readonly userId: string,
    private readonly signal?: AbortSignal,
  ) {}

  get portalId(): string | null {
    return this.token?.portalId ?? null;
  }

  async open(): Promise<void> {
    this.token ??= await hubspotAccessToken(this.context, this.userId);
  }

  async request(method: string, path: string, body?: unknown): Promise<CrmResponse> {
    await this.open();
    for (let refreshed = false; ; refreshed = true) {
      const response = await sendCrmRequest(
        {
          method,
          url: `${this.context.config.crm.hubspotApiUrl}${path}`,
          headers: { authorization: `Bearer ${this.token!.token}` },
          body,
          signal: this.signal,
          crmName: 'HubSpot',
          beforeTry: async () => {
            this.requests += 1;
            await this.context.hubspotLimiter.take(`hubspot:${this.token!.portalId ?? this.userId}`, this.signal);
          },
        },
        this.context.http,
      );
      if (response.status !== 401) return response;
      if (refreshed) {
        await markNeedsReconnect(this.context, this.userId, 'hubspot');
        throw new CrmAuthError('Reconnect HubSpot');
      }
      this.token = await hubspotAccessToken(this.context, this.userId, { force: true });
    }
  }

  async search(object: 'companies' | 'contacts', filters: { propertyName: string; operator: string; value?: string; values?: string[] }[], properties: readonly string[]): Promise<Found[]> {
    const response = await this.request('POST', `/crm/v3/objects/${object}/search`, { filterGroups: [{ filters }], properties, limit: SEARCH_LIMIT });
    if (response.status !== 200) throw failed(response, 'HubSpot', `search ${object}`);
    return ((response.body as { results?: Found[] } | null)?.results ?? []).map((found) => ({ id: String(found.id), properties: found.properties ?? {} }));
  }
}

function companyProperties(lead: CrmLead): Record<string, string> {
  const properties: Record<string, string> = { name: lead.companyName };
  if (lead.domain) properties.domain = lead.domain;
  const place = splitLocation(lead.location);
  for (const key of ['city', 'state', 'country'] as const) if (place[key]) properties[key] = place[key];
  const industry = lead.industry ? HUBSPOT_INDUSTRIES[lead.industry] : undefined;
  if (industry) properties.industry = industry;
  return properties;
}

const lower = (text: string | null | undefined) => (text ?? '').trim().toLowerCase();

export function createHubspotWriter(context: CrmContext, session: HubspotSession, records: RecordStore): CrmWriter {
  const companyUrl = (id: string) => hubspotRecordUrl(context, session.portalId, '0-2', id);

  /** Each lead's company: by domain (one search for the chunk), by exact name (one more), else created. */
  async function resolveCompanies(leads: CrmLead[], report: ReportOutcome): Promise<Map<string, string>> {
    const companyOf = new Map<string, string>();
    const domains = [...new Set(leads.map((lead) => lower(lead.domain)).filter((domain) => domain !== ''))];
    const byDomain = new Map<string, Found>();
    if (domains.length > 0) {
      for (const found of await session.search('companies', [{ propertyName: 'domain', operator: 'IN', values: domains }], COMPANY_PROPERTIES)) {
        const domain = lower(found.properties.domain);
        if (domain && !byDomain.has(domain)) byDomain.set(domain, found);
      }
    }
    const unmatched = leads.filter((lead) => !byDomain.has(lower(lead.domain)));
    const byName = new Map<string, Found>();
    const names = [...new Set(unmatched.map((lead) => lead.companyName))];
    if (names.length > 0) {
      for (const found of await session.search('companies', [{ propertyName: 'name', operator: 'IN', values: names }], COMPANY_PROPERTIES)) {
        const name = found.properties.name ?? '';
        if (!byName.has(name)) byName.set(name, found);
      }
    }
    for (const lead of leads) {
      try {
        const found = byDomain.get(lower(lead.domain)) ?? byName.get(lead.companyName);
        let id: string;
        if (found) {
          id = found.id;
          await fillEmptyFields(found, lead);
        } else {
          const created = await session.request('POST', '/crm/v3/objects/companies', { properties: companyProperties(lead) });
          if (created.status !== 201 && created.status !== 200) throw failed(created, 'HubSpot', 'create the company');
          id = String((created.body as { id: string }).id);
          // The next lead of the same company (another round) in this chunk finds it here.
          const made = { id, properties: companyProperties(lead) };
          if (lead.domain) byDomain.set(lower(lead.domain), made);
          byName.set(lead.companyName, made);
        }
        companyOf.set(lead.id, id);
        await records.save('company', lead.id, { crmId: id, crmUrl: companyUrl(id), parentCrmId: null, leadId: lead.id });
      } catch (error) {
        if (!(error instanceof CrmError)) throw error;
        await report(lead.id, { status: 'failed', crmCompanyUrl: null, error: error.message });
      }
    }
    return companyOf;
  }

  /** A found company gets our values only where its own are empty; a refusal here does not fail the lead. */
  async function fillEmptyFields(found: Found, lead: CrmLead): Promise<void> {
    const ours = companyProperties(lead);
    const fill: Record<string, string> = {};
    for (const key of COMPANY_PROPERTIES) if (ours[key] && !found.properties[key]) fill[key] = ours[key];
    if (Object.keys(fill).length === 0) return;
    const response = await session.request('PATCH', `/crm/v3/objects/companies/${found.id}`, { properties: fill });
    if (response.status === 200) Object.assign(found.properties, fill);
  }

  /** Contacts with an email, all of the chunk in one upsert per 100: email → HubSpot id. */
  async function upsertByEmail(contacts: CrmLeadContact[], companyNames: Map<string, string>): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    const byEmail = new Map<string, CrmLeadContact>();
    for (const contact of contacts) if (contact.email && !byEmail.has(lower(contact.email))) byEmail.set(lower(contact.email), contact);
    const all = [...byEmail.entries()];
    for (let start = 0; start < all.length; start += 100) {
      const inputs = all.slice(start, start + 100).map(([email, contact]) => ({
        idProperty: 'email',
        id: email,
        properties: { email, ...splitName(contact.name), ...(contact.role ? { jobtitle: contact.role } : {}), company: companyNames.get(contact.id) ?? '' },
      }));
      const response = await session.request('POST', '/crm/v3/objects/contacts/batch/upsert', { inputs });
      if (response.status !== 200 && response.status !== 201 && response.status !== 207) throw failed(response, 'HubSpot', 'save the contacts');
      for (const result of (response.body as { results?: Found[] }).results ?? []) {
        const email = lower(result.properties?.email);
        if (email) ids.set(email, String(result.id));
      }
    }
    return ids;
  }

  /** A contact without an email: found by first name, last name and company, else created. */
  async function findOrCreateByName(contact: CrmLeadContact, companyName: string): Promise<string> {
    const name = splitName(contact.name);
    const filters = [
      { propertyName: 'firstname', operator: 'EQ', value: name.firstname },
      ...(name.lastname ? [{ propertyName: 'lastname', operator: 'EQ', value: name.lastname }] : [{ propertyName: 'lastname', operator: 'NOT_HAS_PROPERTY' }]),
      { propertyName: 'company', operator: 'EQ', value: companyName },
    ];
    const [found] = await session.search('contacts', filters, ['firstname', 'lastname', 'company']);
    if (found) return found.id;
    const created = await session.request('POST', '/crm/v3/objects/contacts', {
      properties: { ...name, company: companyName, ...(contact.role ? { jobtitle: contact.role } : {}) },
    });
    if (created.status !== 201 && created.status !== 200) throw failed(created, 'HubSpot', 'create the contact');
    return String((created.body as { id: string }).id);
  }

  return {
    chunkSize: 50,
    async pushChunk(leads, report) {
      await session.open();
      await records.load(leads.flatMap((lead) => [lead.id, ...lead.contacts.map((contact) => contact.id)]));
      const companyOf = await resolveCompanies(leads, report);
      const placed = leads.filter((lead) => companyOf.has(lead.id));
      const companyNames = new Map(placed.flatMap((lead) => lead.contacts.map((contact) => [contact.id, lead.companyName] as const)));
      let emailIds = new Map<string, string>();
      let upsertError: CrmError | undefined;
      try {
        emailIds = await upsertByEmail(
          placed.flatMap((lead) => lead.contacts),
          companyNames,
        );
      } catch (error) {
        if (!(error instanceof CrmError)) throw error;
        upsertError = error;
      }
      for (const lead of placed) {
        const companyId = companyOf.get(lead.id)!;
        try {
          if (upsertError && lead.contacts.some((contact) => contact.email)) throw upsertError;
          for (const contact of lead.contacts) {
            const known = records.get('contact', contact.id);
            const contactId = contact.email ? emailIds.get(lower(contact.email)) : await findOrCreateByName(contact, lead.companyName);
            if (!contactId) throw new CrmError(`HubSpot did not save ${contact.name}`, null);
            if (known?.crmId === contactId && known.parentCrmId === companyId) continue;
            const associated = await session.request('PUT', `/crm/v4/objects/contact/${contactId}/associations/default/company/${companyId}`);
            if (associated.status !== 200 && associated.status !== 201 && associated.status !== 204) throw failed(associated, 'HubSpot', `link ${contact.name} to the company`);
            await records.save('contact', contact.id, { crmId: contactId, crmUrl: hubspotRecordUrl(context, session.portalId, '0-1', contactId), parentCrmId: companyId, leadId: lead.id });
          }
          if (records.get('note', lead.id)?.parentCrmId !== companyId) {
            const note = await session.request('POST', '/crm/v3/objects/notes', {
              properties: { hs_timestamp: new Date(`${lead.fundingDate}T12:00:00Z`).toISOString(), hs_note_body: noteHtml(lead) },
              associations: [{ to: { id: companyId }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: NOTE_TO_COMPANY }] }],
            });
            if (note.status !== 201 && note.status !== 200) throw failed(note, 'HubSpot', 'add the note');
            await records.save('note', lead.id, { crmId: String((note.body as { id: string }).id), crmUrl: null, parentCrmId: companyId, leadId: lead.id });
          }
          await report(lead.id, { status: 'done', crmCompanyUrl: companyUrl(companyId), error: null });
        } catch (error) {
          if (!(error instanceof CrmError)) throw error;
          await report(lead.id, { status: 'failed', crmCompanyUrl: companyUrl(companyId), error: error.message });
        }
      }
    },
  };
}
