// Slack and webhook deliveries through the alert worker (drainAlertDeliveries with hookChannels), against a local receiver: test events arrive
// signed (checked by the standardwebhooks package's own verifier), a 500 is retried under the same webhook-id,
// 410 and a day of failures disable the endpoint and mail the owner once, production refuses local addresses,
// and the routes (rotate-secret, test-event, deliveries) answer by the contract.
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addLeads, testLead } from '../../../test/mail.js';
import { buildTestApp, signInAs, type TestApp } from '../../../test/helpers.js';
import { createReceiver, status } from '../../../test/webhook-receiver.js';
import { DELIVERIES_SHOWN, hookChannels, TEST_EVENTS_PER_MINUTE, webhookIdFor, type HookDeps } from './hooks.js';
import { matchLeadChanges } from './matcher.js';
import { drainAlertDeliveries } from './sender.js';

describe('Slack and webhook alert deliveries', () => {
  let t: TestApp;
  const receiver = createReceiver();
  // One owner for every test (sign-ups are rate limited); each test makes its own saved searches.
  let me: Record<string, string>;
  let other: Record<string, string>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    await receiver.listen();
    me = await signInAs(t, 'subscriber');
    other = await signInAs(t, 'subscriber');
    admin = await signInAs(t, 'admin');
  });
  afterAll(async () => {
    receiver.close();
    await t.close();
  });
  afterEach(() => receiver.reset());

  const deps = (overrides: Partial<HookDeps> = {}): HookDeps => ({ database: t.database, config: t.config, mailer: t.app.mailer, ...overrides });
  const run = (overrides: Partial<HookDeps> = {}) =>
    drainAlertDeliveries(
      { database: t.database, log: t.app.log, appUrl: t.config.appUrl, mailer: t.app.mailer, signer: t.app.mailLinks, adminEmail: t.config.adminEmail, billingMode: t.app.billing.mode, channels: hookChannels(deps(overrides)) },
      { workerId: 'test-worker' },
    );
  /** The wait the worker set before the next attempt of a search's retrying deliveries. */
  const retryWaitsMs = (savedSearchId: string) =>
    t.database.rawTransaction(async (query) =>
      (
        await query(
          `select extract(epoch from next_attempt_at - last_attempt_at) * 1000 as wait from alert_deliveries where saved_search_id = $1 and status = 'retrying'`,
          [savedSearchId],
        )
      ).rows.map((row) => Number(row.wait)),
    );
  /** Moves the clock: the search's retrying deliveries are due now. */
  const makeDue = (savedSearchId: string) =>
    t.database.rawTransaction((query) =>
      query(`update alert_deliveries set next_attempt_at = now() - interval '1 second' where saved_search_id = $1 and status = 'retrying'`, [savedSearchId]),
    );
  /** Moves the clock past a search's test-event window. */
  const windowPassed = (savedSearchId: string) =>
    t.database.rawTransaction((query) =>
      query(`update rate_limits set window_start = now() - interval '61 seconds' where key = $1`, [`test-event:${savedSearchId}`]),
    );
  const call = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  async function savedSearchWith(me: Record<string, string>, alerts: { webhookUrl?: string | null; slackWebhookUrl?: string | null }) {
    const response = await call(me, 'POST', '/api/saved-searches', {
      name: 'Fintech seed',
      filter: { industry: ['FinTech'] },
      alerts: { email: 'off', webhookUrl: null, slackWebhookUrl: null, ...alerts },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; webhook: { secret: string; disabledAt: string | null; disabledReason: string | null } | null };
  }

  /** A matched-leads delivery of new leads, as the matcher queues it. */
  async function queueMatched(savedSearchId: string, channel: 'webhook' | 'slack', names: string[]): Promise<string> {
    await addLeads(
      t.database,
      names.map((companyName) => testLead({ companyName })),
    );
    return t.database.rawTransaction(async (query) => {
      const inserted = await query(`insert into alert_deliveries (saved_search_id, channel) values ($1, $2) returning id`, [savedSearchId, channel]);
      const id = String(inserted.rows[0]!.id);
      await query(
        `insert into alert_delivery_leads (saved_search_id, lead_id, channel, delivery_id)
         select $1, id, $2, $3 from leads where company_name = any($4::text[])`,
        [savedSearchId, channel, id, names],
      );
      return id;
    });
  }

  const deliveries = async (me: Record<string, string>, id: string) => (await call(me, 'GET', `/api/saved-searches/${id}/deliveries`)).json().deliveries;
  const ownerEmail = async (id: string) =>
    t.database.rawTransaction(async (query) => {
      const result = await query('select u.email from saved_searches s join users u on u.id = s.user_id where s.id = $1', [id]);
      return String(result.rows[0]!.email);
    });

  it('sends a test event through the queue to the webhook (signed) and to Slack, and lists both deliveries', async () => {
    const search = await savedSearchWith(me, { webhookUrl: receiver.url('/hook'), slackWebhookUrl: receiver.url('/slack') });
    receiver.reply(status(200));
    const queued = await call(me, 'POST', `/api/saved-searches/${search.id}/test-event`);
    expect(queued.statusCode).toBe(202);
    const { deliveryId } = queued.json();
    expect(deliveryId).toEqual(expect.any(String));
    expect(receiver.received).toEqual([]); // queued, not sent inline

    expect(await run()).toEqual({ delivered: 2, failed: 0, retried: 0 });
    const hook = receiver.received.find((request) => request.url === '/hook');
    const slack = receiver.received.find((request) => request.url === '/slack');
    expect(hook?.headers['webhook-id']).toBe(webhookIdFor(deliveryId));
    const body = new Webhook(search.webhook!.secret).verify(hook!.body, receiver.webhookHeaders(hook!)) as {
      type: string;
      timestamp: string;
      data: { savedSearch: { id: string; name: string }; leads: Array<{ companyName: string; contacts: unknown[] }> };
    };
    expect(body.type).toBe('leads.matched');
    expect(body.data.savedSearch).toEqual({ id: search.id, name: 'Fintech seed' });
    expect(body.data.leads).toHaveLength(1);
    expect(body.data.leads[0]?.contacts).toHaveLength(1);
    const slackText = JSON.parse(slack!.body).text as string;
    expect(slackText).toContain('[Test] 1 new lead for “Fintech seed”');
    // The message links to the archive opened on the saved search.
    expect(slackText).toContain(`${t.config.appUrl}/historical?savedSearch=${search.id}`);

    const listed = await deliveries(me, search.id);
    expect(listed).toHaveLength(2);
    for (const delivery of listed) {
      expect(delivery).toEqual({
        id: expect.any(String),
        channel: expect.stringMatching(/^(webhook|slack)$/),
        event: 'test',
        status: 'delivered',
        attempts: 1,
        statusCode: 200,
        durationMs: expect.any(Number),
        at: expect.any(String),
        error: null,
      });
    }
    expect(listed.map((delivery: { id: string }) => delivery.id)).toContain(deliveryId);
    // Nothing is due any more.
    expect(await run()).toEqual({ delivered: 0, failed: 0, retried: 0 });
  });

  it('a new lead that matches goes out once to the webhook and to Slack, through the matcher and the worker', async () => {
    const industry = `Hooktech${Date.now()}`;
    const response = await call(me, 'POST', '/api/saved-searches', {
      name: 'Hooktech',
      filter: { industry: [industry] },
      alerts: { email: 'off', webhookUrl: receiver.url('/matched'), slackWebhookUrl: receiver.url('/matched-slack') },
    });
    const search = response.json();
    const created = await call(admin, 'POST', '/api/leads', {
      companyName: 'Hooked Robotics',
      domain: `hooked-${Date.now()}.example.com`,
      industry,
      fundingAmount: 2_000_000,
      fundingRound: 'Seed',
      location: 'Austin, TX',
      fundingDate: '2026-01-02',
      description: 'Robots.',
      tags: [],
      sourceUrl: null,
      contacts: [{ name: 'Ada', role: 'CEO', email: 'ada@hooked.example.com', linkedIn: '' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    receiver.reply(status(200));
    await matchLeadChanges(t.database, { timeZone: 'UTC', adminEmail: t.config.adminEmail, billingMode: t.app.billing.mode });
    expect(await run()).toMatchObject({ delivered: 2, failed: 0, retried: 0 });
    await matchLeadChanges(t.database, { timeZone: 'UTC', adminEmail: t.config.adminEmail, billingMode: t.app.billing.mode });
    expect(await run()).toEqual({ delivered: 0, failed: 0, retried: 0 });
    expect(receiver.received.map((request) => request.url).sort()).toEqual(['/matched', '/matched-slack']);
    const hook = receiver.received.find((request) => request.url === '/matched')!;
    const body = new Webhook(search.webhook.secret).verify(hook.body, receiver.webhookHeaders(hook)) as {
      data: { leads: Array<{ id: string; contacts: unknown[] }> };
    };
    expect(body.data.leads.map((lead) => lead.id)).toEqual([created.json().lead.id]);
    expect(body.data.leads[0]?.contacts).toHaveLength(1);
    expect(JSON.parse(receiver.received.find((request) => request.url === '/matched-slack')!.body).text).toContain(
      'Hooked Robotics: Seed · $2,000,000 · Austin, TX · 1 contact',
    );
    expect(
      (await deliveries(me, search.id))
        .map((delivery: { channel: string; event: string; status: string }) => [delivery.channel, delivery.event, delivery.status])
        .sort(),
    ).toEqual([
      ['slack', 'leads.matched', 'delivered'],
      ['webhook', 'leads.matched', 'delivered'],
    ]);
  });

  it('retries a 500 on the schedule with the same webhook-id, the leads in the API shape', async () => {
    const search = await savedSearchWith(me, { webhookUrl: receiver.url('/hook') });
    const name = `Retryco ${Date.now()}`;
    const deliveryId = await queueMatched(search.id, 'webhook', [name]);
    receiver.reply(status(500, {}, 'down'), status(204));
    expect(await run()).toMatchObject({ retried: 1 });
    let [listed] = await deliveries(me, search.id);
    // The status code only, not the receiver's body ('down').
    expect(listed).toMatchObject({ id: deliveryId, status: 'retrying', attempts: 1, statusCode: 500, error: 'HTTP 500' });
    // The second attempt waits 5 s (±10 % jitter): not due yet, then due once the clock has moved.
    const [wait] = await retryWaitsMs(search.id);
    expect(wait).toBeGreaterThanOrEqual(4_500);
    expect(wait).toBeLessThanOrEqual(5_500);
    expect(await run()).toEqual({ delivered: 0, failed: 0, retried: 0 });
    await makeDue(search.id);
    expect(await run()).toMatchObject({ delivered: 1 });
    [listed] = await deliveries(me, search.id);
    expect(listed).toMatchObject({ status: 'delivered', attempts: 2, statusCode: 204, error: null });

    expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([webhookIdFor(deliveryId), webhookIdFor(deliveryId)]);
    for (const request of receiver.received) {
      const body = new Webhook(search.webhook!.secret).verify(request.body, receiver.webhookHeaders(request)) as {
        timestamp: string;
        data: { leads: Array<{ id: string; companyName: string; fundingRound: string; contacts: unknown[] }> };
      };
      expect(body.data.leads.map((lead) => lead.companyName)).toEqual([name]);
      expect(body.data.leads[0]).toMatchObject({ id: expect.any(String), fundingRound: 'Seed', contacts: [expect.objectContaining({ role: 'CEO' })] });
    }
    // The event's timestamp stays; each attempt signs its own webhook-timestamp.
    const [first, second] = receiver.received.map((request) => JSON.parse(request.body).timestamp);
    expect(first).toBe(second);
  });

  it('honours Retry-After on 429', async () => {
    const search = await savedSearchWith(me, { webhookUrl: receiver.url('/hook') });
    await queueMatched(search.id, 'webhook', [`Limited ${Date.now()}`]);
    receiver.reply(status(429, { 'retry-after': '600' }));
    expect(await run()).toMatchObject({ retried: 1 });
    // Ten minutes, not the schedule's 5 s.
    expect(await retryWaitsMs(search.id)).toEqual([600_000]);
    expect(await run()).toEqual({ delivered: 0, failed: 0, retried: 0 });
    receiver.reply(status(200));
    await makeDue(search.id);
    expect(await run()).toMatchObject({ delivered: 1 });
  });

  it('disables the webhook on 410, mails the owner once, skips later alerts; a delivered test event turns it back on', async () => {
    const search = await savedSearchWith(me, { webhookUrl: receiver.url('/gone') });
    await queueMatched(search.id, 'webhook', [`Goneco ${Date.now()}`]);
    receiver.reply(status(410));
    const mailsBefore = t.mails.length;
    expect(await run()).toMatchObject({ failed: 1 });
    expect((await deliveries(me, search.id))[0]).toMatchObject({
      status: 'failed',
      statusCode: 410,
      error: 'The endpoint answered 410 Gone. The webhook is disabled.',
    });
    const after = (await call(me, 'GET', `/api/saved-searches/${search.id}`)).json();
    expect(after.webhook).toEqual({ secret: search.webhook!.secret, disabledAt: expect.any(String), disabledReason: 'The endpoint answered 410 Gone.' });
    const mails = t.mails.slice(mailsBefore);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([[await ownerEmail(search.id), 'Webhook alerts for “Fintech seed” are paused']]);

    // The next alert is not sent to a disabled endpoint.
    await queueMatched(search.id, 'webhook', [`Goneco later ${Date.now()}`]);
    expect(await run()).toMatchObject({ failed: 1 });
    expect(receiver.received).toHaveLength(1);
    expect((await deliveries(me, search.id))[0]).toMatchObject({ status: 'failed', error: 'The webhook endpoint is disabled.', statusCode: null });
    expect(t.mails.length - mailsBefore).toBe(1);

    receiver.reply(status(200));
    await call(me, 'POST', `/api/saved-searches/${search.id}/test-event`);
    expect(await run()).toMatchObject({ delivered: 1 });
    expect((await call(me, 'GET', `/api/saved-searches/${search.id}`)).json().webhook).toEqual({
      secret: search.webhook!.secret,
      disabledAt: null,
      disabledReason: null,
    });
  });

  it('disables the webhook after a day of failures and mails the owner once; a success before that ends the streak', async () => {
    const search = await savedSearchWith(me, { webhookUrl: receiver.url('/flaky') });
    const setFailingSince = (at: Date | null) =>
      t.database.rawTransaction((query) => query('update saved_searches set webhook_failing_since = $2 where id = $1', [search.id, at?.toISOString() ?? null]));
    const failingSince = async () =>
      t.database.rawTransaction(
        async (query) => (await query('select webhook_failing_since from saved_searches where id = $1', [search.id])).rows[0]!.webhook_failing_since,
      );

    // A first failure starts the streak; a success ends it.
    await queueMatched(search.id, 'webhook', [`Flaky a ${Date.now()}`]);
    receiver.reply(status(502));
    expect(await run()).toMatchObject({ retried: 1 });
    expect(await failingSince()).not.toBeNull();
    receiver.reply(status(200));
    await queueMatched(search.id, 'webhook', [`Flaky b ${Date.now()}`]);
    await makeDue(search.id);
    expect(await run()).toMatchObject({ delivered: 2 });
    expect(await failingSince()).toBeNull();

    // 23 hours of failures: still on. More than 24: off, and the owner hears of it once.
    const mailsBefore = t.mails.length;
    receiver.reply(status(500));
    await setFailingSince(new Date(Date.now() - 23 * 3_600_000));
    await queueMatched(search.id, 'webhook', [`Flaky c ${Date.now()}`]);
    expect(await run()).toMatchObject({ retried: 1 });
    await setFailingSince(new Date(Date.now() - 24 * 3_600_000 - 60_000));
    await queueMatched(search.id, 'webhook', [`Flaky d ${Date.now()}`]);
    await makeDue(search.id);
    // Both fail for good; only the one that switches the endpoint off mails the owner.
    expect(await run()).toMatchObject({ failed: 2 });
    const after = (await call(me, 'GET', `/api/saved-searches/${search.id}`)).json();
    expect(after.webhook.disabledAt).toEqual(expect.any(String));
    expect(after.webhook.disabledReason).toMatch(/^Every delivery failed for more than 24 hours/);
    const mails = t.mails.slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(await ownerEmail(search.id));
    expect(mails[0]?.text).toContain(receiver.url('/flaky'));
    expect(mails[0]?.text).toContain(`${t.config.appUrl}/searches`);
  });

  it('in production refuses a receiver on a local address without making a request, and retries later', async () => {
    for (const url of [
      receiver.url('/prod'),
      `http://localhost:${receiver.port()}/prod`,
      `http://[::1]:${receiver.port()}/prod`,
      'http://169.254.169.254/latest',
      'http://10.0.0.1/x',
    ]) {
      const search = await savedSearchWith(me, { webhookUrl: url, slackWebhookUrl: url });
      await call(me, 'POST', `/api/saved-searches/${search.id}/test-event`);
      expect(await run({ config: { ...t.config, env: 'production' } })).toEqual({ retried: 2, delivered: 0, failed: 0 });
      const listed = await deliveries(me, search.id);
      expect(listed).toHaveLength(2);
      for (const delivery of listed) {
        expect(delivery).toMatchObject({ status: 'retrying', statusCode: null, error: expect.stringMatching(/private or local address/) });
      }
    }
    expect(receiver.received).toEqual([]);
  });

  it('rotates the secret; test-event and rotate-secret say what is missing; another account gets 404', async () => {
    const search = await savedSearchWith(me, { webhookUrl: receiver.url('/hook') });
    const rotated = await call(me, 'POST', `/api/saved-searches/${search.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().webhook.secret).toMatch(/^whsec_/);
    expect(rotated.json().webhook.secret).not.toBe(search.webhook!.secret);
    expect((await call(me, 'GET', `/api/saved-searches/${search.id}`)).json().webhook.secret).toBe(rotated.json().webhook.secret);

    // The new secret signs the next delivery; the old one no longer verifies it.
    receiver.reply(status(200));
    await call(me, 'POST', `/api/saved-searches/${search.id}/test-event`);
    await run();
    const [request] = receiver.received;
    expect(() => new Webhook(rotated.json().webhook.secret).verify(request!.body, receiver.webhookHeaders(request!))).not.toThrow();
    expect(() => new Webhook(search.webhook!.secret).verify(request!.body, receiver.webhookHeaders(request!))).toThrow();

    const bare = await savedSearchWith(me, {});
    expect((await call(me, 'POST', `/api/saved-searches/${bare.id}/rotate-secret`)).json()).toEqual({
      error: 'This saved search has no webhook URL. Set one to get a signing secret.',
    });
    const noChannel = await call(me, 'POST', `/api/saved-searches/${bare.id}/test-event`);
    expect(noChannel.statusCode).toBe(409);
    expect(noChannel.json()).toEqual({ error: 'Set a webhook or Slack URL on this saved search to send a test event.' });
    expect(await deliveries(me, bare.id)).toEqual([]);

    for (const [method, url] of [
      ['POST', `/api/saved-searches/${search.id}/rotate-secret`],
      ['POST', `/api/saved-searches/${search.id}/test-event`],
      ['GET', `/api/saved-searches/${search.id}/deliveries`],
    ] as const) {
      const response = await call(other, method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ error: 'Saved search not found' });
    }
    expect((await call(me, 'GET', `/api/saved-searches/${search.id}`)).json().webhook.secret).toBe(rotated.json().webhook.secret);
  });

  it(`allows ${TEST_EVENTS_PER_MINUTE} test events a minute per saved search, then 429 with Retry-After; another search has its own window`, async () => {
    expect(TEST_EVENTS_PER_MINUTE).toBe(10);
    const search = await savedSearchWith(me, { slackWebhookUrl: receiver.url('/slack') });
    const second = await savedSearchWith(me, { slackWebhookUrl: receiver.url('/slack') });
    for (let index = 1; index <= 10; index++) expect((await call(me, 'POST', `/api/saved-searches/${search.id}/test-event`)).statusCode, `event ${index}`).toBe(202);
    const limited = await call(me, 'POST', `/api/saved-searches/${search.id}/test-event`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: expect.stringMatching(/^At most 10 test events a minute per saved search\. Try again in \d+ seconds\.$/) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const queued = await t.database.rawTransaction((query) => query(`select count(*)::int as n from alert_deliveries where saved_search_id = $1`, [search.id]));
    expect(queued.rows[0]!.n).toBe(10);
    expect((await call(me, 'POST', `/api/saved-searches/${second.id}/test-event`)).statusCode).toBe(202);
    // Another account's search is still a 404 (it learns nothing from the limit), and the window ends.
    expect((await call(other, 'POST', `/api/saved-searches/${search.id}/test-event`)).statusCode).toBe(404);
    await windowPassed(search.id);
    expect((await call(me, 'POST', `/api/saved-searches/${search.id}/test-event`)).statusCode).toBe(202);
  });

  it(`lists the last ${DELIVERIES_SHOWN} deliveries, newest first`, async () => {
    const search = await savedSearchWith(me, { slackWebhookUrl: receiver.url('/slack') });
    const ids: string[] = [];
    for (let index = 0; index < DELIVERIES_SHOWN + 3; index += 1) {
      // Ten test events a minute per search: the window is moved past before each new ten.
      if (index % TEST_EVENTS_PER_MINUTE === 0) await windowPassed(search.id);
      ids.push((await call(me, 'POST', `/api/saved-searches/${search.id}/test-event`)).json().deliveryId);
    }
    const listed = await deliveries(me, search.id);
    expect(listed).toHaveLength(DELIVERIES_SHOWN);
    expect(listed.map((delivery: { id: string }) => delivery.id)).toEqual(ids.reverse().slice(0, DELIVERIES_SHOWN));
    expect(listed[0]).toMatchObject({ channel: 'slack', event: 'test', status: 'pending', attempts: 0, statusCode: null, durationMs: null, error: null });
  });
});
