// The enrichment provider (Hunter.io), reached at HUNTER_API_URL. Every request first checks the shared pause (a
// 429's Retry-After) and takes one unit of the day's budget (ENRICHMENT_DAILY_LIMIT), both in the database, so every
// instance keeps to them; a spent budget or a pause is a RetryLater for the job. The api key never reaches a log.
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { PermanentJobError, RetryLater } from '../../queue/queue.js';
import { parseRetryAfter } from '../../queue/retry.js';

/** A 429 without a readable Retry-After waits this long. */
const DEFAULT_PAUSE_MS = 60_000;
const REQUEST_TIMEOUT_MS = 30_000;

export interface DomainSearchResult {
  domain: string | null;
  organization: string | null;
  pattern: string | null;
  emails: { value: string; firstName: string | null; lastName: string | null; status: string | null }[];
}

export interface EmailFinderResult {
  email: string | null;
  status: string | null;
}

/** `…&api_key=secret` → `…&api_key=[redacted]`. */
export function redactApiKey(text: string): string {
  return text.replace(/([?&]api_key=)[^&#\s]*/gi, '$1[redacted]');
}

export async function recordEnrichmentError(database: Database, message: string): Promise<void> {
  await database.rawTransaction(async (query) => {
    await query('insert into enrichment_errors (message) values ($1)', [redactApiKey(message).slice(0, 500)]);
    // Only the last errors are shown; older ones go.
    await query('delete from enrichment_errors where id in (select id from enrichment_errors order by at desc, id desc offset 100)');
  });
}

function msUntilNextUtcDay(now = Date.now()): number {
  const next = new Date(now);
  next.setUTCHours(24, 0, 5, 0);
  return next.getTime() - now;
}

export interface Provider {
  domainSearch(params: { company?: string; domain?: string }): Promise<DomainSearchResult | null>;
  emailFinder(domain: string, firstName: string, lastName: string): Promise<EmailFinderResult | null>;
}

/** The provider, or null when HUNTER_API_KEY is not set: then no request is ever made. */
export function createProvider(database: Database, config: Config, signal?: AbortSignal): Provider | null {
  const apiKey = config.enrichment.hunterApiKey;
  if (!apiKey) return null;
  const { hunterApiUrl, dailyLimit } = config.enrichment;

  /** Waits for no one: throws RetryLater while paused or when the day's budget is spent; else takes one request. */
  async function takeBudget(): Promise<void> {
    const { paused, taken } = await database.rawTransaction(async (query) => {
      const state = await query(`select extract(epoch from (paused_until - now())) * 1000 as wait_ms from enrichment_state where id = 1 and paused_until > now()`);
      if (state.rows[0]) return { paused: Number(state.rows[0].wait_ms), taken: false };
      if (dailyLimit <= 0) return { paused: 0, taken: false };
      const used = await query(
        `insert into enrichment_usage (day, requests) values ((now() at time zone 'UTC')::date, 1)
         on conflict (day) do update set requests = enrichment_usage.requests + 1 where enrichment_usage.requests < $1
         returning requests`,
        [dailyLimit],
      );
      return { paused: 0, taken: used.rows.length > 0 };
    });
    if (paused > 0) throw new RetryLater(Math.ceil(paused), 'the provider asked us to wait (429)');
    if (!taken) throw new RetryLater(msUntilNextUtcDay(), `the day's provider budget (${dailyLimit} requests) is spent`);
  }

  async function get(path: string, params: Record<string, string>): Promise<unknown> {
    await takeBudget();
    const url = new URL(`${hunterApiUrl}${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    url.searchParams.set('api_key', apiKey!);
    const shown = redactApiKey(url.toString());
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]) : AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      await recordEnrichmentError(database, `${path}: ${error instanceof Error ? error.message : String(error)}`);
      throw new Error(`provider unreachable: ${shown}`);
    }
    const text = await response.text();
    if (response.ok) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        await recordEnrichmentError(database, `${path}: HTTP ${response.status} with a body that is not JSON`);
        throw new Error(`provider answered something that is not JSON: ${shown}`);
      }
    }
    if (response.status === 404) return null;
    const details = providerErrorText(text);
    if (response.status === 429) {
      const waitMs = parseRetryAfter(response.headers.get('retry-after')) ?? DEFAULT_PAUSE_MS;
      await database.rawTransaction((query) =>
        query(
          `insert into enrichment_state (id, paused_until) values (1, now() + ($1::bigint * interval '1 millisecond'))
           on conflict (id) do update set paused_until = greatest(coalesce(enrichment_state.paused_until, now()), excluded.paused_until)`,
          [Math.ceil(waitMs)],
        ),
      );
      await recordEnrichmentError(database, `${path}: HTTP 429 (${details}); lookups pause for ${Math.ceil(waitMs / 1000)} s`);
      throw new RetryLater(waitMs, 'the provider asked us to wait (429)');
    }
    await recordEnrichmentError(database, `${path}: HTTP ${response.status} (${details})`);
    if (response.status === 401 || response.status === 403) throw new PermanentJobError(`the provider refused the API key (HTTP ${response.status})`);
    throw new Error(`provider HTTP ${response.status} for ${shown}`);
  }

  return {
    async domainSearch(params) {
      const query: Record<string, string> = params.domain ? { domain: params.domain } : { company: params.company ?? '' };
      const body = (await get('/v2/domain-search', query)) as { data?: Record<string, unknown> } | null;
      const data = body?.data;
      if (!data) return null;
      const emails = Array.isArray(data.emails) ? (data.emails as Record<string, unknown>[]) : [];
      return {
        domain: typeof data.domain === 'string' && data.domain ? data.domain : null,
        organization: typeof data.organization === 'string' && data.organization ? data.organization : null,
        pattern: typeof data.pattern === 'string' && data.pattern ? data.pattern : null,
        emails: emails.flatMap((email) =>
          typeof email.value === 'string'
            ? [
                {
                  value: email.value,
                  firstName: typeof email.first_name === 'string' ? email.first_name : null,
                  lastName: typeof email.last_name === 'string' ? email.last_name : null,
                  status: verificationStatus(email.verification),
                },
              ]
            : [],
        ),
      };
    },
    async emailFinder(domain, firstName, lastName) {
      const body = (await get('/v2/email-finder', { domain, first_name: firstName, last_name: lastName })) as { data?: Record<string, unknown> } | null;
      const data = body?.data;
      if (!data) return null;
      return { email: typeof data.email === 'string' && data.email ? data.email : null, status: verificationStatus(data.verification) };
    },
  };
}

function verificationStatus(verification: unknown): string | null {
  if (verification && typeof verification === 'object' && typeof (verification as { status?: unknown }).status === 'string')
    return (verification as { status: string }).status;
  return null;
}

/** Hunter's `{ errors: [{ id, code, details }] }` as one line. */
function providerErrorText(body: string): string {
  try {
    const parsed = JSON.parse(body) as { errors?: { id?: string; details?: string }[] };
    const first = parsed.errors?.[0];
    if (first) return [first.id, first.details].filter(Boolean).join(': ').slice(0, 200);
  } catch {
    // not JSON
  }
  return body.slice(0, 200) || 'no details';
}

/** The provider's verification status as ours: valid → verified, accept_all → accept_all, anything else → unverified;
 * invalid (or no address) → none. */
export function emailStatusOf(email: string | null, status: string | null): 'verified' | 'accept_all' | 'unverified' | null {
  if (!email || status === 'invalid') return null;
  if (status === 'valid') return 'verified';
  if (status === 'accept_all') return 'accept_all';
  return 'unverified';
}
