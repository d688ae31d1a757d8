// Paid access ends when payment ends (issue 29, item 1): a saved search of a subscriber who cancelled or lapsed
// sends no mail, Slack message or webhook for leads created afterwards, nor for leads queued before the lapse and
// due after it; the search stays, paused, and alerts again (without the backlog) once the subscription returns.
// The public API answers the lapsed owner's key and session 403 and answers again after resubscribing.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PAUSED_NO_SUBSCRIPTION } from '../billing/index.js';
import { invalidateAuthCache } from '../../plugins/access.js';
import { buildTestApp, signInAs, type TestApp } from '../../../test/helpers.js';
import { createReceiver, status } from '../../../test/webhook-receiver.js';
import { hookChannels } from './hooks.js';
import { matchLeadChanges } from './matcher.js';
import { drainAlertDeliveries } from './sender.js';

describe('saved-search alerts stop when the subscription ends', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const receiver = createReceiver();
  beforeAll(async () => {
    t = await buildTestApp();
    await receiver.listen();
    admin = await signInAs(t, 'admin');
  });
  afterAll(async () => {
    receiver.close();
    await t.close();
  });
  afterEach(() => receiver.reset());

  let counter = 0;
  async function createLead(industry: string, companyName: string): Promise<void> {
    counter++;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: admin,
      payload: {
        companyName,
        domain: `paid-${counter}-${Date.now()}.example.com`,
        industry,
        fundingAmount: 3_000_000,
        fundingRound: 'Seed',
        location: 'Lisbon, Portugal',
        fundingDate: '2026-05-06',
        description: 'Ledgers for bakeries.',
        tags: [],
        sourceUrl: null,
        contacts: [{ name: `Founder ${counter}`, role: 'CEO', email: `paid-founder${counter}@example.com`, linkedIn: '' }],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  /** One alert cycle: match, make every queued delivery due (instant email waits 2 minutes), send. */
  async function alertCycle() {
    while ((await matchLeadChanges(t.database, { timeZone: 'UTC', adminEmail: t.config.adminEmail, billingMode: t.app.billing.mode })).changes > 0);
    await t.database.rawTransaction((query) => query(`update alert_deliveries set next_attempt_at = now() where status in ('pending', 'retrying')`));
    receiver.reply(status(200));
    return drainAlertDeliveries(
      {
        database: t.database,
        log: t.app.log,
        appUrl: t.config.appUrl,
        mailer: t.app.mailer,
        signer: t.app.mailLinks,
        adminEmail: t.config.adminEmail,
        billingMode: t.app.billing.mode,
        channels: hookChannels({ database: t.database, config: t.config, mailer: t.app.mailer }),
      },
      { workerId: 'paid-access' },
    );
  }

  /** What reached the owner through each channel during fn: company names in mails, Slack texts and webhook bodies. */
  async function received(email: string, fn: () => Promise<unknown>) {
    const mailsBefore = t.mails.length;
    receiver.reset();
    await fn();
    const mails = t.mails.slice(mailsBefore).filter((mail) => mail.to === email);
    return {
      mail: mails.map((mail) => mail.text).join('\n'),
      slack: receiver.received.filter((request) => request.url === '/slack').map((request) => request.body).join('\n'),
      webhook: receiver.received.filter((request) => request.url === '/hook').map((request) => request.body).join('\n'),
    };
  }

  async function setSubscription(userId: string, set: string) {
    await t.database.rawTransaction((query) => query(`update subscriptions set ${set} where user_id = $1`, [userId]));
    // What billing does after every subscription change (the API's 5-second session cache).
    invalidateAuthCache(t.app, userId);
  }

  it('sends nothing while cancelled or lapsed, keeps the search, and alerts again after resubscribing without the backlog', async () => {
    const industry = `Bakery-${Date.now()}`;
    const owner = await signInAs(t, 'subscriber');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: owner });
    const { id: userId, email } = me.json().user as { id: string; email: string };
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: owner,
      payload: {
        name: 'Bakeries',
        filter: { industry: [industry] },
        alerts: { email: 'instant', slackWebhookUrl: receiver.url('/slack'), webhookUrl: receiver.url('/hook') },
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const searchId = saved.json().id as string;
    const key = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: owner, payload: { name: 'CRM sync' } });
    expect(key.statusCode, key.body).toBe(201);
    const bearer = { authorization: `Bearer ${key.json().key as string}` };
    const api = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/v1/leads', headers })).statusCode;

    // Paying: every channel gets the new lead.
    const paying = await received(email, async () => {
      await createLead(industry, 'Paying Bakery');
      expect(await alertCycle()).toMatchObject({ delivered: 3, failed: 0 });
    });
    for (const channel of ['mail', 'slack', 'webhook'] as const) expect(paying[channel], channel).toContain('Paying Bakery');
    expect(await api(bearer)).toBe(200);

    // Queued while paying, due after the period the subscription was cancelled at has ended: checked when sent.
    await createLead(industry, 'Queued Bakery');
    while ((await matchLeadChanges(t.database, { timeZone: 'UTC', adminEmail: t.config.adminEmail, billingMode: t.app.billing.mode })).changes > 0);
    await setSubscription(userId, `cancel_at_period_end = true, current_period_end = now() - interval '1 minute'`);
    const lapsed = await received(email, () => alertCycle());
    expect(lapsed).toEqual({ mail: '', slack: '', webhook: '' });
    const log = await t.database.rawTransaction((query) =>
      query(`select channel, status, last_error from alert_deliveries where saved_search_id = $1 and status = 'failed' order by channel`, [searchId]),
    );
    expect(log.rows).toEqual(['email', 'slack', 'webhook'].map((channel) => ({ channel, status: 'failed', last_error: PAUSED_NO_SUBSCRIPTION })));

    // Cancelled for good (Stripe's customer.subscription.deleted): a lead created now reaches nobody, the API answers 403.
    await setSubscription(userId, `status = 'canceled', cancel_at_period_end = false, current_period_end = now() - interval '1 minute'`);
    const cancelled = await received(email, async () => {
      await createLead(industry, 'Cancelled Bakery');
      expect(await alertCycle()).toEqual({ delivered: 0, failed: 0, retried: 0 });
    });
    expect(cancelled).toEqual({ mail: '', slack: '', webhook: '' });
    expect(await api(bearer)).toBe(403);
    expect(await api(owner)).toBe(403);
    // The search is kept (paused), and the lead it matched is recorded, so it shows as new on return.
    const kept = await t.database.rawTransaction((query) =>
      query(`select (select count(*)::int from saved_search_matches where saved_search_id = s.id) as matches from saved_searches s where s.id = $1`, [searchId]),
    );
    expect(kept.rows).toEqual([{ matches: 3 }]);

    // Subscribed again: the next lead reaches every channel; the lead of the lapse is not sent after the fact.
    await setSubscription(userId, `status = 'active', current_period_end = now() + interval '30 days'`);
    const back = await received(email, async () => {
      await createLead(industry, 'Returning Bakery');
      expect(await alertCycle()).toMatchObject({ delivered: 3, failed: 0 });
    });
    for (const channel of ['mail', 'slack', 'webhook'] as const) {
      expect(back[channel], channel).toContain('Returning Bakery');
      expect(back[channel], channel).not.toContain('Cancelled Bakery');
      expect(back[channel], channel).not.toContain('Queued Bakery');
    }
    expect(await api(bearer)).toBe(200);
    expect(await api(owner)).toBe(200);
  });
});
