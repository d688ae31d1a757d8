// The alert sender: an instant email gathers several new leads into one mail over real SMTP, names the search,
// links to it and unsubscribes that search alone in one click; two workers at once and a worker whose lease ran
// out still send each delivery once; other channels plug in through `channels`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signInAs, type TestApp } from '../../../test/helpers.js';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp.js';
import { matchLeadChanges } from './matcher.js';
import { drainAlertDeliveries, type AlertBatch, type AlertSenderDeps } from './sender.js';

describe('saved-search alert sender', () => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  let admin: Record<string, string>;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await buildTestApp({ SMTP_URL: smtp.url });
    admin = await signInAs(t, 'admin');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const deps = (channels: AlertSenderDeps['channels'] = {}): AlertSenderDeps => ({
    database: t.database,
    log: t.app.log,
    appUrl: t.config.appUrl,
    mailer: t.app.mailer,
    signer: t.app.mailLinks,
    adminEmail: t.config.adminEmail,
    billingMode: t.app.billing.mode,
    channels,
  });
  let counter = 0;
  async function createLead(industry: string, companyName: string): Promise<string> {
    counter++;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: admin,
      payload: {
        companyName,
        domain: `sender-${counter}-${Date.now()}.example.com`,
        industry,
        fundingAmount: 7_000_000,
        fundingRound: 'Series A',
        location: 'Berlin, Germany',
        fundingDate: '2026-03-04',
        description: 'Payments for shops.',
        tags: [],
        sourceUrl: null,
        contacts: [{ name: `Founder ${counter}`, role: 'CEO', email: `founder${counter}@example.com`, linkedIn: '' }],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().lead.id;
  }
  async function saveSearch(user: Record<string, string>, industry: string, alerts: Record<string, unknown>): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: user,
      payload: { name: `${industry} rounds`, filter: { industry: [industry], minFunding: 5_000_000 }, alerts },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  }
  const match = async () => {
    while ((await matchLeadChanges(t.database, { timeZone: 'UTC', adminEmail: t.config.adminEmail, billingMode: t.app.billing.mode })).changes > 0);
  };
  /** The instant email's batching window has passed. */
  const windowPassed = (searchId: string) =>
    t.database.rawTransaction((query) =>
      query(`update alert_deliveries set next_attempt_at = now() where saved_search_id = $1 and status = 'pending'`, [searchId]),
    );
  const deliveriesOf = async (searchId: string) =>
    (
      await t.database.rawTransaction((query) =>
        query(
          'select channel, status, attempts, (select count(*)::int from alert_delivery_leads l where l.delivery_id = d.id) as leads from alert_deliveries d where saved_search_id = $1 order by channel',
          [searchId],
        ),
      )
    ).rows;

  it('batches an instant email of several new leads into one mail with the search link and its own one-click unsubscribe', async () => {
    const industry = `Fintech-${Date.now()}`;
    const owner = await signInAs(t, 'subscriber');
    const searchId = await saveSearch(owner, industry, { email: 'instant' });
    const other = await saveSearch(owner, `${industry}-other`, { email: 'instant' });
    await createLead(industry, 'First Pay');
    await match();
    // Not yet: the mail waits for more leads.
    expect(await drainAlertDeliveries(deps(), { workerId: 'early' })).toEqual({ delivered: 0, failed: 0, retried: 0 });
    await createLead(industry, 'Second Pay');
    await createLead(industry, 'Third Pay');
    await match();
    expect(await deliveriesOf(searchId)).toEqual([{ channel: 'email', status: 'pending', attempts: 0, leads: 3 }]);
    await windowPassed(searchId);
    expect(await drainAlertDeliveries(deps(), { workerId: 'one' })).toMatchObject({ delivered: 1 });

    const mails = smtp.mails.filter((mail) => mail.subject.includes(`${industry} rounds`));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`3 new leads for “${industry} rounds”`);
    for (const name of ['First Pay', 'Second Pay', 'Third Pay']) expect(mail.text).toContain(name);
    expect(mail.text).toMatch(/founder\d+@example\.com/);
    expect(mail.html).toContain(`/historical?savedSearch=${searchId}&amp;industry=${encodeURIComponent(industry)}&amp;minFunding=5000000`);
    expect(mail.rawHeaders['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /<([^>]+)>/.exec(mail.rawHeaders['list-unsubscribe'] ?? '')![1]!;
    expect(await deliveriesOf(searchId)).toEqual([{ channel: 'email', status: 'delivered', attempts: 1, leads: 3 }]);

    // The one-click unsubscribe turns this search's email off, and only this one's.
    const url = new URL(oneClick);
    const unsubscribed = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    expect(unsubscribed.json()).toMatchObject({ kind: 'saved-search', subscribed: false, savedSearchName: `${industry} rounds` });
    const list = (await t.app.inject({ method: 'GET', url: '/api/saved-searches', headers: owner })).json();
    const modes = Object.fromEntries(list.savedSearches.map((search: { id: string; alerts: { email: string } }) => [search.id, search.alerts.email]));
    expect(modes).toEqual({ [searchId]: 'off', [other]: 'instant' });
    // New leads for it queue nothing for email any more.
    await createLead(industry, 'Fourth Pay');
    await match();
    expect(await deliveriesOf(searchId)).toEqual([{ channel: 'email', status: 'delivered', attempts: 1, leads: 3 }]);
  });

  it('two workers at once, and a worker that died holding the lease: each delivery goes out once', async () => {
    const industry = `Climate-${Date.now()}`;
    const searches: string[] = [];
    for (let index = 0; index < 6; index++) {
      const owner = await signInAs(t, 'subscriber');
      searches.push(await saveSearch(owner, industry, { email: 'instant' }));
    }
    await createLead(industry, 'Twin Climate');
    await match();
    for (const searchId of searches) await windowPassed(searchId);
    // A worker claimed one delivery and died: its lease ran out.
    await t.database.rawTransaction((query) =>
      query(`update alert_deliveries set locked_by = 'dead-worker', locked_until = now() - interval '1 second', attempts = 1 where saved_search_id = $1`, [
        searches[0],
      ]),
    );
    const [a, b] = await Promise.all([
      drainAlertDeliveries(deps(), { workerId: 'worker-a', batchSize: 1 }),
      drainAlertDeliveries(deps(), { workerId: 'worker-b', batchSize: 1 }),
    ]);
    expect(a.delivered + b.delivered).toBe(6);
    expect(smtp.mails.filter((mail) => mail.text.includes('Twin Climate'))).toHaveLength(6);
    expect((await deliveriesOf(searches[0]!))[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(await drainAlertDeliveries(deps(), { workerId: 'worker-c' })).toEqual({ delivered: 0, failed: 0, retried: 0 });
  });

  it('hands slack and webhook deliveries to the plugged-in channels, and retries when they say so', async () => {
    const industry = `Robotics-${Date.now()}`;
    const owner = await signInAs(t, 'subscriber');
    const searchId = await saveSearch(owner, industry, { email: 'off', slackWebhookUrl: 'http://127.0.0.1:9/slack', webhookUrl: 'http://127.0.0.1:9/hook' });
    const leadId = await createLead(industry, 'Plug Robotics');
    await match();
    const seen: AlertBatch[] = [];
    let webhookFails = true;
    const channels: AlertSenderDeps['channels'] = {
      slack: async (batch) => {
        seen.push(batch);
        return { status: 'delivered', statusCode: 200, durationMs: 12 };
      },
      webhook: async (batch) => {
        seen.push(batch);
        return webhookFails
          ? { status: 'retry', statusCode: 500, durationMs: 5, error: 'HTTP 500', retryInMs: 0 }
          : { status: 'delivered', statusCode: 204, durationMs: 7 };
      },
    };
    await drainAlertDeliveries(deps(channels), { workerId: 'plug-1' });
    expect(seen.map((batch) => [batch.channel, batch.leads.map((lead) => lead.id), batch.savedSearch.id, batch.attempt])).toEqual(
      expect.arrayContaining([
        ['slack', [leadId], searchId, 1],
        ['webhook', [leadId], searchId, 1],
      ]),
    );
    expect(seen.find((batch) => batch.channel === 'webhook')!.savedSearch.webhookSecret).toMatch(/^whsec_/);
    webhookFails = false;
    // The retry is due at once (retryInMs 0) and keeps its delivery id.
    const firstWebhookId = seen.find((batch) => batch.channel === 'webhook')!.deliveryId;
    await drainAlertDeliveries(deps(channels), { workerId: 'plug-2' });
    const webhookBatches = seen.filter((batch) => batch.channel === 'webhook');
    expect(webhookBatches.map((batch) => [batch.deliveryId, batch.attempt])).toEqual(
      expect.arrayContaining([
        [firstWebhookId, 1],
        [firstWebhookId, 2],
      ]),
    );
    const rows = (
      await t.database.rawTransaction((query) =>
        query('select channel, status, attempts, status_code, duration_ms from alert_deliveries where saved_search_id = $1 order by channel', [searchId]),
      )
    ).rows;
    expect(rows).toEqual([
      { channel: 'slack', status: 'delivered', attempts: 1, status_code: 200, duration_ms: 12 },
      { channel: 'webhook', status: 'delivered', attempts: 2, status_code: 204, duration_ms: 7 },
    ]);
  });
});
