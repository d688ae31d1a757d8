// Runs a source over days. Each (source, day) row is a job: an instance claims it with a lease (one runner
// per day at a time, any instance may run it), and every filing handled is recorded in the same
// transaction as its lead (filings are written in small batches, at least once a second), so a run that
// dies mid-day resumes after the last recorded filing.
import { addIsoDays } from '@fundwire/shared';
import type { Config } from '../config.js';
import type { Database, RawQuery } from '../db/client.js';
import { amendedRound, mergeWritten, newerItemOfRound, roundsWrittenByOthers, upsertLeadBatch } from '../modules/leads/index.js';
import type { BulkLead } from '../modules/leads/index.js';
import type { Clock } from '../queue/lease.js';
import { createPoliteHttp, type PoliteHttp } from './http.js';
import { contractViolation, fitLeadToContract } from './lead-limits.js';
import { MalformedItemError, SourceBlockedError, type MappedLead, type SourceConnector, type SourceItem } from './types.js';

export interface RunDeps {
  database: Database;
  config: Config;
  /** Names this instance's leases. */
  owner: string;
  /** The time day leases are reckoned in (tests move it on instead of waiting); the database's clock without one. */
  clock?: Clock | undefined;
  log?: { info(object: object, message: string): void; warn(object: object, message: string): void };
  /** Called inside each write's transaction with the leads it created or changed (issue 31: their enrichment jobs). */
  afterWrite?: (query: RawQuery, leadIds: string[]) => Promise<void>;
}

export interface RunOptions {
  /** Days to run (YYYY-MM-DD); default: the days due (daysDue). */
  days?: string[];
  /** Today in the source's calendar; default: today in New York (EDGAR's day). */
  today?: string;
  /** How long a claimed day stays this instance's without a renewal. */
  leaseMs?: number;
  /** Request pacing and retries (tests shorten them). */
  http?: { intervalMs?: number; backoffMs?: number; maxAttempts?: number; maxRetryAfterMs?: number; maxResponseBytes?: number };
  signal?: AbortSignal;
}

export interface DaySummary {
  day: string;
  status: 'done' | 'no-index' | 'failed' | 'busy' | 'stopped' | 'paused';
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  /** Contacts beyond the lead-input contract's 20 per lead, left out of the leads written. */
  contactsSkipped: number;
}

export interface RunSummary {
  ran: boolean;
  days: DaySummary[];
}

/** Today's date in New York, where EDGAR's filing days begin and end. */
export function edgarToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export const addDays = addIsoDays;

const isBusinessDay = (day: string) => {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

/** Business days from `from` through `to`, oldest first. */
export function businessDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) if (isBusinessDay(day)) days.push(day);
  return days;
}

/**
 * The days a scheduled run covers: each business day from the last one done through today (first run:
 * backfillDays back), skipping past days already done, plus earlier days of the last 60 whose run failed or
 * was cut short. Today is always polled again.
 */
export async function daysDue(database: Database, source: string, today: string, backfillDays: number): Promise<string[]> {
  const result = await database.rawTransaction((query) =>
    query(`select day::text as day, status from source_days where source = $1 and day >= $2::date - 60 order by day`, [source, today]),
  );
  const status = new Map(result.rows.map((row) => [String(row.day), String(row.status)]));
  const lastDone = [...status].filter(([, value]) => value === 'done').map(([day]) => day).pop();
  const from = lastDone && lastDone < today ? lastDone : addDays(today, -backfillDays);
  const unfinished = [...status].filter(([day, value]) => day < from && ['pending', 'running', 'failed'].includes(value)).map(([day]) => day);
  return [...unfinished, ...businessDays(from, today).filter((day) => day === today || status.get(day) !== 'done')];
}

/** Takes the lease on a source's day (a free, expired or own one; a finished one only with redoDone). */
export async function claimDay(database: Database, source: string, day: string, owner: string, leaseMs: number, redoDone: boolean, clock?: Clock): Promise<boolean> {
  const result = await database.rawTransaction((query) =>
    query(
      `insert into source_days (source, day, status, lease_owner, lease_expires_at, attempts, started_at, updated_at)
       values ($1, $2, 'running', $3, coalesce($6::timestamptz, clock_timestamp()) + $4 * interval '1 millisecond', 1, now(), now())
       on conflict (source, day) do update
         set status = 'running', lease_owner = $3, lease_expires_at = coalesce($6::timestamptz, clock_timestamp()) + $4 * interval '1 millisecond',
             attempts = source_days.attempts + 1, started_at = now(), updated_at = now()
       where (source_days.lease_owner is null or source_days.lease_owner = $3 or source_days.lease_expires_at < coalesce($6::timestamptz, clock_timestamp()))
         and (source_days.status <> 'done' or $5)
       returning day`,
      [source, day, owner, leaseMs, redoDone, clock?.().toISOString() ?? null],
    ),
  );
  return result.rows.length > 0;
}

