// Every route says, in zod, what it accepts and what it answers: params for a path with parameters, the
// query for GET and DELETE, the body for POST, PUT and PATCH, and a 2xx response. These schemas validate the
// input (a 400 naming the field otherwise) and are what an API reference is generated from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { $ZodType } from 'zod/v4/core';
import { buildTestApp, type TestApp } from '../test/helpers.js';

/** better-auth answers these itself and checks its own input; they are documented by better-auth. */
const OWNED_ELSEWHERE = /^\/api\/auth\//;
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);
/** Routes whose only answer is a redirect (Swagger UI's old index path): a zod 3xx instead of a 2xx. */
const REDIRECTS = new Set(['GET /api/docs/static/index.html']);

const isZod = (value: unknown) => value instanceof $ZodType;

describe('route schemas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('every route declares zod schemas for what it accepts and for its success answer', () => {
    const missing: string[] = [];
    const routes = t.app.routeCatalog.filter((route) => !OWNED_ELSEWHERE.test(route.url));
    expect(routes.length).toBeGreaterThan(30);
    for (const { method, url, schema } of routes) {
      const name = `${method} ${url}`;
      if (url.includes('/:') && !isZod(schema?.params)) missing.push(`${name}: params`);
      if (WITH_BODY.has(method) && !isZod(schema?.body)) missing.push(`${name}: body`);
      if (!WITH_BODY.has(method) && !isZod(schema?.querystring)) missing.push(`${name}: querystring`);
      const responses = (schema?.response ?? {}) as Record<string, unknown>;
      const success = Object.entries(responses).filter(([status]) => (REDIRECTS.has(name) ? /^3\d\d$/ : /^2\d\d$/).test(status));
      if (success.length === 0 || !success.every(([, response]) => isZod(response))) missing.push(`${name}: 2xx response`);
    }
    expect(missing).toEqual([]);
  });

  it('a schema check that fails is a 400 naming the problem, before any handler runs', async () => {
    const cases = [
      { method: 'GET' as const, url: '/api/email-preferences', error: 'The link is incomplete' },
      { method: 'POST' as const, url: '/api/subscribe-email', payload: { email: 'not-an-address' }, error: /valid email/ },
    ];
    for (const { error, ...request } of cases) {
      const response = await t.app.inject({ ...request, headers: { origin: t.config.appUrl } });
      expect(response.statusCode, request.url).toBeLessThan(500);
      expect(response.statusCode, request.url).not.toBe(200);
      expect(response.json().error).toMatch(error);
    }
  });
});
