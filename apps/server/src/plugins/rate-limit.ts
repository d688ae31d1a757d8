// Fixed-window rate limits kept in the database, so every server instance counts together.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.js';

export interface RateRule {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts one attempt and says whether it is within the limit. */
  hit(key: string, rule: RateRule): Promise<boolean>;
  /** Says whether the key is already at its limit, without counting. */
  isBlocked(key: string, rule: RateRule): Promise<boolean>;
  reset(key: string): Promise<void>;
}

export function createRateLimiter(db: Db): RateLimiter {
  return {
    async hit(key, rule) {
      const windowMs = rule.windowMs;
      const result = await db.execute(sql`
        insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
        on conflict (key) do update set
          count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowMs / 1000}) then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowMs / 1000}) then now() else rate_limits.window_start end
        returning count`);
      const count = Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
      return count <= rule.max;
    },
    async isBlocked(key, rule) {
      const result = await db.execute(sql`
        select count from rate_limits
        where key = ${key} and window_start > now() - make_interval(secs => ${rule.windowMs / 1000})`);
      return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0) >= rule.max;
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
  };
}

/** Drops counters whose window ended long ago. */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
}

/** Whether `email` has signed in (or signed up) successfully from `ip` before. */
export async function isKnownSignInAddress(db: Db, email: string, ip: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 from known_sign_in_addresses where email = ${email} and ip = ${ip}`);
  return rowsOf(result).length > 0;
}

export async function rememberSignInAddress(db: Db, email: string, ip: string): Promise<void> {
  await db.execute(sql`
    insert into known_sign_in_addresses (email, ip, last_sign_in_at) values (${email}, ${ip}, now())
    on conflict (email, ip) do update set last_sign_in_at = now()`);
}

/** Drops addresses not used to sign in for 90 days. */
export async function pruneKnownSignInAddresses(db: Db): Promise<void> {
  await db.execute(sql`delete from known_sign_in_addresses where last_sign_in_at < now() - interval '90 days'`);
}

/** Where a key stands in its window after one more request. */
export interface WindowState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the count starts again (at least 1). */
  resetSeconds: number;
}

export interface WindowRateLimiter {
  /** Counts one request for the key and says where its window stands. */
  hit(key: string): Promise<WindowState>;
}

/**
 * Fixed windows counted in the database (rate_limits), so every instance counts together: a key's window starts
 * with its first request and lasts windowMs. One upsert per request (docs/decisions/030-api-keys-and-rate-limit.md).
 */
export function createSharedRateLimiter(db: Db, rule: RateRule, prefix: string): WindowRateLimiter {
  const seconds = rule.windowMs / 1000;
  return {
    async hit(key) {
      const result = await db.execute(sql`
        insert into rate_limits (key, window_start, count) values (${`${prefix}:${key}`}, now(), 1)
        on conflict (key) do update set
          count = case when rate_limits.window_start <= now() - make_interval(secs => ${seconds}) then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${seconds}) then now() else rate_limits.window_start end
        returning count, extract(epoch from (window_start + make_interval(secs => ${seconds}) - now()))::float8 as reset`);
      const row = rowsOf<{ count: number; reset: number }>(result)[0];
      const count = Number(row?.count ?? 1);
      return {
        allowed: count <= rule.max,
        limit: rule.max,
        remaining: Math.max(0, rule.max - count),
        resetSeconds: Math.max(1, Math.ceil(Number(row?.reset ?? seconds))),
      };
    },
  };
}
