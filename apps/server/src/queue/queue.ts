// The durable job queue (docs/decisions/041-one-job-queue.md). A job is a row in `jobs`: a kind, a key unique within
// the kind (enqueueing the same key again finds the job already there), a JSON payload. Workers on any instance
// claim due rows and lease them through lease.ts; a lease left by a crashed worker runs out and another worker
// takes the job over, so a job kind's `run` must be idempotent. Failures back off; `RetryLater` waits the time a
// service asked for (Retry-After) without counting as a failure; `PermanentJobError` fails at once.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, RawQuery } from '../db/client.js';
import { afterFailure, claimDue, extendLease, releaseLeases, RetryLater, settleLease, type Clock, type LeasedTable } from './lease.js';
import { newWorkerId, type BackoffOptions } from './retry.js';

export { PermanentJobError, RetryLater, type Clock } from './lease.js';

export interface JobContext {
  job: {
    id: string;
    kind: string;
    key: string;
    /** This attempt's number, from 1. */ attempt: number;
  };
  /** Aborts when the instance shuts down: stop at the next safe point and throw; the job is handed back. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

export interface JobKind<P = unknown> {
  kind: string;
  run(payload: P, context: JobContext): Promise<void>;
  /** Attempts before the job is marked failed (default 5). */
  maxAttempts?: number;
  /** Waits between failed attempts (default 30 s doubling to 1 h). */
  backoff?: BackoffOptions;
}

export interface EnqueueOptions {
  runAfter?: Date;
  /** Higher runs first (default 0). */
  priority?: number;
  /** When a job with this key has finished (done or failed), run it again with the new payload. */
  again?: boolean;
}

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

export interface JobRecord {
  id: string;
  kind: string;
  key: string;
  payload: unknown;
  status: JobStatus;
  attempts: number;
  runAfter: Date;
  lastError: string | null;
  finishedAt: Date | null;
}

export interface RunDueResult {
  done: number;
  failed: number;
  retried: number;
}

export interface JobQueue {
  /** This instance's lease owner name. */
  readonly workerId: string;
  register<P>(kind: JobKind<P>): void;
  enqueue(kind: string, key: string, payload: unknown, options?: EnqueueOptions): Promise<{ id: string; created: boolean }>;
  get(id: string): Promise<JobRecord | null>;
  /** Claims and runs due jobs of registered kinds until none is due (tests and CLIs; the worker does this itself). */
  runDue(options?: { kinds?: string[] }): Promise<RunDueResult>;
  /** Starts the background worker: it looks for due jobs every pollMs and whenever a job is enqueued anywhere. */
  start(options?: { pollMs?: number; concurrency?: number }): void;
  /** Stops claiming, tells running jobs to stop, waits for them and hands unfinished ones back. */
  stop(): Promise<void>;
}

export const DEFAULT_LEASE_MS = 60_000;
export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_JOB_BACKOFF: BackoffOptions = {
  baseMs: 30_000,
  maxMs: 3_600_000,
};
const NOTIFY_CHANNEL = 'fundwire_jobs';

/** The jobs table's lease columns (migration 0028). */
export const JOBS_TABLE: LeasedTable = {
  table: 'jobs',
  key: ['id'],
  status: 'status',
  waiting: ['pending'],
  leased: 'running',
  dueAt: 'run_after',
  owner: 'lease_owner',
  expiresAt: 'lease_expires_at',
  attempts: 'attempts',
};

/**
 * Adds a job inside the caller's transaction (so a write and the job it calls for commit together), or finds the
 * one with the same kind and key. Instances listening are woken when the transaction commits.
 */
export async function enqueueJob(
  query: RawQuery,
  kind: string,
  key: string,
  payload: unknown,
  options: EnqueueOptions = {},
): Promise<{ id: string; created: boolean }> {
  const runAfter = options.runAfter ?? null;
  const priority = options.priority ?? 0;
  const again = options.again === true;
  const { rows } = await query(
    `insert into jobs (kind, key, payload, priority, run_after)
     values ($1, $2, $3::jsonb, $4, coalesce($5::timestamptz, now()))
     on conflict (kind, key) do update set
       payload = case when $6 and jobs.status in ('done', 'failed') then excluded.payload else jobs.payload end,
       priority = case when $6 and jobs.status in ('done', 'failed') then excluded.priority else jobs.priority end,
       run_after = case when $6 and jobs.status in ('done', 'failed') then excluded.run_after else jobs.run_after end,
       attempts = case when $6 and jobs.status in ('done', 'failed') then 0 else jobs.attempts end,
       last_error = case when $6 and jobs.status in ('done', 'failed') then null else jobs.last_error end,
       finished_at = case when $6 and jobs.status in ('done', 'failed') then null else jobs.finished_at end,
       status = case when $6 and jobs.status in ('done', 'failed') then 'pending' else jobs.status end,
       updated_at = now()
     returning id, (xmax = 0) as created, status`,
    [kind, key, JSON.stringify(payload ?? {}), priority, runAfter, again],
  );
  const row = rows[0] as { id: string; created: boolean; status: string };
  if (row.status === 'pending') await query(`select pg_notify($1, $2)`, [NOTIFY_CHANNEL, kind]);
  return { id: row.id, created: row.created };
}

interface Claimed {
  id: string;
  kind: string;
  key: string;
  payload: unknown;
  attempts: number;
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000);
}

