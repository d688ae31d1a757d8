// Leases on queue rows (docs/decisions/041-one-job-queue.md): the one claim, extend, settle and release that the
// jobs table, mail deliveries and alert deliveries share, and the one rule for what a failure does next. A table
// names its columns in a LeasedTable. Workers on any instance claim due rows with FOR UPDATE SKIP LOCKED and lease
// them; a lease left by a crashed worker runs out and another worker takes the row over; only the lease holder
// settles a row.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.js';
import { backoffMs, type BackoffOptions } from './retry.js';

/** The columns a leased queue table keeps its state in. */
export interface LeasedTable {
  table: string;
  /** The columns that name one row. */
  key: readonly string[];
  status: string;
  /** Statuses a row waits in until its `dueAt`. */
  waiting: readonly string[];
  /** The status a claimed row takes; null when a lease shows only in the owner and expiry columns. */
  leased: string | null;
  dueAt: string;
  owner: string;
  expiresAt: string;
  attempts: string;
}

/** What time it is for leases and retries. Tests inject one and move it on instead of waiting; without one the database's now() is used. */
export type Clock = () => Date;

/** The current time inside a lease statement. */
export function leaseNow(clock: Clock | undefined): SQL {
  return clock ? sql`${clock().toISOString()}::timestamptz` : sql`now()`;
}

const col = (name: string) => sql.identifier(name);
const later = (now: SQL, ms: number) => sql`(${now} + ${Math.max(0, Math.round(ms))}::int * interval '1 millisecond')`;

function keyMatch(table: LeasedTable, key: Record<string, unknown>): SQL {
  return sql.join(
    table.key.map((name) => sql`${col(name)} = ${key[name]}`),
    sql` and `,
  );
}

/**
 * Claims up to `limit` due rows for `owner` (waiting and due, or leased by a worker whose lease ran out), counts an
 * attempt on each and leases them for leaseMs. Returns the claimed rows, every column.
 */
export async function claimDue(
  db: Db,
  table: LeasedTable,
  options: { owner: string; leaseMs: number; limit: number; clock?: Clock | undefined; where?: SQL | undefined; orderBy?: SQL | undefined },
): Promise<Record<string, unknown>[]> {
  if (options.limit <= 0) return [];
  const now = leaseNow(options.clock);
  const name = col(table.table);
  const waiting = sql`${col(table.status)} in (${sql.join(
    table.waiting.map((status) => sql`${status}`),
    sql`, `,
  )}) and ${col(table.dueAt)} <= ${now}`;
  const due =
    table.leased === null
      ? sql`${waiting} and (${col(table.expiresAt)} is null or ${col(table.expiresAt)} < ${now})`
      : sql`((${waiting}) or (${col(table.status)} = ${table.leased} and ${col(table.expiresAt)} < ${now}))`;
  const result = await db.execute(sql`
    with due as (
      select ${sql.join(table.key.map(col), sql`, `)} from ${name}
       where ${due}${options.where ? sql` and (${options.where})` : sql``}
       order by ${options.orderBy ?? col(table.dueAt)}
       limit ${options.limit}
       for update skip locked)
    update ${name} set ${table.leased === null ? sql`` : sql`${col(table.status)} = ${table.leased}, `}${col(table.owner)} = ${options.owner},
           ${col(table.expiresAt)} = ${later(now, options.leaseMs)}, ${col(table.attempts)} = ${name}.${col(table.attempts)} + 1
      from due where ${sql.join(
        table.key.map((key) => sql`${name}.${col(key)} = due.${col(key)}`),
        sql` and `,
      )}
    returning ${name}.*`);
  return rowsOf<Record<string, unknown>>(result);
}

