// Admin uploads: JSON batches and CSV imports, written through modules/leads' bulk path in one transaction
// (single-lead edits live in modules/leads/admin-write.ts).
import { Readable } from 'node:stream';
import {
  describeFieldErrors,
  fieldErrors,
  leadIdentityKey,
  leadInputSchema,
  MAX_SKIPPED_LISTED,
  reasonKind,
  type BatchUploadResponse,
  type ImportSummary,
} from '@fundwire/shared';
import type { Database, RawQuery } from '../../db/client.js';
import { validationError } from '../../errors.js';
import { mergeWritten, upsertLeadBatch, type BulkLead } from '../leads/index.js';
import { parseCsvStream } from './csv-stream.js';
import { FUNDRAISINGFOX_COLUMNS, mapFundraisingFoxRow, type FundraisingFoxRow } from './fundraisingfox.js';

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
