// Admin writes: single leads, JSON batches and CSV imports. Every write is one transaction and bumps
// the leads version, so every cached read on every instance is refreshed.
import { Readable } from 'node:stream';
import { fieldErrors, leadIdentityKey, leadInputSchema, type FieldError, type ImportSummary, type Lead, type LeadInput } from '@fundwire/shared';
import type { Database, RawQuery } from '../../db/client.js';
import { conflict, notFound, validationError } from '../../errors.js';
import { deleteCompaniesWithoutRounds, upsertCompanies } from '../companies/write.js';
import { upsertLeadBatch, type BulkLead } from '../leads/bulk.js';
import { BUMP_LEADS_VERSION_SQL } from '../leads/cache.js';
import { getLead } from '../leads/service.js';
import { parseCsvStream } from './csv-stream.js';
import { FUNDRAISINGFOX_COLUMNS, mapFundraisingFoxRow } from './fundraisingfox.js';


const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseLeadInput(body: unknown): LeadInput {
  const result = leadInputSchema.safeParse(body);
  if (result.success) return result.data;
  const issues = fieldErrors(result.error);
  throw validationError(`Invalid lead: ${issues.map((issue) => `${issue.field} ${issue.message}`).join('; ')}`, {
    issues: issues.map((issue) => ({ path: issue.field, message: issue.message })),
  });
}

function describeIdentity(lead: LeadInput): string {
  return `${lead.domain}, ${lead.fundingRound}, ${lead.fundingDate}`;
}

async function findByIdentity(query: RawQuery, key: string): Promise<string | undefined> {
  const result = await query('select id from leads where identity_key = $1', [key]);
  return result.rows[0] ? String(result.rows[0].id) : undefined;
}

export async function createLead(database: Database, input: LeadInput): Promise<Lead> {
  const id = await database.rawTransaction(async (query) => {
    if (await findByIdentity(query, leadIdentityKey(input))) throw conflict(`A lead for ${describeIdentity(input)} already exists. Edit that lead instead.`);
    const result = await upsertLeadBatch(query, [input]);
    return result.ids[0]!;
  });
  return (await getLead(database.db, id))!;
}

