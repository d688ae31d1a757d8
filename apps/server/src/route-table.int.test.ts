// Generated from ROUTE_TABLE: every route, called as every role, answers as its access level says.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccessControl } from './plugins/access.js';
import { ROUTE_TABLE, type Access } from './route-table.js';
import { buildTestApp, signInAs, type Role, type TestApp } from '../test/helpers.js';

const ROLES: Role[] = ['visitor', 'user', 'subscriber', 'admin'];
/** Streams never end, so allowed callers are checked over a real connection that is then dropped. */
const STREAMING = new Set(['GET /api/me/events']);

/** Who gets through each access level, and what the others get. */
const EXPECTED: Record<Access, Record<Role, 'allowed' | 401 | 403>> = {
  public: { visitor: 'allowed', user: 'allowed', subscriber: 'allowed', admin: 'allowed' },
  user: { visitor: 401, user: 'allowed', subscriber: 'allowed', admin: 'allowed' },
  subscriber: { visitor: 401, user: 403, subscriber: 'allowed', admin: 'allowed' },
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
  beforeAll(async () => {
    t = await buildTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const role of ROLES) headers[role] = await signInAs(t, role);
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

  for (const [key, access] of Object.entries(ROUTE_TABLE)) {
    const [method, pattern] = key.split(' ') as [string, string];
    it(`${key} is ${access}`, async () => {
      for (const role of ROLES) {
        // Sign-in with an empty body: a harmless public call (400), unlike sign-out, which would end the session.
        const url = method === 'POST' && pattern === '/api/auth/*' ? '/api/auth/sign-in/email' : sampleUrl(pattern);
        const expected = EXPECTED[access][role];
        if (STREAMING.has(key) && expected === 'allowed') {
          const abort = new AbortController();
          const streamed = await fetch(`${base}${url}`, { headers: headers[role], signal: abort.signal });
          expect(streamed.status, `${role} ${url}`).toBe(200);
          expect(streamed.headers.get('content-type')).toContain('text/event-stream');
          abort.abort();
          continue;
        }
        const response = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { ...headers[role], origin: t.config.appUrl, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
          ...(method === 'GET' ? {} : { payload: '{}' }),
        });
        if (expected === 'allowed') {
          expect([401, 403], `${role} ${method} ${url} -> ${response.statusCode} ${response.body}`).not.toContain(response.statusCode);
          expect(response.statusCode, `${role} ${method} ${url}`).toBeLessThan(500);
        } else {
          expect(response.statusCode, `${role} ${method} ${url}`).toBe(expected);
          expect(response.json()).toEqual({ error: expect.any(String) });
        }
      }
    });
  }
});