/** Keeps a row leased to `owner` for another leaseMs (a heartbeat while it runs). */
export async function extendLease(db: Db, table: LeasedTable, key: Record<string, unknown>, options: { owner: string; leaseMs: number; clock?: Clock | undefined }): Promise<void> {
  await db.execute(
    sql`update ${col(table.table)} set ${col(table.expiresAt)} = ${later(leaseNow(options.clock), options.leaseMs)}
         where ${keyMatch(table, key)} and ${col(table.owner)} = ${options.owner}`,
  );
}

export interface Settlement {
  status: string;
  /** Due again this long from now (a retry); the due time is left alone when absent. */
  retryInMs?: number | undefined;
  /** Give back the attempt the claim counted (a wait a service asked for, a shutdown). */
  uncount?: boolean | undefined;
  /** Other columns to write; a function receives the statement's current time. */
  set?: ((now: SQL) => Record<string, unknown>) | undefined;
}

/** Records a claimed row's outcome and ends its lease; a worker whose lease was taken over records nothing. Returns whether it held the lease. */
export async function settleLease(db: Db, table: LeasedTable, key: Record<string, unknown>, owner: string, settlement: Settlement, clock?: Clock): Promise<boolean> {
  const now = leaseNow(clock);
  const columns: SQL[] = [sql`${col(table.status)} = ${settlement.status}`, sql`${col(table.owner)} = null`, sql`${col(table.expiresAt)} = null`];
  if (settlement.retryInMs !== undefined) columns.push(sql`${col(table.dueAt)} = ${later(now, settlement.retryInMs)}`);
  if (settlement.uncount) columns.push(sql`${col(table.attempts)} = greatest(0, ${col(table.attempts)} - 1)`);
  for (const [name, value] of Object.entries(settlement.set?.(now) ?? {})) columns.push(sql`${col(name)} = ${value}`);
  const result = await db.execute(
    sql`update ${col(table.table)} set ${sql.join(columns, sql`, `)} where ${keyMatch(table, key)} and ${col(table.owner)} = ${owner} returning 1 as held`,
  );
  return rowsOf(result).length > 0;
}

/** On shutdown: every row `owner` still holds goes back to waiting at once, its attempt given back, instead of when its lease runs out. */
export async function releaseLeases(db: Db, table: LeasedTable, owner: string): Promise<void> {
  await db.execute(
    sql`update ${col(table.table)} set ${table.leased === null ? sql`` : sql`${col(table.status)} = ${table.waiting[0]}, `}${col(table.owner)} = null,
           ${col(table.expiresAt)} = null, ${col(table.attempts)} = greatest(0, ${col(table.attempts)} - 1)
         where ${col(table.owner)} = ${owner}${table.leased === null ? sql`` : sql` and ${col(table.status)} = ${table.leased}`}`,
  );
}

/** Try again after delayMs (a 429's Retry-After, a spent daily budget); not counted as a failed attempt. */
export class RetryLater extends Error {
  constructor(
    readonly delayMs: number,
    message = 'retry later',
  ) {
    super(message);
    this.name = 'RetryLater';
  }
}

/** A failure no retry can mend (bad credentials, a record that cannot exist): the job fails now. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export interface RetryPolicy {
  maxAttempts: number;
  backoff: BackoffOptions;
  /** Failures no retry can mend besides PermanentJobError (a 5xx SMTP reply). */
  isPermanent?: (error: unknown) => boolean;
}

/**
 * What a failed attempt leads to: RetryLater waits what it asks without counting the attempt; a permanent error, or
 * the last attempt, fails for good; anything else backs off.
 */
export function afterFailure(error: unknown, attempts: number, policy: RetryPolicy): { outcome: 'failed' } | { outcome: 'retry'; delayMs: number; uncount: boolean } {
  if (error instanceof RetryLater) return { outcome: 'retry', delayMs: error.delayMs, uncount: true };
  if (error instanceof PermanentJobError || policy.isPermanent?.(error) || attempts >= policy.maxAttempts) return { outcome: 'failed' };
  return { outcome: 'retry', delayMs: backoffMs(attempts, policy.backoff), uncount: false };
}