/** Extends this instance's lease on the day; false when another instance has taken it over. */
export async function renewLease(query: RawQuery, source: string, day: string, owner: string, leaseMs: number, clock?: Clock): Promise<boolean> {
  const result = await query(
    `update source_days set lease_expires_at = coalesce($5::timestamptz, clock_timestamp()) + $4 * interval '1 millisecond', updated_at = now()
     where source = $1 and day = $2 and lease_owner = $3 returning day`,
    [source, day, owner, leaseMs, clock?.().toISOString() ?? null],
  );
  return result.rows.length > 0;
}

async function finishDay(database: Database, source: string, day: string, owner: string, status: 'done' | 'no-index' | 'failed', filingsSeen?: number): Promise<void> {
  await database.rawTransaction((query) =>
    query(
      `update source_days set status = $4, lease_owner = null, lease_expires_at = null, finished_at = now(), updated_at = now(),
              filings_seen = coalesce($5, filings_seen)
       where source = $1 and day = $2 and lease_owner = $3`,
      [source, day, owner, status, filingsSeen ?? null],
    ),
  );
}

/** Errors kept per source: older ones are deleted as new ones come. */
export const KEPT_SOURCE_ERRORS = 200;

export async function recordSourceError(query: RawQuery, source: string, day: string | null, item: string | null, reason: string): Promise<void> {
  await query('insert into source_errors (source, day, item, reason) values ($1, $2, $3, $4)', [source, day, item, reason.slice(0, 1000)]);
  await query(
    `delete from source_errors where source = $1 and at < (select at from source_errors where source = $1 order by at desc offset $2 limit 1)`,
    [source, KEPT_SOURCE_ERRORS - 1],
  );
}

/** How long every instance leaves a source alone after it blocked us (a 403 that is not "no index yet"). */
export const BLOCK_PAUSE_MS = 60 * 60_000;

/** Pauses the source for every instance and says why; the status screen shows it as an error. */
export async function pauseSource(database: Database, source: string, reason: string, ms = BLOCK_PAUSE_MS): Promise<void> {
  await database.rawTransaction(async (query) => {
    await query(
      `insert into source_state (source, paused_until, paused_reason, next_request_at) values ($1, now() + $2 * interval '1 millisecond', $3, now())
       on conflict (source) do update set paused_until = now() + $2 * interval '1 millisecond', paused_reason = $3`,
      [source, ms, reason.slice(0, 1000)],
    );
    await recordSourceError(query, source, null, null, reason);
  });
}

interface ItemRecord {
  item: SourceItem;
  result: 'created' | 'updated' | 'skipped' | 'failed';
  reason: string | null;
  leadId: string | null;
  contactsSkipped?: number;
}

/**
 * Runs that may try a failed filing (each with its bounded request retries): a filing EDGAR lists before it
 * serves it (a 404 minutes after the index) is tried again by the next polls of its day, then left as failed.
 */
export const MAX_ITEM_RUNS = 3;
/** Items of a day that are settled: recorded, except failures that later runs may still try again. */
const SETTLED_ITEMS_SQL = `select item from source_filings where source = $1 and item = any($2::text[]) and not (result = 'failed' and attempts < ${MAX_ITEM_RUNS})`;

/**
 * Records handled items (the resume point; `attempts` counts the runs that tried each). An item another
 * runner recorded first keeps its record, unless that record is a failure this run has tried again.
 */
async function recordItems(query: RawQuery, source: string, records: ItemRecord[]): Promise<void> {
  if (records.length === 0) return;
  await query(
    `insert into source_filings (source, item, day, result, reason, lead_id, attempts, contacts_skipped)
     select $1, item, day, result, reason, lead_id, 1, contacts_skipped
       from unnest($2::text[], $3::date[], $4::text[], $5::text[], $6::uuid[], $7::int[]) as r(item, day, result, reason, lead_id, contacts_skipped)
     on conflict (source, item) do update
       set result = excluded.result, reason = excluded.reason, lead_id = excluded.lead_id, attempts = source_filings.attempts + 1,
           contacts_skipped = excluded.contacts_skipped
       where source_filings.result = 'failed'`,
    [
      source,
      records.map((record) => record.item.id),
      records.map((record) => record.item.day),
      records.map((record) => record.result),
      records.map((record) => record.reason),
      records.map((record) => record.leadId),
      records.map((record) => record.contactsSkipped ?? 0),
    ],
  );
}

