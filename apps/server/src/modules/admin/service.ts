// Admin writes: single leads, JSON batches and CSV imports. Every write is one transaction and bumps
// the leads version, so every cached read on every instance is refreshed.
import { Readable } from 'node:stream';
import {
  normalizeDomain,
  describeFieldErrors,
  EDITABLE_LEAD_FIELDS,
  fieldErrors,
  leadIdentityKey,
  leadInputSchema,
  MAX_SKIPPED_LISTED,
  reasonKind,
  type BatchUploadResponse,
  type EditableLeadField,
  type ImportSummary,
  type Lead,
  type LeadInput,
} from '@fundwire/shared';
import type { Database, RawQuery } from '../../db/client.js';
import { conflict, notFound, validationError } from '../../errors.js';
import { deleteCompaniesWithoutRounds, replaceContacts, revealBouncedEmails, upsertCompanies } from '../leads/index.js';
import { BUMP_LEADS_VERSION_SQL, captureLeadsBefore, getLead, mergeWritten, splitLead, upsertLeadBatch, type BulkLead } from '../leads/index.js';
import { parseCsvStream } from './csv-stream.js';
import { FUNDRAISINGFOX_COLUMNS, mapFundraisingFoxRow, type FundraisingFoxRow } from './fundraisingfox.js';

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
    // Issue 31: the editable fields only (the output adds the contact's id and email status).
    contacts: before.contacts.map(({ name, role, email, linkedIn }) => ({ name, role, email, linkedIn })),
  };
  const submitted: Record<EditableLeadField, Comparable> = { ...input, contacts: input.contacts };
  return EDITABLE_LEAD_FIELDS.filter((field) => JSON.stringify(stored[field]) !== JSON.stringify(submitted[field]));
}

export async function updateLead(database: Database, id: string, input: LeadInput): Promise<Lead> {
  if (!UUID.test(id)) throw notFound('No such lead');
  const before = await getLead(database.db, id);
  if (!before) throw notFound('No such lead');
  // The admin's form shows bounced addresses: an unchanged one is not an edit.
  await revealBouncedEmails(database.db, [before.contacts]);
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
         lacks_contacts = $16, updated_at = now(),
         domain_source = case when $3 = '' then null when $17 then 'admin' else domain_source end,
         domain_found_at = case when $3 = '' then null when $17 then now() else domain_found_at end
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
        // Issue 31: a domain the admin typed is the admin's (domainSource 'admin'); feeds never overwrite it.
        edited.includes('domain'),
      ],
    );
    if (edited.includes('domain') && input.domain !== '' && companyId)
      await query(`update companies set domain = $2, domain_source = 'admin', domain_found_at = now() where id = $1`, [companyId, normalizeDomain(input.domain)]);
    await deleteCompaniesWithoutRounds(query, [row.company_id as string | null]);
    // Issue 31: an address the admin typed is theirs (emailSource 'admin'); an unchanged one keeps its status.
    await replaceContacts(
      query,
      [id],
      input.contacts.map((contact, position) => ({ leadId: id, position, name: contact.name, role: contact.role, email: contact.email ?? '', linkedIn: contact.linkedIn })),
      'admin',
    );
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

/** Collects skipped rows: every one counted by reason, the first MAX_SKIPPED_LISTED listed with line and reason. */
class SkipLog {
  skipped = 0;
  readonly rows: ImportSummary['skippedRows'] = [];
  private readonly byReason = new Map<string, number>();

  add(line: number, company: string, reason: string): void {
    this.skipped++;
    if (this.rows.length < MAX_SKIPPED_LISTED) this.rows.push({ line, company: company.slice(0, 200), reason });
    const kind = reasonKind(reason);
    this.byReason.set(kind, (this.byReason.get(kind) ?? 0) + 1);
  }

  counts(): ImportSummary['skippedByReason'] {
    return [...this.byReason].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  }
}

/** Thrown inside a preview's transaction so it rolls back; the preview ran exactly what the commit runs. */
class PreviewRollback<T> extends Error {
  constructor(readonly value: T) {
    super('preview');
  }
}

async function runWrite<T>(database: Database, commit: boolean, fn: (query: RawQuery) => Promise<T>): Promise<T> {
  try {
    return await database.rawTransaction(async (query) => {
      const value = await fn(query);
      if (!commit) throw new PreviewRollback(value);
      return value;
    });
  } catch (error) {
    if (error instanceof PreviewRollback) return error.value as T;
    throw error;
  }
}

/**
 * A JSON batch: every row goes through the lead-input contract. A batch is one request, so it is written
 * all or nothing: any bad row answers 400 naming each bad row (the first 100) and counts per reason.
 */
