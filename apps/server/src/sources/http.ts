// Polite HTTP for live sources: every request carries the declared User-Agent and waits for its slot in
// a request pace shared by all instances through the database (source_state.next_request_at), so the
// whole deployment stays under the source's rate limit. 429/503 push that shared slot back by Retry-After.
import type { Database } from '../db/client.js';
import { backoffMs as doublingBackoff, parseRetryAfter, sleep } from '../queue/retry.js';

export class HttpStatusError extends Error {
  constructor(
    public readonly status: number,
    public readonly url: string,
    /** The start of the response body (at most 4 kB), for telling one 403 from another. */
    public readonly body = '',
  ) {
    super(`HTTP ${status} for ${url}`);
    this.name = 'HttpStatusError';
  }
}

/** Thrown at once, never retried: a source that blocks us, redirects off its host or sends too much. */
export class SourceRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceRefusedError';
  }
}

export interface PoliteHttpOptions {
  database: Database;
  source: string;
  baseUrl: string;
  userAgent: string;
  /** Minimum gap between two requests from the whole deployment: 125 ms is 8 per second. */
  intervalMs?: number;
  /** Attempts per request before giving up (429/503, 5xx, network errors, and 404 for items). */
  maxAttempts?: number;
  /** First back-off when the source sends no Retry-After; doubles each attempt. */
  backoffMs?: number;
  /** Longest Retry-After honoured in one wait. */
  maxRetryAfterMs?: number;
  /** Most bytes read from one response, counted after decompression (default 64 MB). */
  maxResponseBytes?: number;
  signal?: AbortSignal;
}

export const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
const MAX_REDIRECTS = 5;
const ERROR_BODY_BYTES = 4096;

export interface PoliteHttp {
  baseUrl: string;
  /** GETs path; statuses in `final` are thrown at once as HttpStatusError, others are retried then thrown. */
  getText(path: string, options?: { final?: number[] }): Promise<string>;
}


/** Takes the next request slot of `source` for the whole deployment; returns how long to wait for it. */
export async function reserveRequestSlot(database: Database, source: string, intervalMs: number): Promise<number> {
  const result = await database.rawTransaction(async (query) => {
    // A slot lost in a crash costs nothing (the pace restarts from now), so its commit needn't wait for the disk.
    await query('set local synchronous_commit = off');
    return query(
      `insert into source_state (source, next_request_at) values ($1, clock_timestamp() + $2 * interval '1 millisecond')
       on conflict (source) do update
         set next_request_at = greatest(source_state.next_request_at, clock_timestamp()) + $2 * interval '1 millisecond'
       returning (extract(epoch from (next_request_at - clock_timestamp())) * 1000)::float8 - $2 as wait_ms`,
      [source, intervalMs],
    );
  });
  return Number(result.rows[0]!.wait_ms);
}

/** Holds every instance's requests to `source` back until `ms` from now (Retry-After). */
export async function pauseRequests(database: Database, source: string, ms: number): Promise<void> {
  await database.rawTransaction((query) =>
    query(
      `insert into source_state (source, next_request_at) values ($1, clock_timestamp() + $2 * interval '1 millisecond')
       on conflict (source) do update
         set next_request_at = greatest(source_state.next_request_at, clock_timestamp() + $2 * interval '1 millisecond')`,
      [source, ms],
    ),
  );
}


/**
 * Reads a body as UTF-8 text, counting the bytes as they arrive (fetch has already decompressed them), and
 * stops reading, leaving the rest undownloaded and undecompressed, as soon as the count passes `limit`.
 * With `truncate` it returns what it has at the limit instead of throwing.
 */
export async function readLimited(response: Response, limit: number, truncate = false): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > limit) {
      await reader.cancel().catch(() => undefined);
      if (truncate) {
        parts.push(decoder.decode(value.subarray(0, value.byteLength - (bytes - limit))));
        return parts.join('');
      }
      throw new SourceRefusedError(`the response from ${response.url} is larger than ${limit} bytes; stopped reading it`);
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}

/** GETs `url`, following redirects only while they stay on the host of `baseUrl`. */
async function fetchOnHost(url: string, baseUrl: string, init: RequestInit): Promise<Response> {
  const allowedHost = new URL(baseUrl).host;
  let current = url;
  for (let hop = 0; ; hop++) {
    const response = await fetch(current, { ...init, redirect: 'manual' });
    if (response.status < 300 || response.status > 399 || response.status === 304) return response;
    await response.body?.cancel();
    const location = response.headers.get('location');
    if (!location) return response;
    const next = new URL(location, current);
    if (next.host !== allowedHost || !['http:', 'https:'].includes(next.protocol)) {
      throw new SourceRefusedError(`${current} redirected to ${next.origin}, off the configured host ${allowedHost}; not followed`);
    }
    if (hop >= MAX_REDIRECTS) throw new SourceRefusedError(`${url} redirected more than ${MAX_REDIRECTS} times`);
    current = next.href;
  }
}

export function createPoliteHttp(options: PoliteHttpOptions): PoliteHttp {
  const intervalMs = options.intervalMs ?? 125;
  const maxAttempts = options.maxAttempts ?? 4;
  const backoffMs = options.backoffMs ?? 1000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 120_000;
  const maxResponseBytes = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
  return {
    baseUrl: options.baseUrl,
    async getText(path, { final = [] } = {}) {
      const url = `${options.baseUrl}${path}`;
      let lastError: Error = new Error(`no attempt for ${url}`);
      for (let attempt = 1; attempt <= maxAttempts; attempt++) {
        await sleep(await reserveRequestSlot(options.database, options.source, intervalMs), options.signal);
        let response: Response;
        try {
          response = await fetchOnHost(url, options.baseUrl, {
            headers: { 'user-agent': options.userAgent, accept: 'text/plain, application/xml, text/xml', 'accept-encoding': 'gzip, deflate' },
            signal: options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(30_000)]) : AbortSignal.timeout(30_000),
          });
        } catch (error) {
          if (options.signal?.aborted || error instanceof SourceRefusedError) throw error;
          lastError = error as Error;
          if (attempt < maxAttempts) await sleep(doublingBackoff(attempt, { baseMs: backoffMs, maxMs: Infinity }), options.signal);
          continue;
        }
        if (response.ok) {
          // A daily index is a few hundred kB and a primary_doc.xml a few kB; anything huge is not what we asked for.
          return await readLimited(response, maxResponseBytes);
        }
        const body = await readLimited(response, ERROR_BODY_BYTES, true).catch(() => '');
        lastError = new HttpStatusError(response.status, url, body);
        if (final.includes(response.status)) throw lastError;
        if (attempt === maxAttempts) break;
        if (response.status === 429 || response.status === 503) {
          const wait = Math.min(parseRetryAfter(response.headers.get('retry-after')) ?? doublingBackoff(attempt, { baseMs: backoffMs, maxMs: Infinity }), maxRetryAfterMs);
          // Everyone waits, not just this request: the source asked the whole client to slow down.
          await pauseRequests(options.database, options.source, wait);
        } else {
          await sleep(doublingBackoff(attempt, { baseMs: backoffMs, maxMs: Infinity }), options.signal);
        }
      }
      throw lastError;
    },
  };
}
