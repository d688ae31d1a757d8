// The one way the web app calls our API: same-origin, cookie session, JSON in and out,
// and every failure turned into an ApiError carrying a message fit to show the user.
import { errorBodySchema } from '@fundwire/shared';
import type { ZodType } from 'zod';

export class ApiError extends Error {
  /** HTTP status, or 0 when the request never got a response (offline, DNS, aborted proxy). */
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiFetchOptions<T> {
  method?: HttpMethod;
  /** Sent as JSON. Leave undefined to send no body (and no Content-Type). */
  body?: unknown;
  /** Validates the success body; a mismatch is treated as a failed request. */
  schema?: ZodType<T>;
  /** Shown when the server gives no `{error}` text, e.g. "Failed to fetch leads". */
  fallbackMessage?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

const NETWORK_FALLBACK = 'Could not reach the server. Check your connection and try again.';

export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, fallbackMessage, signal, headers } = options;

  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
  };
  if (body !== undefined) init.body = JSON.stringify(body);
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
    const parsed = errorBodySchema.safeParse(data);
    const message = parsed.success && parsed.data.error.trim() !== '' ? parsed.data.error : fallbackMessage ?? `Request failed (${response.status})`;
    throw new ApiError(response.status, message);
  }

  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(response.status, fallbackMessage ?? 'The server sent an unexpected response.');
  }
  return parsed.data;
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
