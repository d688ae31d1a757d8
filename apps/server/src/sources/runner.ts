// Runs a source over days. Each (source, day) row is a job: an instance claims it with a lease (one runner
// per day at a time, any instance may run it), and every filing handled is recorded in the same
// transaction as its lead (filings are written in small batches, at least once a second), so a run that
// dies mid-day resumes after the last recorded filing. This file holds the run's types and the loop over
// days; days.ts, day-lease.ts, run-day.ts, write-batch.ts and source-errors.ts each do one part.
import type { Config } from '../config.js';
import type { Database, RawQuery } from '../db/client.js';
import type { Clock } from '../queue/lease.js';
import { daysDue, edgarToday } from './days.js';
import { createPoliteHttp } from './http.js';
import { runSourceDay } from './run-day.js';
import { describeError, recordSourceError } from './source-errors.js';
import type { SourceConnector } from './types.js';

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
      await database.rawTransaction((query) => recordSourceError(query, source, day, null, describeError(error)));
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
