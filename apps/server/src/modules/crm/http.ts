// One request to a CRM with the faults handled the same way for both: a 429 waits for Retry-After, a 5xx, a
// timeout or a dropped connection is tried again with backoff up to a bound, and what is left is a CrmError whose
// message a user can read (the lead is then marked failed with it). Tokens travel in headers or query strings that
// are never logged.
import { RetryLater } from '../../queue/queue.js';
import { backoffMs, parseRetryAfter, sleep } from '../../queue/retry.js';

export interface CrmHttpOptions {
  /** Per request (default 20 s). */
  timeoutMs: number;
  /** Tries of a request that fails with a 5xx or a timeout (default 4). */
  maxTries: number;
  /** The first wait after such a failure, doubling (default 500 ms). */
  retryBaseMs: number;
  /** A 429 asking to wait longer than this hands the job back to the queue for that long (default 30 s). */
  maxInlineWaitMs: number;
}

export const DEFAULT_CRM_HTTP_OPTIONS: CrmHttpOptions = { timeoutMs: 20_000, maxTries: 4, retryBaseMs: 500, maxInlineWaitMs: 30_000 };

/** A request the CRM refused or that failed for good. */
export class CrmError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'CrmError';
  }
}

/** The CRM refused the credentials even after a refresh: the connection needs the user again. */
export class CrmAuthError extends Error {
  constructor(message = 'The CRM refused the connection') {
    super(message);
    this.name = 'CrmAuthError';
  }
}

export interface CrmResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

export { sleep };

/** Retry-After in ms: seconds, or an HTTP date; 1 s when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number {
  return parseRetryAfter(value, now) ?? 1_000;
}

function messageOf(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const key of ['message', 'error', 'error_info']) if (typeof record[key] === 'string' && record[key] !== '') return String(record[key]).slice(0, 300);
  }
  return `HTTP ${status}`;
}

export interface SendOptions {
  method: string;
  url: string;
  headers?: Record<string, string>;
  /** JSON body, or a URLSearchParams form. */
  body?: unknown;
  signal?: AbortSignal;
  /** Called before every try (the rate limiter). */
  beforeTry?: () => Promise<void>;
  /** Called after every answer (rate headers). */
  afterTry?: (response: CrmResponse) => void;
  /** For the messages: "HubSpot" or "Pipedrive". */
  crmName: string;
}

/** Sends with the fault policy above. Answers every status below 500 except 429 (the caller reads 401, 404...). */
export async function sendCrmRequest(options: SendOptions, http: CrmHttpOptions): Promise<CrmResponse> {
  let failures = 0;
  let lastProblem = '';
  for (;;) {
    await options.beforeTry?.();
    let response: CrmResponse | undefined;
    try {
      const signals = [AbortSignal.timeout(http.timeoutMs), ...(options.signal ? [options.signal] : [])];
      const form = options.body instanceof URLSearchParams;
      const answer = await fetch(options.url, {
        method: options.method,
        headers: {
          accept: 'application/json',
          ...(options.body === undefined ? {} : { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' }),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : form ? String(options.body) : JSON.stringify(options.body),
        signal: AbortSignal.any(signals),
      });
      const text = await answer.text();
      let body: unknown = null;
      try {
        body = text === '' ? null : JSON.parse(text);
      } catch {
        body = { message: text.slice(0, 200) };
      }
      response = { status: answer.status, headers: answer.headers, body };
    } catch (error) {
      if (options.signal?.aborted) throw error;
      lastProblem = (error as Error).name === 'TimeoutError' ? `${options.crmName} did not answer within ${Math.round(http.timeoutMs / 1000)} s` : `${options.crmName} could not be reached`;
    }
    if (response) {
      options.afterTry?.(response);
      if (response.status === 429) {
        const wait = retryAfterMs(response.headers.get('retry-after'));
        if (wait > http.maxInlineWaitMs) throw new RetryLater(wait, `${options.crmName} asked to wait ${Math.ceil(wait / 1000)} s`);
        await sleep(wait, options.signal);
        continue;
      }
      if (response.status < 500) return response;
      lastProblem = `${options.crmName} answered ${response.status}: ${messageOf(response.body, response.status)}`;
    }
    failures += 1;
    if (failures >= http.maxTries) throw new CrmError(`${lastProblem} (tried ${failures} times)`, response?.status ?? null);
    await sleep(backoffMs(failures, { baseMs: http.retryBaseMs, maxMs: Infinity }), options.signal);
  }
}

/** A non-2xx answer as a CrmError with the CRM's own message. */
export function failed(response: CrmResponse, crmName: string, what: string): CrmError {
  return new CrmError(`${crmName} refused to ${what}: ${messageOf(response.body, response.status)}`, response.status);
}

/**
 * At most `limit` requests per `windowMs` for one key (a HubSpot account), in this process. A caller waits for
 * the oldest request of a full window to leave it, plus a margin (2% of the window, at least 50 ms): the CRM counts
 * requests when they arrive, and one sent a little late must not make the next window look overrun.
 */
export class WindowLimiter {
  private readonly sent = new Map<string, number[]>();
  /** The window this process keeps: windowMs plus the margin. */
  private readonly keptMs: number;
  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {
    this.keptMs = windowMs + Math.max(50, Math.round(windowMs * 0.02));
  }

  async take(key: string, signal?: AbortSignal): Promise<void> {
    for (;;) {
      const now = Date.now();
      const times = (this.sent.get(key) ?? []).filter((at) => at > now - this.keptMs);
      if (times.length < this.limit) {
        times.push(now);
        this.sent.set(key, times);
        return;
      }
      this.sent.set(key, times);
      await sleep(times[0]! + this.keptMs - now + 1, signal);
    }
  }
}
