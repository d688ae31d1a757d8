// The OAuth round trip through the real Google code path, against a local OpenID provider.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, cookiesFrom, type TestApp } from '../../../test/helpers.js';
import { startOidcProvider, type OidcProvider } from '../../../test/oidc.js';

function mergeCookies(...headers: string[]): string {
  const jar = new Map<string, string>();
  for (const header of headers) {
    for (const pair of header.split('; ').filter(Boolean)) {
      const [name] = pair.split('=');
      if (name) jar.set(name, pair);
    }
  }
  return [...jar.values()].join('; ');
}

describe('social sign-in', () => {
  let provider: OidcProvider;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startOidcProvider();
    t = await buildTestApp({ GOOGLE_CLIENT_ID: 'fundwire-test', GOOGLE_CLIENT_SECRET: 'test-secret', GOOGLE_DISCOVERY_URL: provider.discoveryUrl });
  });
  afterAll(async () => {
    await t.close();
    await provider.stop();
  });

  it('reports which providers are configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(response.json()).toEqual(expect.objectContaining({ socialProviders: { google: true, github: false, twitter: false } }));
  });

  it('signs a user in through the provider and sends them to /dashboard', async () => {
    provider.setUser({ sub: 'google-sub-42', email: 'social.person@example.com', name: 'Social Person' });
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: t.config.appUrl },
      payload: { provider: 'google', callbackURL: '/dashboard', errorCallbackURL: '/signin' },
    });
    expect(start.statusCode).toBe(200);
    const { url } = start.json() as { url: string };
    expect(url.startsWith(provider.issuer)).toBe(true);
    const stateCookies = cookiesFrom(start.headers['set-cookie']);

    // The browser visits the provider, which answers with a redirect back to our callback.
    const authorize = await fetch(url, { redirect: 'manual' });
    expect(authorize.status).toBe(302);
    const callback = new URL(authorize.headers.get('location') ?? '');
    expect(`${callback.origin}`).toBe(t.config.appUrl);

    const landing = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, headers: { cookie: stateCookies } });
    expect(landing.statusCode).toBe(302);
    expect(landing.headers.location).toMatch(/\/dashboard$/);
    const session = mergeCookies(stateCookies, cookiesFrom(landing.headers['set-cookie']));

    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: session } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toEqual(expect.objectContaining({ email: 'social.person@example.com', name: 'Social Person', role: 'user' }));
  });

  it('refuses a callback whose state was not issued to this browser', async () => {
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: t.config.appUrl },
      payload: { provider: 'google', callbackURL: '/dashboard', errorCallbackURL: '/signin' },
    });
    const authorize = await fetch((start.json() as { url: string }).url, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location') ?? '');
    const landing = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(landing.statusCode).toBe(302);
    expect(landing.headers.location).toContain('error');
    expect(landing.headers['set-cookie'] ?? '').not.toContain('session_token=');
  });

  it('answers a provider without credentials with a clear error, not a redirect', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: t.config.appUrl },
      payload: { provider: 'github', callbackURL: '/dashboard' },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
  });
});
