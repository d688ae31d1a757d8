// Runs a source over days. Each (source, day) row is a job: an instance claims it with a lease (one runner
// per day at a time, any instance may run it), and every filing handled is recorded in the same
// transaction as its lead, so a run that dies mid-day resumes after the last recorded filing.
import type { Config } from '../config.js';
import type { Database, RawQuery } from '../db/client.js';
import { upsertLeadBatch } from '../modules/leads/bulk.js';
import { createPoliteHttp, type PoliteHttp } from './http.js';
import { MalformedItemError, type MappedLead, type SourceConnector, type SourceItem } from './types.js';

export interface RunDeps {
  database: Database;
  config: Config;
  /** Names this instance's leases. */
  owner: string;
  log?: { info(object: object, message: string): void; warn(object: object, message: string): void };
}

export interface RunOptions {
  /** Days to run (YYYY-MM-DD); default: the days due (daysDue). */
  days?: string[];
  /** Today in the source's calendar; default: today in New York (EDGAR's day). */
  today?: string;
  /** How long a claimed day stays this instance's without a renewal. */
  leaseMs?: number;
  /** Request pacing and retries (tests shorten them). */
  http?: { intervalMs?: number; backoffMs?: number; maxAttempts?: number; maxRetryAfterMs?: number };
  signal?: AbortSignal;
}

export interface DaySummary {
  day: string;
  status: 'done' | 'no-index' | 'failed' | 'busy' | 'stopped';
  created: number;
  updated: number;
  skipped: number;
  failed: number;
}

export interface RunSummary {
  ran: boolean;
  days: DaySummary[];
}

/** Today's date in New York, where EDGAR's filing days begin and end. */
export function edgarToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

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

async function claimDay(database: Database, source: string, day: string, owner: string, leaseMs: number, redoDone: boolean): Promise<boolean> {
  const result = await database.rawTransaction((query) =>
    query(
      `insert into source_days (source, day, status, lease_owner, lease_expires_at, attempts, started_at, updated_at)
       values ($1, $2, 'running', $3, clock_timestamp() + $4 * interval '1 millisecond', 1, now(), now())
       on conflict (source, day) do update
         set status = 'running', lease_owner = $3, lease_expires_at = clock_timestamp() + $4 * interval '1 millisecond',
             attempts = source_days.attempts + 1, started_at = now(), updated_at = now()
       where (source_days.lease_owner is null or source_days.lease_owner = $3 or source_days.lease_expires_at < clock_timestamp())
         and (source_days.status <> 'done' or $5)
       returning day`,
      [source, day, owner, leaseMs, redoDone],
    ),
  );
  return result.rows.length > 0;
}

