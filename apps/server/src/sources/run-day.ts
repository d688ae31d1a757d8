// Runs one source day under its lease: discovers the day's items, fetches, parses and maps each one not yet
// settled, and writes them in small batches (write-batch.ts), so a stop or crash keeps what was fetched.
import { claimDay, finishDay } from './day-lease.js';
import type { PoliteHttp } from './http.js';
import { contractViolation, fitLeadToContract } from './lead-limits.js';
import type { DaySummary, RunDeps, RunOptions } from './runner.js';
import { describeError, pauseSource, recordSourceError } from './source-errors.js';
import { MalformedItemError, SourceBlockedError, type SourceConnector, type SourceItem } from './types.js';
import { LeaseLostError, SETTLED_ITEMS_SQL, writeBatch, type ItemRecord, type Pending } from './write-batch.js';

/** Most items written in one transaction, and the longest an item waits for its write. */
const BATCH_ITEMS = 50;
const BATCH_MS = 1_000;

export async function runSourceDay(connector: SourceConnector, http: PoliteHttp, deps: RunDeps, day: string, options: RunOptions & { redoDone: boolean }): Promise<DaySummary> {
  const { database, owner } = deps;
  const source = connector.id;
  const leaseMs = options.leaseMs ?? 120_000;
  const summary: DaySummary = { day, status: 'done', created: 0, updated: 0, skipped: 0, failed: 0, contactsSkipped: 0 };
  if (!(await claimDay(database, source, day, owner, leaseMs, options.redoDone, deps.clock))) return { ...summary, status: 'busy' };
  let items: SourceItem[] | null;
  try {
    items = await connector.discover(http, day);
  } catch (error) {
    if (options.signal?.aborted) return { ...summary, status: 'stopped' };
    if (error instanceof SourceBlockedError) {
      await pauseSource(database, source, describeError(error));
      await finishDay(database, source, day, owner, 'failed');
      return { ...summary, status: 'paused' };
    }
    await database.rawTransaction((query) => recordSourceError(query, source, day, null, `daily index: ${describeError(error)}`));
    await finishDay(database, source, day, owner, 'failed');
    return { ...summary, status: 'failed' };
  }
  if (items === null) {
    await finishDay(database, source, day, owner, 'no-index', 0);
    return { ...summary, status: 'no-index' };
  }
  await database.rawTransaction((query) => query('update source_days set filings_seen = $3 where source = $1 and day = $2', [source, day, items.length]));
  const recorded = await database.rawTransaction((query) => query(SETTLED_ITEMS_SQL, [source, items.map((item) => item.id)]));
  const done = new Set(recorded.rows.map((row) => String(row.item)));

  // Handled items are written in batches (one transaction per BATCH_ITEMS items or BATCH_MS, whichever comes
  // first, which also renews the lease), so a crash loses at most a second of fetching and never a write.
  const flushEveryMs = Math.min(BATCH_MS, leaseMs / 3);
  let pending: Pending[] = [];
  let lastFlush = performance.now();
  const count = (records: ItemRecord[]) => {
    for (const record of records) {
      summary[record.result]++;
      summary.contactsSkipped += record.contactsSkipped ?? 0;
    }
  };
  const flush = async () => {
    const batch = pending;
    pending = [];
    lastFlush = performance.now();
    try {
      count(await database.rawTransaction((query) => writeBatch(query, source, day, owner, leaseMs, batch, deps.afterWrite, deps.clock)));
    } catch (error) {
      if (error instanceof LeaseLostError || batch.length <= 1) throw error;
      // One lead that cannot be written must not fail the rest: write them one by one, failures recorded as such.
      for (const entry of batch) {
        try {
          count(await database.rawTransaction((query) => writeBatch(query, source, day, owner, leaseMs, [entry], deps.afterWrite, deps.clock)));
        } catch (single) {
          if (single instanceof LeaseLostError) throw single;
          const reason = `could not be written: ${describeError(single)}`;
          count(
            await database.rawTransaction((query) =>
              writeBatch(query, source, day, owner, leaseMs, [{ item: entry.item, record: { item: entry.item, result: 'failed', reason, leadId: null }, error: reason }], undefined, deps.clock),
            ),
          );
        }
      }
    }
  };
  const stopped = async (): Promise<DaySummary> => {
    // A stop (shutdown, abort) keeps what was fetched: the pending items are written before the day is handed back.
    try {
      await flush();
    } catch (error) {
      if (!(error instanceof LeaseLostError)) throw error;
    }
    return { ...summary, status: 'stopped' };
  };
  try {
    for (const item of items) {
      if (done.has(item.id)) continue;
      if (options.signal?.aborted) return await stopped();
      if (pending.length >= BATCH_ITEMS || performance.now() - lastFlush >= flushEveryMs) await flush();
      let raw: string;
      try {
        raw = await connector.fetch(http, item);
      } catch (error) {
        if (options.signal?.aborted) return await stopped();
        if (error instanceof SourceBlockedError) {
          await stopped();
          await pauseSource(database, source, describeError(error));
          await finishDay(database, source, day, owner, 'failed');
          return { ...summary, status: 'paused' };
        }
        const reason = `fetch failed after retries: ${describeError(error)}`;
        pending.push({ item, record: { item, result: 'failed', reason, leadId: null }, error: reason });
        continue;
      }
      try {
        const mapped = connector.map(connector.parse(raw, item), item, http.baseUrl);
        if (mapped.action === 'skip') pending.push({ item, record: { item, result: 'skipped', reason: mapped.reason, leadId: null }, error: null });
        else {
          // Every source writes through the admin form's limits: cleaned, cut to length, at most 20 contacts, then checked.
          const fitted = fitLeadToContract(mapped.lead);
          const violation = contractViolation(fitted.lead);
          if (violation) {
            const reason = `does not meet the lead-input contract: ${violation}`;
            pending.push({ item, record: { item, result: 'failed', reason, leadId: null }, error: reason });
          } else pending.push({ item, mapped: { ...mapped, lead: fitted.lead }, contactsSkipped: fitted.contactsSkipped });
        }
      } catch (error) {
        const malformed = error instanceof MalformedItemError;
        const reason = malformed ? describeError(error) : `could not be read: ${describeError(error)}`;
        pending.push({ item, record: { item, result: malformed ? 'skipped' : 'failed', reason: malformed ? 'malformed' : reason, leadId: null }, error: reason });
      }
    }
    await flush();
  } catch (error) {
    if (error instanceof LeaseLostError) return { ...summary, status: 'busy' };
    throw error;
  }
  await finishDay(database, source, day, owner, 'done', items.length);
  return summary;
}
