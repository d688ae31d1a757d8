// The one way the web app calls our API: same-origin, cookie session, JSON in and out,
// and every failure turned into an ApiError carrying a message fit to show the user.
// It is in every page's first download, so it avoids zod's runtime (not tree-shakable): the error body is
// checked by hand, and a response schema only needs zod's safeParse (classic or zod/mini).

export class ApiError extends Error {
  /** HTTP status, or 0 when the request never got a response (offline, DNS, aborted proxy). */
  readonly status: number;
  /** The parsed error body, for details beyond its `error` text (a 400's field issues, rejected batch rows). */
  readonly body: unknown;

  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** The server's text for a failure, when it said something beyond our own fallback. */
export function serverMessage(error: unknown, fallbackMessage: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.message && error.message !== fallbackMessage ? error.message : undefined;
}

/**
 * Whether asking again could succeed: no answer, a server error, a timeout or a rate limit might pass;
 * any other 4xx (a bad token, a wrong file, a missing record) will get the same answer, so a screen
 * shows no Retry button for it.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}

/** What apiFetch needs of a response schema: zod's `safeParse`, from zod or zod/mini. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiFetchOptions<T> {
  method?: HttpMethod;
  /** Sent as JSON. Leave undefined to send no body (and no Content-Type). */
  body?: unknown;
  /** A CSV file sent as it is, with Content-Type text/csv (instead of a JSON body). */
  csv?: Blob | string;
  /** Validates the success body; a mismatch is treated as a failed request. */
  schema?: ResponseSchema<T>;
  /** Shown when the server gives no `{error}` text, e.g. "Failed to fetch leads". */
  fallbackMessage?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

const NETWORK_FALLBACK = 'Could not reach the server. Check your connection and try again.';

export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, csv, schema, fallbackMessage, signal, headers } = options;

  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(csv !== undefined ? { 'Content-Type': 'text/csv' } : body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
  };
  if (csv !== undefined) init.body = csv;
  else if (body !== undefined) init.body = JSON.stringify(body);
  if (signal) init.signal = signal;

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    // A cancelled request is not a failure to report; let the caller (TanStack Query) see the abort.
    if (signal?.aborted) throw error;
    throw new ApiError(0, fallbackMessage ?? NETWORK_FALLBACK);
  }

  const data = await readJson(response);

  if (!response.ok) {
    const serverText = errorText(data);
    const message = serverText ?? fallbackMessage ?? `Request failed (${response.status})`;
    throw new ApiError(response.status, message, data);
  }

  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(response.status, fallbackMessage ?? 'The server sent an unexpected response.', data);
  }
  return parsed.data;
}

/** The text of an `{"error": "<message>"}` body (packages/shared errorBodySchema), or null. */
function errorText(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('error' in data)) return null;
  const { error } = data;
  return typeof error === 'string' && error.trim() !== '' ? error : null;
}

/** The body as JSON, or undefined when it is empty or not JSON (e.g. a proxy's HTML error page). */
async function readJson(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return undefined;
  }
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