/** An item handled but not yet written: a lead to upsert, or a skip or failure to record. */
type Pending = { item: SourceItem; mapped: MappedLead; contactsSkipped: number } | { item: SourceItem; record: ItemRecord; error: string | null };

class LeaseLostError extends Error {}

/** The lead as the round of its original filing: the item itself, or for an amendment whose original we never saw, that original's number. */
function asOriginalRound(source: string, item: SourceItem, mapped: MappedLead) {
  const original = mapped.amends?.sourceId ?? item.id;
  return { ...mapped.lead, identityKey: `${source}:${original}`, sourceId: original };
}

/** Gives the lead its round's identity: an amendment takes the round it amends, anything else is its own original filing. */
async function withRoundIdentity(query: RawQuery, source: string, item: SourceItem, mapped: MappedLead) {
  const target = mapped.amends ? await amendedRound(query, source, mapped.amends) : null;
  if (!target) return asOriginalRound(source, item, mapped);
  return { ...mapped.lead, identityKey: target.identityKey, sourceId: target.sourceId ?? mapped.lead.sourceId };
}

/**
 * Writes handled items in one transaction: the lease is renewed first (a runner that lost its day writes
 * nothing), items another runner recorded meanwhile are left alone, new rounds go in one batch upsert and
 * amendments after them one by one (they may amend a round of the same batch), then every item is recorded.
 */
async function writeBatch(
  query: RawQuery,
  source: string,
  day: string,
  owner: string,
  leaseMs: number,
  pending: Pending[],
  afterWrite?: RunDeps['afterWrite'],
  clock?: Clock,
): Promise<ItemRecord[]> {
  if (!(await renewLease(query, source, day, owner, leaseMs, clock))) throw new LeaseLostError(`lost the lease on ${source} ${day}`);
  if (pending.length === 0) return [];
  const recorded = await query(SETTLED_ITEMS_SQL, [source, pending.map((entry) => entry.item.id)]);
  const done = new Set(recorded.rows.map((row) => String(row.item)));
  const fresh = pending.filter((entry) => !done.has(entry.item.id));
  const records: ItemRecord[] = [];
  const outcome = (item: SourceItem, result: { id: string; outcome: 'created' | 'updated' | 'unchanged' } | undefined): ItemRecord => ({
    item,
    result: !result || result.outcome === 'unchanged' ? 'skipped' : result.outcome,
    reason: !result || result.outcome === 'unchanged' ? 'duplicate' : null,
    leadId: result?.id ?? null,
  });
  const written: { id: string; lead: BulkLead }[] = [];
  const skippedContacts = new Map(fresh.map((entry) => [entry.item.id, 'mapped' in entry ? entry.contactsSkipped : 0]));
  const withSkips = (record: ItemRecord): ItemRecord => ({ ...record, contactsSkipped: skippedContacts.get(record.item.id) ?? 0 });
  const candidates = fresh.flatMap((entry) => ('mapped' in entry && !entry.mapped.amends ? [{ item: entry.item, mapped: entry.mapped }] : []));
  // An original filing that arrives after an amendment of its round (a backfill, a retry) carries older figures: it must not roll the round back.
  const superseded = await roundsWrittenByOthers(
    query,
    source,
    candidates.map((entry) => ({ item: entry.item.id, identityKey: asOriginalRound(source, entry.item, entry.mapped).identityKey })),
  );
  const originals = candidates.filter((entry) => !superseded.has(entry.item.id));
  for (const entry of candidates) {
    if (superseded.has(entry.item.id)) records.push({ item: entry.item, result: 'skipped', reason: 'superseded-by-amendment', leadId: superseded.get(entry.item.id)! });
  }
  if (originals.length > 0) {
    const leads = originals.map((entry) => asOriginalRound(source, entry.item, entry.mapped));
    const result = await upsertLeadBatch(query, leads);
    originals.forEach((entry, index) => records.push(withSkips(outcome(entry.item, result.byKey.get(leads[index]!.identityKey!)))));
    written.push(...leads.flatMap((lead) => (result.byKey.has(lead.identityKey!) ? [{ id: result.byKey.get(lead.identityKey!)!.id, lead }] : [])));
  }
  for (const entry of fresh) {
    if (!('mapped' in entry) || !entry.mapped.amends) continue;
    const lead = await withRoundIdentity(query, source, entry.item, entry.mapped);
    // An older amendment than the one already applied (a retry that succeeds late) must not roll the round back either.
    const newer = await newerItemOfRound(query, source, lead.identityKey, entry.item);
    if (newer) {
      records.push({ item: entry.item, result: 'skipped', reason: 'superseded-by-amendment', leadId: newer });
      continue;
    }
    const result = await upsertLeadBatch(query, [lead]);
    records.push(withSkips(outcome(entry.item, result.byKey.get(lead.identityKey!))));
    if (result.byKey.has(lead.identityKey!)) written.push({ id: result.byKey.get(lead.identityKey!)!.id, lead });
  }
  // One round, one lead: a round another source reported already is merged into that lead (modules/leads/merge.ts).
  const merged = await mergeWritten(query, written);
  for (const record of records) if (record.leadId && merged.into.has(record.leadId)) record.leadId = merged.into.get(record.leadId)!;
  for (const entry of fresh) {
    if (!('record' in entry)) continue;
    records.push(entry.record);
    if (entry.error) await recordSourceError(query, source, day, entry.item.id, entry.error);
  }
  await recordItems(query, source, records);
  const touched = records.flatMap((record) => (record.leadId && (record.result === 'created' || record.result === 'updated') ? [record.leadId] : []));
  if (afterWrite && touched.length > 0) await afterWrite(query, touched);
  return records;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

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
      await pauseSource(database, source, describe(error));
      await finishDay(database, source, day, owner, 'failed');
      return { ...summary, status: 'paused' };
    }
    await database.rawTransaction((query) => recordSourceError(query, source, day, null, `daily index: ${describe(error)}`));
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
          const reason = `could not be written: ${describe(single)}`;
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
          await pauseSource(database, source, describe(error));
          await finishDay(database, source, day, owner, 'failed');
          return { ...summary, status: 'paused' };
        }
        const reason = `fetch failed after retries: ${describe(error)}`;
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
        const reason = malformed ? describe(error) : `could not be read: ${describe(error)}`;
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

