// Personal API keys: managing them by session, the Bearer key on the public API (and nowhere else), the
// 401/403 rules, the last-used date and the per-key rate limit with its headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { API_RATE_LIMIT_PER_MINUTE, MAX_API_KEYS, type ApiKey, type ApiKeyCreated, type Lead } from '@fundwire/shared';
import { apiKeys, subscriptions } from '../../db/schema/index.js';
import { generateLeads } from '../../seed/generate.js';
import { insertLeads } from '../../seed/insert.js';
import { invalidateAuthCache } from '../../plugins/access.js';
import { buildTestApp, signUp, type TestApp } from '../../../test/helpers.js';
import { hashApiKey } from '../../plugins/api-key-credentials.js';
import { TOO_MANY_API_KEYS_MESSAGE } from './service.js';

interface Account {
  userId: string;
  email: string;
  /** Session headers: cookie and the app's origin. */
  session: Record<string, string>;
}

describe('personal API keys', () => {
  let t: TestApp;
  let leadIds: string[];
  let companyId: string;
  let counter = 0;

  beforeAll(async () => {
    // Many accounts sign up from one address here.
    t = await buildTestApp({ AUTH_RATE_LIMIT_SCALE: '10' });
    const leads = [...generateLeads({ count: 12, seed: 16 })];
    await insertLeads(t.database, leads);
    leadIds = leads.map((lead) => lead.id);
    const companies = await t.database.rawTransaction((query) => query('select id from companies limit 1'));
    companyId = String(companies.rows[0]?.id);
  });
  afterAll(async () => t?.close());

  async function account(subscription: 'active' | 'trialing' | null = 'active'): Promise<Account> {
    const signedIn = await signUp(t.app, `keys-${++counter}-${Date.now()}@example.com`);
    if (subscription) await t.database.db.insert(subscriptions).values({ userId: signedIn.userId, status: subscription, priceId: 'price_test_monthly' });
    return { userId: signedIn.userId, email: signedIn.email, session: { cookie: signedIn.cookie, origin: t.config.appUrl } };
  }

  async function createKey(owner: Account, name = 'CRM sync'): Promise<ApiKeyCreated> {
    const response = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: owner.session, payload: { name } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  it('creates a key whose secret is shown once and stored only as its SHA-256', async () => {
    const owner = await account();
    const created = await createKey(owner, '  Zapier  ');
    expect(created).toEqual({ id: expect.any(String), name: 'Zapier', key: expect.stringMatching(/^fw_[A-Za-z0-9_-]{43}$/), createdAt: expect.any(String) });

    const listed = await get('/api/api-keys', owner.session);
    expect(listed.statusCode).toBe(200);
    const { apiKeys: list } = listed.json() as { apiKeys: ApiKey[] };
    expect(list).toEqual([{ id: created.id, name: 'Zapier', prefix: `${created.key.slice(0, 7)}…`, createdAt: created.createdAt, lastUsedAt: null }]);
    expect(listed.body).not.toContain(created.key);

    const rows = await t.database.rawTransaction((query) => query('select * from api_keys where user_id = $1', [owner.userId]));
    expect(rows.rows).toHaveLength(1);
    const row = rows.rows[0]!;
    expect(row.secret_hash).toBe(hashApiKey(created.key));
    for (const value of Object.values(row)) expect(String(value)).not.toContain(created.key.slice(7));
  });

  it('refuses a bad name with a clear 400 and creates nothing', async () => {
    const owner = await account();
    for (const [payload, message] of [
      [{ name: '' }, 'Name the key (1 to 100 characters)'],
      [{ name: '   ' }, 'Name the key (1 to 100 characters)'],
      [{}, 'Name the key (1 to 100 characters)'],
      [{ name: 'x'.repeat(101) }, 'The name must be at most 100 characters'],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: owner.session, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: message });
    }
    expect(await t.database.db.select().from(apiKeys).where(eq(apiKeys.userId, owner.userId))).toEqual([]);
  });

  it('lets only subscribers manage keys, and only by session', async () => {
    const unpaid = await account(null);
    const refused = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: unpaid.session, payload: { name: 'x' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/active subscription/);
    expect((await t.app.inject({ method: 'POST', url: '/api/api-keys', payload: { name: 'x' }, headers: { origin: t.config.appUrl } })).statusCode).toBe(401);

    const owner = await account();
    const { key, id } = await createKey(owner);
    const asKey = [
      await get('/api/api-keys', bearer(key)),
      await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: bearer(key), payload: { name: 'from a key' } }),
      await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${id}`, headers: bearer(key) }),
    ];
    for (const response of asKey) expect(response.statusCode, response.body).toBe(401);
    expect((await get('/api/api-keys', owner.session)).json().apiKeys).toHaveLength(1);
  });

  it('keeps at most 5 live keys per account (409 on the 6th), and a revoked one frees a place', async () => {
    expect(MAX_API_KEYS).toBe(5);
    const owner = await account();
    const created: ApiKeyCreated[] = [];
    for (let index = 0; index < 5; index++) created.push(await createKey(owner, `key ${index}`));
    const refused = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: owner.session, payload: { name: 'one too many' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'You can keep at most 5 API keys. Revoke one to create another.' });
    expect(TOO_MANY_API_KEYS_MESSAGE).toBe(refused.json().error);

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${created[0]!.id}`, headers: owner.session });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ ok: true });
    await createKey(owner, 'in its place');
    expect((await get('/api/api-keys', owner.session)).json().apiKeys).toHaveLength(MAX_API_KEYS);
  });

  it('revokes: the key stops working at once, leaves the list, and another account cannot revoke or see it', async () => {
    const owner = await account();
    const other = await account();
    const { key, id } = await createKey(owner);
    expect((await get('/api/v1/leads?limit=1', bearer(key))).statusCode).toBe(200);
    expect((await get('/api/api-keys', other.session)).json().apiKeys).toEqual([]);

    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${id}`, headers: other.session });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'API key not found' });
    expect((await get('/api/v1/leads?limit=1', bearer(key))).statusCode).toBe(200);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${id}`, headers: owner.session })).statusCode).toBe(200);
    const after = await get('/api/v1/leads?limit=1', bearer(key));
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'Invalid or revoked API key' });
    expect((await get('/api/api-keys', owner.session)).json().apiKeys).toEqual([]);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row?.revokedAt).toBeInstanceOf(Date);
    // Revoking twice: it is gone.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${id}`, headers: owner.session })).statusCode).toBe(404);
  });

  it('opens every /api/v1 route with a Bearer key, with the rate-limit headers', async () => {
    const owner = await account('trialing');
    const { key } = await createKey(owner);

    const list = await get('/api/v1/leads?limit=5&sort=amount&dir=desc', bearer(key));
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json() as { leads: Lead[]; nextCursor: string | null; sort: string };
    expect(page.leads).toHaveLength(5);
    expect(page.sort).toBe('amount');
    expect(list.headers['ratelimit-limit']).toBe(String(API_RATE_LIMIT_PER_MINUTE));
    expect(Number(list.headers['ratelimit-remaining'])).toBe(API_RATE_LIMIT_PER_MINUTE - 1);
    expect(Number(list.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(Number(list.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
    // The same answer as the web app's route, and its cursor pages on.
    const viaSession = await get('/api/leads?limit=5&sort=amount&dir=desc', owner.session);
    expect(list.body).toBe(viaSession.body);
    const next = await get(`/api/v1/leads?limit=5&sort=amount&dir=desc&cursor=${page.nextCursor}`, bearer(key));
    expect(next.statusCode).toBe(200);
    expect((next.json() as { leads: Lead[] }).leads.map((lead) => lead.id)).not.toContain(page.leads[0]!.id);
    const filtered = await get(`/api/v1/leads?industry=${encodeURIComponent(page.leads[0]!.industry ?? '')}`, bearer(key));
    expect(filtered.statusCode).toBe(200);
    expect((filtered.json() as { leads: Lead[] }).leads.every((lead) => lead.industry === page.leads[0]!.industry)).toBe(true);

    const one = await get(`/api/v1/leads/${leadIds[0]}`, bearer(key));
    expect(one.statusCode, one.body).toBe(200);
    expect((one.json() as { lead: Lead }).lead.id).toBe(leadIds[0]);
    expect(one.headers['ratelimit-remaining']).toBeDefined();
    const missing = await get('/api/v1/leads/00000000-0000-4000-8000-000000000000', bearer(key));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Lead not found' });
    const malformed = await get('/api/v1/leads/not-a-uuid', bearer(key));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatch(/Lead id must be a UUID/);

    const company = await get(`/api/v1/companies/${companyId}`, bearer(key));
    expect(company.statusCode, company.body).toBe(200);
    expect(company.json().company.id).toBe(companyId);
    expect(company.headers['ratelimit-limit']).toBe(String(API_RATE_LIMIT_PER_MINUTE));

    const csv = await get('/api/v1/leads/export.csv', bearer(key));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toContain('Company');
    expect(csv.headers['ratelimit-limit']).toBe(String(API_RATE_LIMIT_PER_MINUTE));

    // A session subscriber uses the same routes, counted in the account's window with its keys (decision 033).
    const bySession = await get(`/api/v1/leads/${leadIds[1]}`, owner.session);
    expect(bySession.statusCode).toBe(200);
    expect(bySession.headers['ratelimit-limit']).toBe(String(API_RATE_LIMIT_PER_MINUTE));
    expect(Number(bySession.headers['ratelimit-remaining'])).toBe(Number(csv.headers['ratelimit-remaining']) - 1);
  });

  it('answers 401 to an unknown, malformed or revoked key', async () => {
    for (const token of [`fw_${'A'.repeat(43)}`, 'fw_short', `fw_${'A'.repeat(43)}x`, 'fw_']) {
      const response = await get('/api/v1/leads', bearer(token));
      expect(response.statusCode, token).toBe(401);
      expect(response.json()).toEqual({ error: 'Invalid or revoked API key' });
      expect(response.headers['ratelimit-limit']).toBeUndefined();
    }
  });

  it("answers 403 when the key's owner has no active subscription any more", async () => {
    const owner = await account();
    const { key } = await createKey(owner);
    expect((await get('/api/v1/leads?limit=1', bearer(key))).statusCode).toBe(200);
    await t.database.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.userId, owner.userId));
    // The billing event handler does this on every change (modules/billing/live.ts).
    invalidateAuthCache(t.app, owner.userId);
    for (const url of ['/api/v1/leads', `/api/v1/leads/${leadIds[0]}`, `/api/v1/companies/${companyId}`, '/api/v1/leads/export.csv']) {
      const response = await get(url, bearer(key));
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error).toMatch(/no active subscription/);
      expect(response.headers['ratelimit-limit'], url).toBe(String(API_RATE_LIMIT_PER_MINUTE));
    }
  });

  it('is not a session: a key opens no route outside the public API, not even with a session cookie beside it', async () => {
    const owner = await account();
    const { key } = await createKey(owner);
    for (const url of [
      '/api/me',
      '/api/leads',
      '/api/leads/stats',
      '/api/leads/export.csv',
      `/api/companies/${companyId}`,
      '/api/me/alerts',
      '/api/subscribers',
    ]) {
      const response = await get(url, bearer(key));
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error).toMatch(/API keys open only the public API/);
      const withCookie = await get(url, { ...bearer(key), cookie: owner.session.cookie! });
      expect(withCookie.statusCode, url).toBe(401);
    }
    // Writes with a key need no Origin (no cookie to forge) and are refused as unauthenticated, not cross-site.
    for (const [method, url] of [
      ['POST', '/api/me/visits'],
      ['PUT', '/api/me/alerts'],
      ['POST', '/api/leads'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: bearer(key), payload: {} });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('records the last use at most once a minute', async () => {
    const owner = await account();
    const { key, id } = await createKey(owner);
    const lastUsed = async () => (await t.database.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, id)))[0]?.at ?? null;
    expect(await lastUsed()).toBeNull();
    await get('/api/v1/leads?limit=1', bearer(key));
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    expect((await get('/api/api-keys', owner.session)).json().apiKeys[0].lastUsedAt).toBe(first!.toISOString());

    // Set it back: within the minute this instance writes nothing more, however many requests come.
    const earlier = new Date(Date.now() - 30_000);
    await t.database.db.update(apiKeys).set({ lastUsedAt: earlier }).where(eq(apiKeys.id, id));
    for (let index = 0; index < 5; index++) await get('/api/v1/leads?limit=1', bearer(key));
    expect((await lastUsed())?.toISOString()).toBe(earlier.toISOString());

    // Another instance (a fresh memory of what was written) writes only if the stored use is a minute old.
    t.app.apiKeysTouched.clear();
    await get('/api/v1/leads?limit=1', bearer(key));
    expect((await lastUsed())?.toISOString()).toBe(earlier.toISOString());
    await t.database.db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now() - interval '2 minutes'` })
      .where(eq(apiKeys.id, id));
    t.app.apiKeysTouched.clear();
    await get('/api/v1/leads?limit=1', bearer(key));
    expect((await lastUsed())!.getTime()).toBeGreaterThan(Date.now() - 10_000);
  });

  it(`limits each account to ${API_RATE_LIMIT_PER_MINUTE} requests a minute, all its keys and its sessions on /api/v1 together: the next gets 429 with Retry-After`, async () => {
    const owner = await account();
    const { key } = await createKey(owner, 'busy');
    const { key: otherKey } = await createKey(owner, 'quiet');
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: t.config.appUrl },
      payload: { email: owner.email, password: 'correct horse battery' },
    });
    const sessionToken = { authorization: `Bearer ${String(signedIn.headers['set-auth-token'])}` };
    const url = `/api/v1/leads/${leadIds[2]}`;
    // A third of the window each: two keys, then the session's cookie and its bearer token, all counted in one window.
    const callers = [bearer(key), bearer(otherKey), owner.session, sessionToken];
    for (let index = 1; index <= API_RATE_LIMIT_PER_MINUTE; index++) {
      const response = await get(url, callers[Math.floor(((index - 1) * callers.length) / API_RATE_LIMIT_PER_MINUTE)]!);
      expect(response.statusCode, `request ${index}`).toBe(200);
      expect(Number(response.headers['ratelimit-remaining']), `request ${index}`).toBe(API_RATE_LIMIT_PER_MINUTE - index);
    }
    const limited = await get(url, bearer(key));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: expect.stringMatching(/^Rate limit exceeded: 120 requests a minute per account\. Try again in \d+ seconds\.$/) });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers['ratelimit-limit']).toBe('120');
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['ratelimit-reset'])).toBe(retryAfter);

    // Per account: a new key, the other key and the session (cookie or token) on /api/v1 are held back too.
    const { key: freshKey } = await createKey(owner, 'fresh');
    for (const caller of [bearer(otherKey), bearer(freshKey), owner.session, sessionToken]) expect((await get(url, caller)).statusCode).toBe(429);
    // The web app's own routes are not the public API: the session still reads leads there.
    expect((await get('/api/leads?limit=1', owner.session)).statusCode).toBe(200);
    // Another account has its own window.
    const other = await account();
    const { key: otherAccountKey } = await createKey(other, 'elsewhere');
    expect((await get(url, bearer(otherAccountKey))).statusCode).toBe(200);
  });
});
