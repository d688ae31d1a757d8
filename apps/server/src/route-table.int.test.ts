// Generated from ROUTE_TABLE: every route, called as every role, answers as its access level says.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccessControl } from './plugins/access.js';
import { CROSS_SITE_ALLOWED, ROUTE_TABLE, type Access } from './route-table.js';
import { buildTestApp, signInAs, type Role, type TestApp } from '../test/helpers.js';

const ROLES: Role[] = ['visitor', 'user', 'subscriber', 'admin'];
/** Streams never end, so allowed callers are checked over a real connection that is then dropped. */
const STREAMING = new Set(['GET /api/me/events']);
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Who gets through each access level, and what the others get. */
const EXPECTED: Record<Access, Record<Role, 'allowed' | 401 | 403>> = {
  public: { visitor: 'allowed', user: 'allowed', subscriber: 'allowed', admin: 'allowed' },
  user: { visitor: 401, user: 'allowed', subscriber: 'allowed', admin: 'allowed' },
  subscriber: { visitor: 401, user: 403, subscriber: 'allowed', admin: 'allowed' },
  // By session, as subscriber; API keys are covered in modules/api-keys/api-keys.int.test.ts.
  api: { visitor: 401, user: 403, subscriber: 'allowed', admin: 'allowed' },
  admin: { visitor: 401, user: 403, subscriber: 403, admin: 'allowed' },
};

/** A concrete URL for a route pattern. */
function sampleUrl(pattern: string): string {
  return pattern
    .replace('/api/auth/*', '/api/auth/get-session')
    .replace(/:id\b/g, '00000000-0000-4000-8000-000000000000')
    .replace(/:[a-zA-Z]+/g, 'sample');
}

