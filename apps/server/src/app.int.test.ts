import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers.js';

describe('app shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('answers health with 200 {"status":"ok"} once migrated', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/does-not-exist'],
      ['POST', '/api/nothing/here'],
      ['GET', '/api'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({ error: expect.stringContaining(url) });
    }
  });

  it('serves index.html for unknown non-API paths, so client routing can take over', async () => {
    for (const url of ['/', '/does-not-exist', '/dashboard', '/admin/subscribers?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('Fundwire test shell');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves fingerprinted assets with a long cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('console.log("app")');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends security headers with a strict CSP and a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs each request with its own request id, never the one the client sent', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/free-leads', headers: { 'x-request-id': 'trace-me-123' } });
    const id = String(response.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(t.logs.some((line) => line.requestId === 'trace-me-123')).toBe(false);
    // (The test logger also records trace and debug lines; info is what a server writes by default.)
    const lines = t.logs.filter((line) => line.requestId === id && Number(line.level) >= 30);
    // One line per request: method, URL, status and time, and a message that says the same in words.
    expect(lines, JSON.stringify(lines)).toHaveLength(1);
    expect(lines[0]).toMatchObject({ method: 'GET', url: '/api/free-leads', statusCode: 200 });
    expect(typeof lines[0]!.ms).toBe('number');
    expect(lines[0]!.msg).toMatch(/^GET \/api\/free-leads 200 \d+ ms$/);
    expect(t.logs.some((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toBe(false);
  });

  it('redacts credentials from request logs', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/free-leads',
      headers: { authorization: 'Bearer super-secret-token', cookie: 'session=also-secret', 'x-request-id': 'redact-check' },
    });
    const text = JSON.stringify(t.logs);
    expect(text).not.toContain('super-secret-token');
    expect(text).not.toContain('also-secret');
  });
});
