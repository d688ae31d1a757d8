// The pieces every retrying worker shares: worker names for leases, exponential backoff, and Retry-After.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** Names one worker's leases: host, process and a random suffix (two workers in one process differ). */
export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

export interface BackoffOptions {
  /** The wait after the first failure. */
  baseMs: number;
  /** The longest wait. */
  maxMs: number;
}

/** The wait before attempt `attempts + 1`: baseMs, then doubling each failure, at most maxMs. */
export function backoffMs(attempts: number, { baseMs, maxMs }: BackoffOptions): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * A Retry-After header as milliseconds from `now`: either delay-seconds or an HTTP date (RFC 9110 10.2.3).
 * Null when absent or unreadable; never negative.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (text === '') return null;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
  // An HTTP date names its day and month ("Sat, 28 Nov 2026 10:00:00 GMT"); Date.parse alone takes "-5" as a year.
  if (!/[a-z]{3}/i.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}

/** Waits ms (at once when ms <= 0); rejects with the signal's reason when it aborts, leaving no listener behind. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    // A wait that is already over needs no timer: setTimeout(0) would still cost a millisecond or more.
    if (ms <= 0) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