/** Extends this instance's lease on the day; false when another instance has taken it over. */
async function renewLease(query: RawQuery, source: string, day: string, owner: string, leaseMs: number): Promise<boolean> {
  const result = await query(
    `update source_days set lease_expires_at = clock_timestamp() + $4 * interval '1 millisecond', updated_at = now()
     where source = $1 and day = $2 and lease_owner = $3 returning day`,
    [source, day, owner, leaseMs],
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

export async function recordSourceError(query: RawQuery, source: string, day: string | null, item: string | null, reason: string): Promise<void> {
  await query('insert into source_errors (source, day, item, reason) values ($1, $2, $3, $4)', [source, day, item, reason.slice(0, 1000)]);
}

async function recordItem(query: RawQuery, source: string, item: SourceItem, result: 'created' | 'updated' | 'skipped' | 'failed', reason: string | null, leadId: string | null, attempts = 1) {
  await query(
    `insert into source_filings (source, item, day, result, reason, lead_id, attempts) values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (source, item) do nothing`,
    [source, item.id, item.day, result, reason, leadId, attempts],
  );
}

/** The stored round an amendment updates: by the filing it amends, else by the same company and date of first sale. */
async function amendedRound(query: RawQuery, source: string, amends: NonNullable<MappedLead['amends']>): Promise<{ identityKey: string; sourceId: string | null } | null> {
  const result = await query(
    `(select identity_key, source_id, 1 as rank from leads where source = $1 and source_id = $2)
     union all
     (select l.identity_key, l.source_id, 2 as rank from leads l join companies c on c.id = l.company_id
       where l.source = $1 and c.cik = $3 and l.funding_date = $4::date)
     order by rank limit 1`,
    [source, amends.sourceId, amends.cik, amends.fundingDate],
  );
  const row = result.rows[0];
  return row ? { identityKey: String(row.identity_key), sourceId: row.source_id === null ? null : String(row.source_id) } : null;
}

async function writeLead(database: Database, source: string, item: SourceItem, mapped: MappedLead): Promise<'created' | 'updated' | 'duplicate'> {
  return database.rawTransaction(async (query) => {
    // Another runner may have recorded this filing since we listed the day's work.
    const done = await query('select 1 from source_filings where source = $1 and item = $2', [source, item.id]);
    if (done.rows.length > 0) return 'duplicate';
    const lead = { ...mapped.lead };
    const target = mapped.amends ? await amendedRound(query, source, mapped.amends) : null;
    if (target) {
      lead.identityKey = target.identityKey;
      lead.sourceId = target.sourceId ?? lead.sourceId;
    } else {
      // The round is its original filing: an amendment whose original we never saw starts the round with its number.
      const original = mapped.amends?.sourceId ?? item.id;
      lead.identityKey = `${source}:${original}`;
      lead.sourceId = original;
    }
    const result = await upsertLeadBatch(query, [lead]);
    const outcome = result.created > 0 ? 'created' : result.updated > 0 ? 'updated' : 'duplicate';
    await recordItem(query, source, item, outcome === 'duplicate' ? 'skipped' : outcome, outcome === 'duplicate' ? 'duplicate' : null, result.ids[0] ?? null);
    return outcome;
  });
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function runSourceDay(connector: SourceConnector, http: PoliteHttp, deps: RunDeps, day: string, options: RunOptions & { redoDone: boolean }): Promise<DaySummary> {
  const { database, owner } = deps;
  const source = connector.id;
  const leaseMs = options.leaseMs ?? 120_000;
  const summary: DaySummary = { day, status: 'done', created: 0, updated: 0, skipped: 0, failed: 0 };
  if (!(await claimDay(database, source, day, owner, leaseMs, options.redoDone))) return { ...summary, status: 'busy' };
  let items: SourceItem[] | null;
  try {
    items = await connector.discover(http, day);
  } catch (error) {
    if (options.signal?.aborted) return { ...summary, status: 'stopped' };
    await database.rawTransaction((query) => recordSourceError(query, source, day, null, `daily index: ${describe(error)}`));
    await finishDay(database, source, day, owner, 'failed');
    return { ...summary, status: 'failed' };
  }
  if (items === null) {
    await finishDay(database, source, day, owner, 'no-index', 0);
    return { ...summary, status: 'no-index' };
  }
  await database.rawTransaction((query) => query('update source_days set filings_seen = $3 where source = $1 and day = $2', [source, day, items.length]));
  const recorded = await database.rawTransaction((query) =>
    query('select item from source_filings where source = $1 and item = any($2::text[])', [source, items.map((item) => item.id)]),
  );
  const done = new Set(recorded.rows.map((row) => String(row.item)));
  for (const item of items) {
    if (done.has(item.id)) continue;
    if (options.signal?.aborted) return { ...summary, status: 'stopped' };
    if (!(await database.rawTransaction((query) => renewLease(query, source, day, owner, leaseMs)))) return { ...summary, status: 'busy' };
    let raw: string;
    try {
      raw = await connector.fetch(http, item);
    } catch (error) {
      if (options.signal?.aborted) return { ...summary, status: 'stopped' };
      const reason = `fetch failed after retries: ${describe(error)}`;
      await database.rawTransaction(async (query) => {
        await recordItem(query, source, item, 'failed', reason, null, options.http?.maxAttempts ?? 4);
        await recordSourceError(query, source, day, item.id, reason);
      });
      summary.failed++;
      continue;
    }
    try {
      const mapped = connector.map(connector.parse(raw, item), item, http.baseUrl);
      if (mapped.action === 'skip') {
        await database.rawTransaction((query) => recordItem(query, source, item, 'skipped', mapped.reason, null));
        summary.skipped++;
        continue;
      }
      const outcome = await writeLead(database, source, item, mapped);
      if (outcome === 'duplicate') summary.skipped++;
      else summary[outcome]++;
    } catch (error) {
      const malformed = error instanceof MalformedItemError;
      const reason = malformed ? describe(error) : `could not be written: ${describe(error)}`;
      await database.rawTransaction(async (query) => {
        await recordItem(query, source, item, malformed ? 'skipped' : 'failed', malformed ? 'malformed' : reason, null);
        await recordSourceError(query, source, day, item.id, reason);
      });
      if (malformed) summary.skipped++;
      else summary.failed++;
    }
  }
  await finishDay(database, source, day, owner, 'done', items.length);
  return summary;
}

/** Runs the connector over the given days (default: those due). Does nothing while the source is disabled. */
export async function runSource(connector: SourceConnector, deps: RunDeps, options: RunOptions = {}): Promise<RunSummary> {
  const { database, config } = deps;
  if (connector.disabledReason(config) !== null || !config.edgar.userAgent) return { ran: false, days: [] };
  const source = connector.id;
  const today = options.today ?? edgarToday();
  const explicit = options.days !== undefined;
  const days = options.days ?? (await daysDue(database, source, today, config.edgar.backfillDays));
  const http = createPoliteHttp({ database, source, baseUrl: config.edgar.baseUrl, userAgent: config.edgar.userAgent, signal: options.signal, ...options.http });
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
    } catch (error) {
      if (options.signal?.aborted) break;
      failed = true;
      deps.log?.warn({ err: error, source, day }, 'source day failed');
      await database.rawTransaction((query) => recordSourceError(query, source, day, null, describe(error)));
      summaries.push({ day, status: 'failed', created: 0, updated: 0, skipped: 0, failed: 0 });
    }
  }
  await database.rawTransaction((query) =>
    query(
      `update source_state set last_run_finished_at = now(), last_run_status = $2,
              next_run_at = now() + $3 * interval '1 minute'
       where source = $1`,
      [source, failed ? 'failed' : 'done', config.edgar.pollMinutes],
    ),
  );
  deps.log?.info({ source, days: summaries }, 'source run');
  return { ran: true, days: summaries };
}
