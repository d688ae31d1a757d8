// An admin's hand edits of single leads: create, edit, delete and split, each one transaction through the same
// path as imports and sources (companies, contacts, the change outbox and the cache version kept here).
import { EDITABLE_LEAD_FIELDS, leadIdentityKey, type EditableLeadField, type Lead, type LeadInput } from '@fundwire/shared';
import type { Database, RawQuery } from '../../db/client.js';
import { conflict, notFound } from '../../errors.js';
import { upsertLeadBatch } from './bulk.js';
import { BUMP_LEADS_VERSION_SQL } from './cache.js';
import { captureLeadsBefore } from './changes.js';
import { deleteCompaniesWithoutRounds, upsertCompanies } from './company-write.js';
import { splitLead } from './merge.js';
import { getLead } from './service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function describeIdentity(lead: LeadInput): string {
  return `${lead.domain || lead.companyName}, ${lead.fundingRound ?? 'Undisclosed'}, ${lead.fundingDate}`;
}

async function findByIdentity(query: RawQuery, key: string): Promise<string | undefined> {
  const result = await query('select id from leads where identity_key = $1', [key]);
  return result.rows[0] ? String(result.rows[0].id) : undefined;
}

export async function createLead(database: Database, input: LeadInput): Promise<Lead> {
  const id = await database.rawTransaction(async (query) => {
    if (await findByIdentity(query, leadIdentityKey(input))) throw conflict(`A lead for ${describeIdentity(input)} already exists. Edit that lead instead.`);
    const result = await upsertLeadBatch(query, [{ ...input, source: 'manual' }]);
    return result.ids[0]!;
  });
  return (await getLead(database.db, id))!;
}

type Comparable = string | number | null | string[] | { name: string; role: string; email: string | null; linkedIn: string }[];

/** The fields whose submitted value differs from the stored one: what the admin changed by hand. */
function changedFields(before: Lead, input: LeadInput): EditableLeadField[] {
  const stored: Record<EditableLeadField, Comparable> = {
    companyName: before.companyName,
    domain: before.domain,
    industry: before.industry,
    fundingAmount: before.fundingAmount,
    fundingRound: before.fundingRound,
    location: before.location,
    fundingDate: before.fundingDate,
    description: before.description,
    tags: before.tags,
    contacts: before.contacts,
  };
  const submitted: Record<EditableLeadField, Comparable> = { ...input, contacts: input.contacts };
  return EDITABLE_LEAD_FIELDS.filter((field) => JSON.stringify(stored[field]) !== JSON.stringify(submitted[field]));
}

export async function updateLead(database: Database, id: string, input: LeadInput): Promise<Lead> {
  if (!UUID.test(id)) throw notFound('No such lead');
  const before = await getLead(database.db, id);
  if (!before) throw notFound('No such lead');
  const edited = changedFields(before, input);
  await database.rawTransaction(async (query) => {
    const existing = await query('select id, source, identity_key, company_id from leads where id = $1 for update', [id]);
    const row = existing.rows[0];
    if (!row) throw notFound('No such lead');
    // The outbox for saved-search alerts: the lead as it was, so an edit that makes it match alerts once.
    await captureLeadsBefore(query, { ids: [id] });
    // An uploaded lead keeps the identity its source gave it, so the next import finds it again.
    const key = row.source === 'manual' ? leadIdentityKey(input) : String(row.identity_key);
    const other = await findByIdentity(query, key);
    if (other && other !== id) throw conflict(`Another lead already exists for ${describeIdentity(input)}.`);
    // A new domain or name may make this round another company's.
    const [companyId] = await upsertCompanies(query, [input]);
    await query(
      `update leads set company_name = $2, domain = $3, industry = $4, funding_amount = $5, funding_round = $6::funding_round, round_label = $7,
         location = $8, funding_date = $9, description = $10, tags = $11::text[], source_url = coalesce($12, source_url), identity_key = $13,
         edited_fields = array(select distinct unnest(edited_fields || $14::text[]) order by 1), company_id = $15,
         lacks_contacts = $16, updated_at = now()
       where id = $1`,
      [
        id,
        input.companyName,
        input.domain,
        input.industry,
        input.fundingAmount,
        input.fundingRound,
        input.roundLabel,
        input.location,
        input.fundingDate,
        input.description,
        input.tags,
        input.sourceUrl,
        key,
        edited,
        companyId,
        // The contacts are replaced by these just below.
        input.contacts.length === 0 ? true : null,
      ],
    );
    await deleteCompaniesWithoutRounds(query, [row.company_id as string | null]);
    await query('delete from contacts where lead_id = $1', [id]);
    for (const [position, contact] of input.contacts.entries()) {
      await query('insert into contacts (lead_id, position, name, role, email, linked_in) values ($1, $2, $3, $4, $5, $6)', [
        id,
        position,
        contact.name,
        contact.role,
        contact.email ?? '',
        contact.linkedIn,
      ]);
    }
    await query(BUMP_LEADS_VERSION_SQL);
  });
  return (await getLead(database.db, id))!;
}

export async function deleteLead(database: Database, id: string): Promise<void> {
  if (!UUID.test(id)) throw notFound('No such lead');
  await database.rawTransaction(async (query) => {
    const result = await query('delete from leads where id = $1 returning id, company_id', [id]);
    if (result.rows.length === 0) throw notFound('No such lead');
    await deleteCompaniesWithoutRounds(query, [result.rows[0]!.company_id as string | null]);
    await query(BUMP_LEADS_VERSION_SQL);
  });
}

/** Deletes the leads with these ids (their contacts go with them) in one transaction; unknown ids are skipped. Returns how many were deleted. */
export async function deleteLeads(database: Database, ids: string[]): Promise<number> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  return database.rawTransaction(async (query) => {
    const result = await query('delete from leads where id = any($1::uuid[]) returning company_id', [unique]);
    if (result.rows.length === 0) return 0;
    await deleteCompaniesWithoutRounds(
      query,
      result.rows.map((row) => row.company_id as string | null),
    );
    await query(BUMP_LEADS_VERSION_SQL);
    return result.rows.length;
  });
}

/** Splits a merged lead back into its reports (modules/leads/merge.ts); 404 for no such lead, 409 for a lead only one source reports. */
export async function splitMergedLead(database: Database, id: string): Promise<{ lead: Lead; split: string[] }> {
  if (!UUID.test(id)) throw notFound('No such lead');
  const split = await database.rawTransaction(async (query) => {
    const exists = await query('select id from leads where id = $1 for update', [id]);
    if (exists.rows.length === 0) throw notFound('No such lead');
    const made = await splitLead(query, id);
    if (made === null) throw conflict('This lead is reported by one source only: there is nothing to split.');
    return made;
  });
  const lead = await getLead(database.db, id);
  if (!lead) throw notFound('No such lead');
  return { lead, split };
}
