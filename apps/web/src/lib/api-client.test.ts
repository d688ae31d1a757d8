import { freeLeadsResponseSchema } from '@fundwire/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, isRetryable, serverMessage } from './api-client';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function stubFetch(impl: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(impl);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function catchError(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch', () => {
  it('sends a same-origin GET with credentials and returns the JSON body', async () => {
    const fetchMock = stubFetch(async () => jsonResponse(200, { ok: true }));

    await expect(apiFetch('/api/thing')).resolves.toEqual({ ok: true });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/thing');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();
    expect(new Headers(init?.headers).get('Accept')).toBe('application/json');
  });

  it('sends a body as JSON with a JSON content type', async () => {
    const fetchMock = stubFetch(async () => jsonResponse(200, { alreadySubscribed: false }));

    await apiFetch('/api/subscribe-email', { method: 'POST', body: { email: 'a@b.example' } });

    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ email: 'a@b.example' }));
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('sends a CSV file as it is with a text/csv content type', async () => {
    const fetchMock = stubFetch(async () => jsonResponse(200, { total: 1 }));
    const file = new Blob(['a,b\n1,2\n'], { type: 'text/csv' });

    await apiFetch('/api/admin/imports', { method: 'POST', csv: file });

    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.body).toBe(file);
    expect(new Headers(init?.headers).get('Content-Type')).toBe('text/csv');
  });

  it('keeps the error body for details beyond its text, and says only what the server added', async () => {
    const body = { error: 'Invalid lead', issues: [{ field: 'domain', message: 'must be a domain' }] };
    stubFetch(async () => jsonResponse(400, body));

    const error = await catchError(apiFetch('/api/leads', { method: 'POST', body: {}, fallbackMessage: 'Failed to create lead' }));

    expect(error).toMatchObject({ status: 400, body });
    expect(serverMessage(error, 'Failed to create lead')).toBe('Invalid lead');
    expect(serverMessage(new ApiError(500, 'Failed to create lead'), 'Failed to create lead')).toBeUndefined();
    expect(serverMessage(new Error('x'), 'Failed to create lead')).toBeUndefined();
  });

  it('uses the server error text of a non-OK response', async () => {
    stubFetch(async () => jsonResponse(401, { error: 'Authentication required' }));

    const error = await catchError(apiFetch('/api/leads', { fallbackMessage: 'Failed to fetch leads' }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Authentication required' });
  });

  it('falls back to the caller message when the error body has no error text', async () => {
    stubFetch(async () => new Response('<html>Bad gateway</html>', { status: 502 }));

    const error = await catchError(apiFetch('/api/leads', { fallbackMessage: 'Failed to fetch leads' }));

    expect(error).toMatchObject({ status: 502, message: 'Failed to fetch leads' });
  });

  it('falls back to "Request failed (<status>)" when the caller gave no message', async () => {
    stubFetch(async () => jsonResponse(500, { unexpected: true }));

    const error = await catchError(apiFetch('/api/leads'));

    expect(error).toMatchObject({ status: 500, message: 'Request failed (500)' });
  });

  it('turns a network failure into ApiError(0, fallback)', async () => {
    stubFetch(async () => {
      throw new TypeError('fetch failed');
    });

    const error = await catchError(apiFetch('/api/free-leads', { fallbackMessage: 'Failed to fetch free leads' }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: 'Failed to fetch free leads' });
  });

  it('validates the success body against a schema', async () => {
    const body = { leads: [], message: 'Sign up for more' };
    stubFetch(async () => jsonResponse(200, body));

    await expect(apiFetch('/api/free-leads', { schema: freeLeadsResponseSchema })).resolves.toEqual(body);
  });

  it('rejects a success body that does not match the schema', async () => {
    stubFetch(async () => jsonResponse(200, { leads: 'nope' }));

    const error = await catchError(
      apiFetch('/api/free-leads', { schema: freeLeadsResponseSchema, fallbackMessage: 'Failed to fetch free leads' }),
    );

    expect(error).toMatchObject({ status: 200, message: 'Failed to fetch free leads' });
  });

  it('returns undefined for an empty success body', async () => {
    stubFetch(async () => new Response(null, { status: 204 }));

    await expect(apiFetch('/api/cancel-subscription', { method: 'POST', body: {} })).resolves.toBeUndefined();
  });

  it('rethrows an abort instead of reporting it as a network failure', async () => {
    const controller = new AbortController();
    stubFetch(async () => {
      controller.abort();
      throw new DOMException('The operation was aborted.', 'AbortError');
    });

    const error = await catchError(apiFetch('/api/free-leads', { signal: controller.signal }));

    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });
});

describe('isRetryable', () => {
  it('offers a retry for no answer, server errors, timeouts and rate limits', () => {
    for (const status of [0, 500, 502, 503, 408, 429]) expect(isRetryable(new ApiError(status, 'x')), String(status)).toBe(true);
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
  });
  it('offers none for a client error that asking again cannot change', () => {
    for (const status of [400, 401, 403, 404, 409, 410, 413, 422]) expect(isRetryable(new ApiError(status, 'x')), String(status)).toBe(false);
  });
});