export async function batchUpsertLeads(database: Database, rows: unknown[]): Promise<BatchUploadResponse> {
  const valid: BulkLead[] = [];
  const skips = new SkipLog();
  rows.forEach((row, index) => {
    const result = leadInputSchema.safeParse(row);
    if (result.success) valid.push({ ...result.data, source: 'batch' });
    else {
      const name = (row as { companyName?: unknown } | null)?.companyName;
      skips.add(index + 1, typeof name === 'string' ? name : '', describeFieldErrors(fieldErrors(result.error, row)));
    }
  });
  if (skips.skipped > 0) {
    const first = skips.rows[0]!;
    throw validationError(
      `${skips.skipped.toLocaleString('en-US')} of ${rows.length.toLocaleString('en-US')} leads are invalid; nothing was uploaded. Lead ${first.line}${first.company ? ` (${first.company})` : ''}: ${first.reason}`,
      { skippedRows: skips.rows, skippedByReason: skips.counts() },
    );
  }
  const result = await database.rawTransaction(async (query) => {
    let created = 0;
    let updated = 0;
    for (let start = 0; start < valid.length; start += 2_000) {
      const batch = await upsertLeadBatch(query, valid.slice(start, start + 2_000));
      created += batch.created;
      updated += batch.updated;
    }
    return { created, updated };
  });
  return { count: rows.length, ...result, skipped: skips.skipped, skippedRows: skips.rows, skippedByReason: skips.counts() };
}

const IMPORT_BATCH = 1_000;

/** Stops a garbage upload early: after this many rows with no lead at all, the file is not a rounds file. */
const MAX_LEADLESS_ROWS = 10_000;

/**
 * Streams a Fundraising Fox CSV through the lead-input contract. A row that fails is skipped with its line
 * and reason; a row repeating an earlier one exactly, or a pooled fund, is skipped too; every other row is
 * saved. Preview runs the very same writes and rolls them back, so both give the same counts.
 */
export async function importFundraisingFox(database: Database, body: AsyncIterable<Buffer | string>, options: { commit: boolean }): Promise<ImportSummary> {
  return runWrite(database, options.commit, async (query) => {
    const totals = { total: 0, created: 0, updated: 0, unchanged: 0, merged: 0 };
    const pendingByKey = new Map<string, BulkLead>();
    const skips = new SkipLog();
    const firstLineOfRow = new Map<string, number>();
    const firstLineOfLead = new Map<string, number>();
    let header: string[] | undefined;
    let pending: BulkLead[] = [];
    let leadless = 0;

    const flush = async () => {
      if (pending.length === 0) return;
      const result = await upsertLeadBatch(query, pending);
      // A round a live source reported already becomes one lead with both sources (modules/leads/merge.ts).
      await mergeWritten(
        query,
        pending.flatMap((lead) => {
          const written = result.byKey.get(lead.identityKey ?? leadIdentityKey(lead));
          return written ? [{ id: written.id, lead }] : [];
        }),
      );
      totals.created += result.created;
      totals.updated += result.updated;
      totals.unchanged += result.unchanged;
      pending = [];
      pendingByKey.clear();
    };

    const records = parseCsvStream(body, (problem) => {
      if (!header) return;
      totals.total++;
      skips.add(problem.line, '', problem.reason);
    });
    for await (const record of records) {
      if (!header) {
        header = record.cells.map((cell) => cell.trim());
        const missing = FUNDRAISINGFOX_COLUMNS.filter((column) => !header!.includes(column));
        if (missing.length > 0) {
          throw validationError(`This is not a Fundraising Fox rounds file: missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`, { missing });
        }
        continue;
      }
      totals.total++;
      const row = Object.fromEntries(FUNDRAISINGFOX_COLUMNS.map((column) => [column, record.cells[header!.indexOf(column)] ?? ''])) as FundraisingFoxRow;
      const exact = record.cells.join('\u0001');
      const copyOf = firstLineOfRow.get(exact);
      if (copyOf !== undefined) {
        skips.add(record.line, row.company_name, `an exact copy of line ${copyOf}`);
        continue;
      }
      firstLineOfRow.set(exact, record.line);
      const mapped = mapFundraisingFoxRow(row);
      if ('skip' in mapped) {
        skips.add(record.line, row.company_name, mapped.skip);
        if (++leadless >= MAX_LEADLESS_ROWS && totals.created + totals.updated + totals.unchanged + pending.length === 0) {
          throw validationError(`The first ${MAX_LEADLESS_ROWS.toLocaleString('en-US')} rows hold no lead; is this a Fundraising Fox rounds file?`, {
            skippedByReason: skips.counts(),
          });
        }
        continue;
      }
      // The same round twice in one file (two reports of one round): one lead. The later row fills what the
      // earlier one left unknown while it is still pending, and is counted as merged.
      const key = leadIdentityKey(mapped.lead);
      const earlier = pendingByKey.get(key);
      if (earlier || firstLineOfLead.has(key)) {
        totals.merged++;
        if (earlier) {
          earlier.fundingAmount ??= mapped.lead.fundingAmount;
          earlier.roundLabel ??= mapped.lead.roundLabel ?? null;
        }
        continue;
      }
      firstLineOfLead.set(key, record.line);
      pendingByKey.set(key, mapped.lead);
      pending.push(mapped.lead);
      if (pending.length >= IMPORT_BATCH) await flush();
    }
    await flush();
    if (!header) throw validationError('The file is empty');
    return { ...totals, skipped: skips.skipped, skippedRows: skips.rows, skippedByReason: skips.counts() };
  });
}

export function toAsyncIterable(body: unknown): AsyncIterable<Buffer | string> {
  if (body instanceof Readable) return body;
  if (typeof body === 'string' || Buffer.isBuffer(body)) return Readable.from([body]);
  throw validationError('Send the CSV file as the request body (content-type: text/csv)', {});
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