export function createJobQueue(deps: { database: Database; log: FastifyBaseLogger; leaseMs?: number; workerId?: string; clock?: Clock | undefined }): JobQueue {
  const { database, log, clock } = deps;
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const workerId = deps.workerId ?? newWorkerId();
  const kinds = new Map<string, JobKind<never>>();
  const stopping = new AbortController();
  const running = new Set<Promise<void>>();
  let started = false;
  let concurrency = 2;
  let pollTimer: NodeJS.Timeout | null = null;
  let wakeRequested = false;
  let looping: Promise<void> | null = null;
  const raw: RawQuery = (text, params) => database.rawTransaction((query) => query(text, params));

  async function claim(limit: number, only?: string[]): Promise<Claimed[]> {
    const names = only ?? [...kinds.keys()];
    if (names.length === 0 || limit <= 0) return [];
    const rows = await claimDue(database.db, JOBS_TABLE, {
      owner: workerId,
      leaseMs,
      limit,
      clock,
      where: sql`kind in (${sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      )})`,
      orderBy: sql`priority desc, run_after, created_at`,
    });
    return rows.map((row) => ({
      id: String(row.id),
      kind: String(row.kind),
      key: String(row.key),
      payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload,
      attempts: Number(row.attempts),
    }));
  }

  async function settle(
    job: Claimed,
    outcome: 'done' | 'failed' | 'pending',
    options: {
      delayMs?: number;
      error?: string | null;
      uncount?: boolean;
    } = {},
  ): Promise<void> {
    await settleLease(
      database.db,
      JOBS_TABLE,
      { id: job.id },
      workerId,
      {
        status: outcome,
        retryInMs: outcome === 'pending' ? (options.delayMs ?? 0) : undefined,
        uncount: options.uncount,
        set: (now) => ({ last_error: options.error ?? null, finished_at: outcome === 'pending' ? null : now, updated_at: now }),
      },
      clock,
    );
  }

  /** Runs one claimed job to its outcome; never throws. */
  async function execute(job: Claimed): Promise<'done' | 'failed' | 'retried'> {
    const kind = kinds.get(job.kind);
    if (!kind) {
      await settle(job, 'pending', { uncount: true, delayMs: leaseMs });
      return 'retried';
    }
    const heartbeat = setInterval(
      () => {
        extendLease(database.db, JOBS_TABLE, { id: job.id }, { owner: workerId, leaseMs, clock }).catch((error: unknown) => log.warn({ err: error, job: job.id }, 'job lease not extended'));
      },
      Math.max(1_000, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    try {
      await kind.run(job.payload as never, {
        job: {
          id: job.id,
          kind: job.kind,
          key: job.key,
          attempt: job.attempts,
        },
        signal: stopping.signal,
        log,
      });
      await settle(job, 'done');
      return 'done';
    } catch (error) {
      if (stopping.signal.aborted && !(error instanceof RetryLater)) {
        await settle(job, 'pending', { uncount: true });
        return 'retried';
      }
      const next = afterFailure(error, job.attempts, { maxAttempts: kind.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, backoff: kind.backoff ?? DEFAULT_JOB_BACKOFF });
      if (next.outcome === 'failed') {
        log.warn({ err: error, job: job.id, kind: job.kind }, 'job failed');
        await settle(job, 'failed', { error: errorText(error) });
        return 'failed';
      }
      await settle(job, 'pending', { delayMs: next.delayMs, error: errorText(error), uncount: next.uncount });
      return 'retried';
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function loop(): Promise<void> {
    do {
      wakeRequested = false;
      while (!stopping.signal.aborted) {
        const claimed = await claim(concurrency - running.size);
        if (claimed.length === 0) break;
        for (const job of claimed) {
          const task: Promise<void> = execute(job).then(
            () => {
              running.delete(task);
              wake();
            },
            (error: unknown) => {
              running.delete(task);
              log.error({ err: error, job: job.id }, 'job settle failed');
            },
          );
          running.add(task);
        }
        if (running.size >= concurrency) break;
      }
    } while (wakeRequested && !stopping.signal.aborted);
  }

  function wake(): void {
    if (!started || stopping.signal.aborted) return;
    if (looping) {
      wakeRequested = true;
      return;
    }
    looping = loop()
      .catch((error: unknown) => log.error({ err: error }, 'job worker failed'))
      .finally(() => {
        looping = null;
      });
  }

  return {
    workerId,
    register(kind) {
      kinds.set(kind.kind, kind as JobKind<never>);
    },
    async enqueue(kind, key, payload, options) {
      const result = await database.rawTransaction((query) => enqueueJob(query, kind, key, payload, options));
      wake();
      return result;
    },
    async get(id) {
      const { rows } = await raw(
        `select id, kind, key, payload, status, attempts, run_after as "runAfter", last_error as "lastError", finished_at as "finishedAt" from jobs where id = $1`,
        [id],
      );
      return (rows[0] as unknown as JobRecord | undefined) ?? null;
    },
    async runDue(options = {}) {
      const result: RunDueResult = { done: 0, failed: 0, retried: 0 };
      for (;;) {
        const claimed = await claim(10, options.kinds);
        if (claimed.length === 0) return result;
        for (const job of claimed) result[await execute(job)] += 1;
      }
    },
    start(options = {}) {
      if (started) return;
      started = true;
      concurrency = options.concurrency ?? concurrency;
      pollTimer = setInterval(wake, options.pollMs ?? 5_000);
      pollTimer.unref();
      database.listen(NOTIFY_CHANNEL, () => wake()).catch((error: unknown) => log.warn({ err: error }, 'job wake-ups not heard; polling only'));
      wake();
    },
    async stop() {
      if (pollTimer) clearInterval(pollTimer);
      stopping.abort();
      await looping;
      await Promise.allSettled([...running]);
      // Jobs claimed but not started (none today) or left by an aborted run go back at once.
      await releaseLeases(database.db, JOBS_TABLE, workerId);
    },
  };
}