describe('route table', () => {
  let t: TestApp;
  let base = '';
  const headers: Partial<Record<Role, Record<string, string>>> = {};
  /** A subscriber's personal API key, as the only credential (no cookie, no Origin). */
  let keyHeaders: Record<string, string> = {};
  beforeAll(async () => {
    t = await buildTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const role of ROLES) headers[role] = await signInAs(t, role);
    const created = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: headers.subscriber, payload: { name: 'route table' } });
    keyHeaders = { authorization: `Bearer ${(created.json() as { key: string }).key}` };
  });
  afterAll(async () => t.close());

  it('refuses a route that is missing from the table', () => {
    const bare = Fastify();
    registerAccessControl(bare);
    expect(() => bare.get('/api/not-in-the-table', async () => 'x')).toThrow(/GET \/api\/not-in-the-table is missing from ROUTE_TABLE/);
  });

  it('lists exactly the routes the server registers', () => {
    expect([...new Set(t.app.registeredRoutes)].sort()).toEqual(Object.keys(ROUTE_TABLE).sort());
  });

  /** One request as a role; `origin` overrides the same-origin header. */
  function call(method: string, url: string, role: Role, origin = t.config.appUrl) {
    return t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...headers[role], origin, ...(method === 'GET' || method === 'HEAD' ? {} : { 'content-type': 'application/json' }) },
      ...(method === 'GET' || method === 'HEAD' ? {} : { payload: '{}' }),
    });
  }

  function urlFor(method: string, pattern: string): string {
    // Sign-in with an empty body: a harmless public call (400), unlike sign-out, which would end the session.
    return method === 'POST' && pattern === '/api/auth/*' ? '/api/auth/sign-in/email' : sampleUrl(pattern);
  }

  for (const [key, access] of Object.entries(ROUTE_TABLE)) {
    const [method, pattern] = key.split(' ') as [string, string];
    it(`${key} is ${access}`, async () => {
      for (const role of ROLES) {
        const url = urlFor(method, pattern);
        const expected = EXPECTED[access][role];
        if (STREAMING.has(key) && expected === 'allowed') {
          const abort = new AbortController();
          const streamed = await fetch(`${base}${url}`, { headers: headers[role], signal: abort.signal });
          expect(streamed.status, `${role} ${url}`).toBe(200);
          expect(streamed.headers.get('content-type')).toContain('text/event-stream');
          abort.abort();
          continue;
        }
        const response = await call(method, url, role);
        if (expected === 'allowed') {
          expect([401, 403], `${role} ${method} ${url} -> ${response.statusCode} ${response.body}`).not.toContain(response.statusCode);
          expect(response.statusCode, `${role} ${method} ${url}`).toBeLessThan(500);
        } else {
          expect(response.statusCode, `${role} ${method} ${url}`).toBe(expected);
          expect(response.json()).toEqual({ error: expect.any(String) });
        }
      }
    });

    if (access !== 'public' && !STREAMING.has(key)) {
      it(`${key} with an API key: ${access === 'api' ? 'allowed' : '401, a key is no session'}`, async () => {
        const url = urlFor(method, pattern);
        const withBody = method !== 'GET' && method !== 'HEAD';
        const response = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { ...keyHeaders, ...(withBody ? { 'content-type': 'application/json' } : {}) },
          ...(withBody ? { payload: '{}' } : {}),
        });
        if (access === 'api') {
          expect([401, 403], `${method} ${url} -> ${response.statusCode} ${response.body}`).not.toContain(response.statusCode);
          expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
          expect(response.headers['ratelimit-limit']).toBeDefined();
        } else {
          expect(response.statusCode, `${method} ${url}`).toBe(401);
          expect(response.json()).toEqual({ error: expect.stringMatching(/API keys open only the public API/) });
        }
      });
    }

    if (method === 'GET' && !pattern.startsWith('/dev/')) {
      it(`HEAD ${pattern} is ${access}, like GET`, async () => {
        for (const role of ROLES) {
          const url = sampleUrl(pattern);
          const expected = EXPECTED[access][role];
          if (STREAMING.has(key) && expected === 'allowed') continue;
          const response = await call('HEAD', url, role);
          expect(response.body, `HEAD ${url} as ${role}`).toBe('');
          if (expected === 'allowed') {
            expect([401, 403], `${role} HEAD ${url} -> ${response.statusCode}`).not.toContain(response.statusCode);
            expect(response.statusCode, `${role} HEAD ${url}`).toBeLessThan(500);
          } else {
            expect(response.statusCode, `${role} HEAD ${url}`).toBe(expected);
          }
        }
      });
    }

    it(`${key} from another site: ${STATE_CHANGING.has(method) && !CROSS_SITE_ALLOWED.has(key) ? 'refused with a session cookie' : 'same as from our own'}`, async () => {
      const url = urlFor(method, pattern);
      for (const role of ROLES) {
        const expected = EXPECTED[access][role];
        if (STREAMING.has(key) && expected === 'allowed') continue;
        const response = await call(method, url, role, 'https://evil.example');
        const refused = STATE_CHANGING.has(method) && !CROSS_SITE_ALLOWED.has(key) && role !== 'visitor';
        if (refused) {
          expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
          expect(response.json()).toEqual({ error: 'Cross-site request refused' });
        } else {
          expect(response.body, `${role} ${method} ${url}`).not.toContain('Cross-site request refused');
          if (expected === 'allowed') expect([401, 403], `${role} ${method} ${url} -> ${response.statusCode}`).not.toContain(response.statusCode);
          else expect(response.statusCode, `${role} ${method} ${url}`).toBe(expected);
        }
      }
    });

    if (!pattern.startsWith('/dev/')) {
      it(`OPTIONS ${pattern} lists ${method} and runs no handler`, async () => {
        const response = await t.app.inject({ method: 'OPTIONS', url: urlFor(method, pattern), headers: headers.admin });
        expect(response.statusCode).toBe(204);
        expect(response.body).toBe('');
        expect(response.headers.allow).toContain(method);
        expect(response.headers['access-control-allow-origin']).toBeUndefined();
      });
    }
  }

  it('answers OPTIONS for an unknown API path with 404', async () => {
    const response = await t.app.inject({ method: 'OPTIONS', url: '/api/not-a-route' });
    expect(response.statusCode).toBe(404);
  });
});