export async function updateLead(database: Database, id: string, input: LeadInput): Promise<Lead> {
  if (!UUID.test(id)) throw notFound('No such lead');
  await database.rawTransaction(async (query) => {
    const existing = await query('select id, company_id from leads where id = $1 for update', [id]);
    if (existing.rows.length === 0) throw notFound('No such lead');
    const key = leadIdentityKey(input);
    const other = await findByIdentity(query, key);
    if (other && other !== id) throw conflict(`Another lead already exists for ${describeIdentity(input)}.`);
    // A new domain or name may make this round another company's.
    const [companyId] = await upsertCompanies(query, [input]);
    await query(
      `update leads set company_name = $2, domain = $3, industry = $4, funding_amount = $5, funding_round = $6::funding_round,
         location = $7, funding_date = $8, description = $9, tags = $10::text[], source_url = $11, identity_key = $12, company_id = $13, updated_at = now()
       where id = $1`,
      [id, input.companyName, input.domain, input.industry, input.fundingAmount, input.fundingRound, input.location, input.fundingDate, input.description, input.tags, input.sourceUrl, key, companyId],
    );
    await deleteCompaniesWithoutRounds(query, [existing.rows[0]!.company_id as string | null]);
    await query('delete from contacts where lead_id = $1', [id]);
    for (const [position, contact] of input.contacts.entries()) {
      await query('insert into contacts (lead_id, position, name, role, email, linked_in) values ($1, $2, $3, $4, $5, $6)', [
        id,
        position,
        contact.name,
        contact.role,
        contact.email,
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

export interface BatchRowError {
  index: number;
  companyName?: string;
  errors: FieldError[];
}

/** Validates every row first; writes all of them in one transaction, or none. */
export async function batchUpsertLeads(database: Database, rows: unknown[]): Promise<{ count: number; created: number; updated: number }> {
  const valid: LeadInput[] = [];
  const rejected: BatchRowError[] = [];
  rows.forEach((row, index) => {
    const result = leadInputSchema.safeParse(row);
    if (result.success) valid.push(result.data);
    else {
      const name = (row as { companyName?: unknown } | null)?.companyName;
      rejected.push({ index, ...(typeof name === 'string' ? { companyName: name } : {}), errors: fieldErrors(result.error) });
    }
  });
  if (rejected.length > 0) {
    const first = rejected[0]!;
    throw validationError(
      `${rejected.length} of ${rows.length} leads are invalid; nothing was uploaded. Row ${first.index + 1}: ${first.errors.map((error) => `${error.field} ${error.message}`).join('; ')}`,
      { rows: rejected.slice(0, 200) },
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
  return { count: rows.length, ...result };
}

const IMPORT_BATCH = 1_000;
const MAX_SKIPPED_LISTED = 5_000;

/**
 * Streams a Fundraising Fox CSV: maps each row, skips (with a reason) what cannot be a lead or repeats a
 * lead earlier in the file, and counts new versus updated leads. With commit, writes in one transaction.
 */
export async function importFundraisingFox(database: Database, body: AsyncIterable<Buffer | string>, options: { commit: boolean }): Promise<ImportSummary> {
  return database.rawTransaction(async (query) => {
    const summary: ImportSummary = { total: 0, created: 0, updated: 0, skipped: 0, skippedRows: [] };
    const firstLineOf = new Map<string, number>();
    let header: string[] | undefined;
    let pending: BulkLead[] = [];

    const skip = (line: number, company: string, reason: string) => {
      summary.skipped++;
      if (summary.skippedRows.length < MAX_SKIPPED_LISTED) summary.skippedRows.push({ line, company, reason });
    };
    const flush = async () => {
      if (pending.length === 0) return;
      if (options.commit) {
        const result = await upsertLeadBatch(query, pending);
        summary.created += result.created;
        summary.updated += result.updated;
      } else {
        const keys = pending.map((lead) => leadIdentityKey(lead));
        const existing = await query('select count(*)::int as n from leads where identity_key = any($1::text[])', [keys]);
        const updated = Number(existing.rows[0]?.n ?? 0);
        summary.updated += updated;
        summary.created += pending.length - updated;
      }
      pending = [];
    };

    for await (const record of parseCsvStream(body)) {
      if (!header) {
        header = record.cells.map((cell) => cell.trim().replace(/^\uFEFF/, ''));
        const missing = FUNDRAISINGFOX_COLUMNS.filter((column) => !header!.includes(column));
        if (missing.length > 0) {
          throw validationError(`This is not a Fundraising Fox rounds file: missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`, { missing });
        }
        continue;
      }
      summary.total++;
      const row = Object.fromEntries(FUNDRAISINGFOX_COLUMNS.map((column) => [column, record.cells[header!.indexOf(column)] ?? ''])) as Record<
        (typeof FUNDRAISINGFOX_COLUMNS)[number],
        string
      >;
      const mapped = mapFundraisingFoxRow(row);
      if ('skip' in mapped) {
        skip(record.line, row.company_name, mapped.skip);
        continue;
      }
      const key = leadIdentityKey(mapped.lead);
      const earlier = firstLineOf.get(key);
      if (earlier !== undefined) {
        skip(record.line, row.company_name, `same company, round and date as line ${earlier}`);
        continue;
      }
      firstLineOf.set(key, record.line);
      pending.push(mapped.lead);
      if (pending.length >= IMPORT_BATCH) await flush();
    }
    await flush();
    if (!header) throw validationError('The file is empty');
    return summary;
  });
}

export function toAsyncIterable(body: unknown): AsyncIterable<Buffer | string> {
  if (body instanceof Readable) return body;
  if (typeof body === 'string' || Buffer.isBuffer(body)) return Readable.from([body]);
  throw validationError('Send the CSV file as the request body (content-type: text/csv)', {});
}
