// CSRF: state-changing requests with a session cookie must come from APP_URL's origin.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertSettings, leads } from '../db/schema/index.js';
import { buildTestApp, signInAs, signUp, type TestApp } from '../../test/helpers.js';

const EVIL = 'https://evil.example';

function leadInput() {
  return {
    companyName: 'Forged Robotics',
    domain: 'forged.example.com',
    industry: 'Robotics',
    fundingAmount: 1_000_000,
    fundingRound: 'Seed',
    location: 'Pittsburgh, PA',
    fundingDate: '2026-11-20',
    description: 'Should never be stored.',
    tags: [],
    contacts: [],
  };
}

describe('cross-site requests', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t, 'admin');
  });
  afterAll(async () => t.close());

  it('refuses a cross-site lead create as the admin, and stores nothing', async () => {
    for (const headers of [
      { cookie: admin.cookie!, origin: EVIL },
      { cookie: admin.cookie!, origin: 'null' },
      { cookie: admin.cookie!, origin: `${t.config.appUrl}.evil.example` },
      { cookie: admin.cookie!, 'sec-fetch-site': 'cross-site' },
      { cookie: admin.cookie!, 'sec-fetch-site': 'same-site' },
      // No Origin and no Sec-Fetch-Site: nothing says it came from us.
      { cookie: admin.cookie! },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/leads', headers, payload: leadInput() });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ error: 'Cross-site request refused' });
    }
    expect(await t.database.db.select().from(leads).where(eq(leads.companyName, 'Forged Robotics'))).toHaveLength(0);
  });

  it('accepts the same request from our own origin, or same-origin by Sec-Fetch-Site when Origin is missing', async () => {
    const fromOrigin = await t.app.inject({ method: 'POST', url: '/api/leads', headers: { cookie: admin.cookie!, origin: t.config.appUrl }, payload: leadInput() });
    expect(fromOrigin.statusCode).toBe(201);
    const bySecFetch = await t.app.inject({
      method: 'DELETE',
      url: `/api/leads/${(fromOrigin.json() as { lead: { id: string } }).lead.id}`,
      headers: { cookie: admin.cookie!, 'sec-fetch-site': 'same-origin' },
    });
    expect(bySecFetch.statusCode).toBeLessThan(300);
  });

  it("refuses a cross-site change to a subscriber's alerts and to their subscription", async () => {
    const user = await signUp(t.app, 'victim@example.com');
    const before = await t.database.db.select().from(alertSettings).where(eq(alertSettings.userId, user.userId));
    const alerts = await t.app.inject({ method: 'PUT', url: '/api/me/alerts', headers: { cookie: user.cookie, origin: EVIL }, payload: { frequency: 'off' } });
    expect(alerts.statusCode).toBe(403);
    const cancel = await t.app.inject({ method: 'POST', url: '/api/cancel-subscription', headers: { cookie: user.cookie, origin: EVIL }, payload: {} });
    expect(cancel.statusCode).toBe(403);
    const signOut = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: user.cookie, origin: EVIL }, payload: {} });
    expect(signOut.statusCode).toBe(403);
    expect(await t.database.db.select().from(alertSettings).where(eq(alertSettings.userId, user.userId))).toEqual(before);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('lets bearer-token clients and requests without a session cookie through', async () => {
    const user = await signUp(t.app, 'api-client@example.com');
    const bearer = await t.app.inject({
      method: 'PUT',
      url: '/api/me/alerts',
      headers: { authorization: `Bearer ${user.token}`, origin: EVIL },
      payload: { frequency: 'daily' },
    });
    expect(bearer.statusCode).toBe(200);
    // No cookie: the newsletter form is public, and a cross-site post carries no session to abuse.
    const subscribe = await t.app.inject({ method: 'POST', url: '/api/subscribe-email', headers: { origin: EVIL }, payload: { email: 'reader@example.com' } });
    expect(subscribe.statusCode).toBeLessThan(300);
  });

  it('lets signed endpoints through from anywhere: the Stripe webhook and the mail links', async () => {
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { cookie: admin.cookie!, origin: EVIL, 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad' },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(400);
    expect(webhook.json().error).not.toBe('Cross-site request refused');
    const unsubscribe = await t.app.inject({ method: 'POST', url: '/api/unsubscribe', headers: { cookie: admin.cookie!, origin: EVIL }, payload: { token: 'forged' } });
    expect(unsubscribe.json().error).not.toBe('Cross-site request refused');
  });
});
