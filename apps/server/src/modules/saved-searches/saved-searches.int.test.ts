// Saved searches: CRUD, the 50 limit, validation by the lead filter's rules, webhook secrets, and other users' 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_SEARCHES, SAVED_SEARCH_LIMIT_MESSAGE } from '@fundwire/shared';
import { buildTestApp, signInAs, type TestApp } from '../../../test/helpers.js';

describe('saved searches API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const body = {
    name: 'Fintech Series A above $5M',
    filter: { industry: ['Fintech'], fundingRound: ['Series A'], minFunding: 5_000_000, location: 'Berlin', q: 'payments', hasContacts: true, lastDays: 30 },
    alerts: { email: 'instant', slackWebhookUrl: null, webhookUrl: null, crm: null },
  };
  const call = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('creates, lists, reads, updates and deletes, with the same shape everywhere', async () => {
    const me = await signInAs(t, 'subscriber');
    const created = await call(me, 'POST', '/api/saved-searches', body);
    expect(created.statusCode).toBe(201);
    const saved = created.json();
    expect(saved).toEqual({
      id: expect.any(String),
      name: body.name,
      filter: body.filter,
      alerts: body.alerts,
      webhook: null,
      newCount: 0,
      lastViewedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await call(me, 'GET', '/api/saved-searches')).json()).toEqual({ savedSearches: [saved] });
    expect((await call(me, 'GET', `/api/saved-searches/${saved.id}`)).json()).toEqual(saved);

    const updated = await call(me, 'PUT', `/api/saved-searches/${saved.id}`, {
      name: '  Renamed  ',
      filter: { industry: ['AI', 'AI', ' '] },
      alerts: { email: 'daily', slackWebhookUrl: 'https://hooks.slack.com/services/T/B/X', webhookUrl: 'https://example.com/hook', crm: 'pipedrive' },
    });
    expect(updated.statusCode).toBe(200);
    const after = updated.json();
    expect(after.name).toBe('Renamed');
    expect(after.filter).toEqual({ industry: ['AI'] });
    expect(after.alerts).toEqual({ email: 'daily', slackWebhookUrl: 'https://hooks.slack.com/services/T/B/X', webhookUrl: 'https://example.com/hook', crm: 'pipedrive' });
    // whsec_ and base64 of 24 bytes (32 characters).
    expect(after.webhook).toEqual({ secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/), disabledAt: null, disabledReason: null });

    // The secret stays when the search is saved again, even with another URL.
    const again = await call(me, 'PUT', `/api/saved-searches/${saved.id}`, {
      ...body,
      alerts: { email: 'off', slackWebhookUrl: null, webhookUrl: 'https://example.com/other' },
    });
    expect(again.json().webhook.secret).toBe(after.webhook.secret);

    expect((await call(me, 'POST', `/api/saved-searches/${saved.id}/viewed`)).json()).toEqual({ ok: true });
    expect((await call(me, 'GET', `/api/saved-searches/${saved.id}`)).json().lastViewedAt).toEqual(expect.any(String));

    expect((await call(me, 'DELETE', `/api/saved-searches/${saved.id}`)).json()).toEqual({ ok: true });
    expect((await call(me, 'GET', `/api/saved-searches/${saved.id}`)).statusCode).toBe(404);
    expect((await call(me, 'GET', '/api/saved-searches')).json()).toEqual({ savedSearches: [] });
  });

  it("answers 404 for another user's saved search and changes nothing", async () => {
    const owner = await signInAs(t, 'subscriber');
    const other = await signInAs(t, 'subscriber');
    const saved = (await call(owner, 'POST', '/api/saved-searches', body)).json();
    for (const [method, url, payload] of [
      ['GET', `/api/saved-searches/${saved.id}`, undefined],
      ['PUT', `/api/saved-searches/${saved.id}`, { ...body, name: 'Stolen' }],
      ['DELETE', `/api/saved-searches/${saved.id}`, undefined],
      ['POST', `/api/saved-searches/${saved.id}/viewed`, undefined],
    ] as const) {
      const response = await call(other, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ error: 'Saved search not found' });
    }
    expect((await call(other, 'GET', '/api/saved-searches')).json()).toEqual({ savedSearches: [] });
    expect((await call(owner, 'GET', `/api/saved-searches/${saved.id}`)).json()).toEqual(saved);
  });

  it('keeps at most 50 per account, also when many are created at once', async () => {
    const me = await signInAs(t, 'subscriber');
    const responses = await Promise.all(
      Array.from({ length: MAX_SAVED_SEARCHES + 5 }, (_, index) => call(me, 'POST', '/api/saved-searches', { ...body, name: `Search ${index}` })),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(MAX_SAVED_SEARCHES);
    const refused = responses.filter((response) => response.statusCode !== 201);
    expect(refused.map((response) => response.statusCode)).toEqual([409, 409, 409, 409, 409]);
    expect(refused[0]!.json()).toEqual({ error: SAVED_SEARCH_LIMIT_MESSAGE });
    expect((await call(me, 'GET', '/api/saved-searches')).json().savedSearches).toHaveLength(MAX_SAVED_SEARCHES);
    // Another account has its own 50.
    const other = await signInAs(t, 'subscriber');
    expect((await call(other, 'POST', '/api/saved-searches', body)).statusCode).toBe(201);
  });

  it('validates the filter with the lead list rules, and refuses bad names and URLs', async () => {
    const me = await signInAs(t, 'subscriber');
    const cases: [unknown, string][] = [
      [{ ...body, name: '' }, 'name is required'],
      [{ ...body, name: 'x'.repeat(101) }, 'name must be at most 100 characters'],
      [{ ...body, filter: { fundingRound: ['Series Z'] } }, 'fundingRound must be one of'],
      [{ ...body, filter: { minFunding: 10, maxFunding: 5 } }, 'minFunding must not be greater than maxFunding'],
      [{ ...body, filter: { dateStart: '2026-02-30' } }, ''],
      [{ ...body, filter: { lastDays: 366 } }, 'lastDays must be a whole number from 1 to 365'],
      [{ ...body, filter: { colour: 'red' } }, 'filter has an unknown field: colour'],
      [{ ...body, filter: 'fintech' }, 'filter must be an object'],
      [{ ...body, alerts: { email: 'hourly' } }, ''],
      [{ ...body, alerts: { email: 'off', webhookUrl: 'javascript:alert(1)' } }, 'webhookUrl must be an http(s) URL'],
      [{ ...body, alerts: { email: 'off', slackWebhookUrl: 'ftp://example.com' } }, 'slackWebhookUrl must be an http(s) URL'],
      [{ ...body, alerts: { email: 'off', crm: 'salesforce' } }, 'alerts.crm must be hubspot, pipedrive or null'],
    ];
    for (const [payload, message] of cases) {
      const response = await call(me, 'POST', '/api/saved-searches', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toContain(message);
    }
    expect((await call(me, 'GET', '/api/saved-searches')).json()).toEqual({ savedSearches: [] });
    // An empty filter is a search for every new lead.
    const everything = await call(me, 'POST', '/api/saved-searches', { name: 'Everything', filter: {} });
    expect(everything.statusCode).toBe(201);
    expect(everything.json().alerts).toEqual({ email: 'off', slackWebhookUrl: null, webhookUrl: null, crm: null });
  });

  it('is for subscribers only', async () => {
    const user = await signInAs(t, 'user');
    expect((await call(user, 'GET', '/api/saved-searches')).statusCode).toBe(403);
    expect((await call({}, 'GET', '/api/saved-searches')).statusCode).toBe(401);
  });
});
