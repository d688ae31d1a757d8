// Admin writes need more than apiFetch gives: the error body's details (field issues, rejected batch
// rows) and a raw CSV body. Same rules otherwise: same origin, cookie session, ApiError on failure.
import { errorBodySchema } from '@fundwire/shared';
import type { ZodType } from 'zod';
import { ApiError, type HttpMethod } from '@/lib/api-client';

/** An ApiError that keeps the parsed error body, for the details beyond its `error` text. */
export class ApiRequestError extends ApiError {
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown) {
    super(status, message);
    this.name = 'ApiRequestError';
    this.body = body;
  }
}

export interface AdminRequestOptions<T> {
  method: HttpMethod;
  /** A JSON body, or a CSV file sent as it is with content-type text/csv. */
  body?: { json: unknown } | { csv: Blob | string };
  schema?: ZodType<T>;
  /** The message when the server gives no `{error}` text. */
  fallbackMessage: string;
  signal?: AbortSignal;
}

export async function adminRequest<T = unknown>(path: string, options: AdminRequestOptions<T>): Promise<T> {
  const { method, body, schema, fallbackMessage, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, credentials: 'include', headers };
  if (body && 'json' in body) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body.json);
  } else if (body) {
    headers['Content-Type'] = 'text/csv';
    init.body = body.csv;
  }
  if (signal) init.signal = signal;

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiRequestError(0, fallbackMessage, undefined);
  }

  const data = await readJson(response);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(data);
    const message = parsed.success && parsed.data.error.trim() !== '' ? parsed.data.error : fallbackMessage;
    throw new ApiRequestError(response.status, message, data);
  }
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiRequestError(response.status, fallbackMessage, data);
  return parsed.data;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** The server's text for a failure, when it said something beyond our own fallback. */
export function serverMessage(error: unknown, fallbackMessage: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.message && error.message !== fallbackMessage ? error.message : undefined;
}