/** Runs the connector over the given days (default: those due). Does nothing while the source is disabled. */
export async function runSource(connector: SourceConnector, deps: RunDeps, options: RunOptions = {}): Promise<RunSummary> {
  if (connector.runWhole) return connector.runWhole(deps, options);
  const { database, config } = deps;
  if (connector.disabledReason(config) !== null || !config.edgar.userAgent) return { ran: false, days: [] };
  const source = connector.id;
  const today = options.today ?? edgarToday();
  const explicit = options.days !== undefined;
  const days = options.days ?? (await daysDue(database, source, today, config.edgar.backfillDays));
  const http = createPoliteHttp({ database, source, baseUrl: config.edgar.baseUrl, userAgent: config.edgar.userAgent, signal: options.signal, ...options.http });
  // A source that blocked us is left alone by every instance until its pause ends (Run now included): asking again only prolongs a block.
  const paused = await database.rawTransaction((query) =>
    query(`select paused_until from source_state where source = $1 and paused_until > now()`, [source]),
  );
  if (paused.rows.length > 0) {
    await database.rawTransaction((query) =>
      query(`update source_state set next_run_at = greatest(coalesce(next_run_at, now()), paused_until) where source = $1`, [source]),
    );
    deps.log?.warn({ source, pausedUntil: paused.rows[0]!.paused_until }, 'source paused: not run');
    return { ran: false, days: [] };
  }
  await database.rawTransaction((query) =>
    query(
      `insert into source_state (source, last_run_started_at, last_run_finished_at, last_run_status) values ($1, now(), null, 'running')
       on conflict (source) do update set last_run_started_at = now(), last_run_finished_at = null, last_run_status = 'running'`,
      [source],
    ),
  );
  const summaries: DaySummary[] = [];
  let failed = false;
  for (const day of days) {
    if (options.signal?.aborted) break;
    try {
      const summary = await runSourceDay(connector, http, deps, day, { ...options, redoDone: explicit || day >= today });
      summaries.push(summary);
      if (summary.status === 'failed') failed = true;
      if (summary.status === 'paused') {
        failed = true;
        break;
      }
    } catch (error) {
      if (options.signal?.aborted) break;
      failed = true;
      deps.log?.warn({ err: error, source, day }, 'source day failed');
      await database.rawTransaction((query) => recordSourceError(query, source, day, null, describe(error)));
      summaries.push({ day, status: 'failed', created: 0, updated: 0, skipped: 0, failed: 0, contactsSkipped: 0 });
    }
  }
  await database.rawTransaction((query) =>
    query(
      `update source_state set last_run_finished_at = now(), last_run_status = $2,
              next_run_at = greatest(now() + $3 * interval '1 minute', paused_until)
       where source = $1`,
      [source, failed ? 'failed' : 'done', config.edgar.pollMinutes],
    ),
  );
  deps.log?.info({ source, days: summaries }, 'source run');
  return { ran: true, days: summaries };
}
