// One outgoing alert POST (webhook or Slack): http(s) only, addresses checked and pinned (ssrf.ts), no redirects
// followed, a hard timeout, and one outcome shape the delivery worker records and schedules retries from.
import http from 'node:http';
import https from 'node:https';
import { PRODUCT_NAME } from '@fundwire/shared';
import { resolveAllowedAddresses, pinnedLookup, type Resolve } from './ssrf.js';
import { parseRetryAfter as readRetryAfter } from '../../../queue/retry.js';

export const ALERT_USER_AGENT = `${PRODUCT_NAME}-Webhooks/1.0 (+https://github.com/standard-webhooks/standard-webhooks)`;
export const DEFAULT_TIMEOUT_MS = 10_000;

export interface SendOutcome {
  /** 2xx only. */
  ok: boolean;
  /** null when no response came (refused address, network error, timeout). */
  statusCode: number | null;
  durationMs: number;
  /** From Retry-After on 429 and 503. */
  retryAfterMs?: number;
  /** 410 Gone: the receiver asks us to stop. */
  gone: boolean;
  /** The address check refused the URL; no request was made. */
  blocked?: boolean;
  error?: string;
}

export interface PostOptions {
  url: string;
  body: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Outside production local receivers are allowed (tests); in production, false. */
  allowPrivateAddresses: boolean;
  /** Tests stand in for DNS. */
  resolve?: Resolve;
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable (queue/retry.ts reads it). */
export function parseRetryAfter(header: string | undefined, now = Date.now()): number | undefined {
  return readRetryAfter(header, now) ?? undefined;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function postJson(options: PostOptions): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    return { ok: false, statusCode: null, durationMs: 0, gone: false, blocked: true, error: 'The URL is not valid.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, statusCode: null, durationMs: 0, gone: false, blocked: true, error: 'Only http and https URLs are allowed.' };
  }
  let addresses;
  try {
    addresses = await resolveAllowedAddresses(url.hostname, { allowPrivate: options.allowPrivateAddresses, resolve: options.resolve });
  } catch (error) {
    const blocked = error instanceof Error && error.name === 'BlockedAddressError';
    return { ok: false, statusCode: null, durationMs: elapsed(), gone: false, blocked, error: errorText(error) };
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const body = Buffer.from(options.body, 'utf8');
  const client = url.protocol === 'https:' ? https : http;

  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<SendOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        // The checked addresses, not a second DNS answer; SNI and Host still name the URL's host.
        lookup: pinnedLookup(addresses) as never,
        agent: false,
        headers: {
          ...options.headers,
          'content-type': 'application/json',
          'content-length': String(body.length),
          'user-agent': ALERT_USER_AGENT,
        },
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        // Read to the end and dropped (the timeout bounds a receiver that never stops).
        response.resume();
        response.on('error', (error) => finish({ ok: false, statusCode, gone: false, error: errorText(error) }));
        response.on('end', () => {
          const ok = statusCode >= 200 && statusCode < 300;
          const retryAfterMs = statusCode === 429 || statusCode === 503 ? parseRetryAfter(response.headers['retry-after']) : undefined;
          // Redirects are not followed: a 3xx is a failure like any other non-2xx. The log shows the status code
          // only, never the receiver's body or reason phrase: outside production a URL may name an internal
          // service, and the deliveries log must not become a way to read it.
          const error = ok ? undefined : `HTTP ${statusCode}`;
          finish({ ok, statusCode, gone: statusCode === 410, ...(retryAfterMs !== undefined && { retryAfterMs }), ...(error !== undefined && { error }) });
        });
      },
    );
    const timer = setTimeout(() => {
      finish({ ok: false, statusCode: null, gone: false, error: `Timed out after ${timeoutMs} ms.` });
      request.destroy();
    }, timeoutMs);
    request.on('error', (error) => finish({ ok: false, statusCode: null, gone: false, error: errorText(error) }));
    request.end(body);
  });
}
