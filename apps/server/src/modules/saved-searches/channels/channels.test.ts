// The Slack and webhook channels against a local receiver on 127.0.0.1 (never the internet): Standard Webhooks
// signatures checked with the standardwebhooks package's own verifier, retries, Retry-After, 410, timeouts,
// no redirects, and the production address guard refusing before any request is made.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createReceiver, status } from '../../../../test/webhook-receiver.js';
import { savedSearchAlertsSchema } from '@fundwire/shared';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_USER_AGENT, decideAfterFailure, isPrivateAddress, MAX_ATTEMPTS, nextAttemptDelay, parseRetryAfter, RETRY_SCHEDULE_MS } from './index.js';
import { newWebhookSecret } from '../service.js';
import { attemptHookDelivery, newWebhookId, sampleLead, sendSlack, sendWebhook, slackMessage } from './index.js';

const receiver = createReceiver();
beforeAll(() => receiver.listen());
afterAll(() => receiver.close());
afterEach(() => receiver.reset());

const payload = {
  type: 'leads.matched',
  timestamp: '2026-11-25T15:00:00.000Z',
  data: { savedSearch: { id: 'ss_1', name: 'Fintech A' }, leads: [{ id: 'l1' }] },
};
const local = { allowPrivateAddresses: true } as const;

describe('sendWebhook', () => {
  it('POSTs the JSON body with Standard Webhooks headers that the standardwebhooks verifier accepts', async () => {
    const secret = newWebhookSecret();
    const webhookId = newWebhookId();
    receiver.reply(status(200));
    const outcome = await sendWebhook({ url: receiver.url(), secret, webhookId, payload, ...local });
    expect(outcome).toMatchObject({ ok: true, statusCode: 200, gone: false });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

    const [request] = receiver.received;
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['user-agent']).toBe(ALERT_USER_AGENT);
    expect(request?.headers['user-agent']).toContain('Fundwire');
    expect(request?.headers['webhook-id']).toBe(webhookId);
    expect(request?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const verified = new Webhook(secret).verify(request?.body ?? '', {
      'webhook-id': String(request?.headers['webhook-id']),
      'webhook-timestamp': String(request?.headers['webhook-timestamp']),
      'webhook-signature': String(request?.headers['webhook-signature']),
    });
    expect(verified).toEqual(payload);
    // Another secret does not verify it.
    expect(() =>
      new Webhook(newWebhookSecret()).verify(request?.body ?? '', {
        'webhook-id': String(request?.headers['webhook-id']),
        'webhook-timestamp': String(request?.headers['webhook-timestamp']),
        'webhook-signature': String(request?.headers['webhook-signature']),
      }),
    ).toThrow();
  });

  it('counts only 2xx as success; a 500 then a retry carry the same webhook-id, each signed for its own timestamp', async () => {
    const secret = newWebhookSecret();
    const webhookId = newWebhookId();
    receiver.reply(status(500, {}, 'boom'), status(202));
    const first = await sendWebhook({ url: receiver.url(), secret, webhookId, payload, ...local, now: new Date(Date.now() - 60_000) });
    expect(first).toMatchObject({ ok: false, statusCode: 500, gone: false });
    expect(first.error).toBe('HTTP 500');
    const second = await sendWebhook({ url: receiver.url(), secret, webhookId, payload, ...local });
    expect(second).toMatchObject({ ok: true, statusCode: 202 });
    expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([webhookId, webhookId]);
    const [a, b] = receiver.received;
    expect(a?.headers['webhook-timestamp']).not.toBe(b?.headers['webhook-timestamp']);
    for (const request of receiver.received) {
      expect(
        new Webhook(secret).verify(request.body, {
          'webhook-id': String(request.headers['webhook-id']),
          'webhook-timestamp': String(request.headers['webhook-timestamp']),
          'webhook-signature': String(request.headers['webhook-signature']),
        }),
      ).toEqual(payload);
    }
  });

  it('reads Retry-After on 429 and 503 (seconds or an HTTP date), and 410 as gone', async () => {
    receiver.reply(status(429, { 'retry-after': '120' }));
    const limited = await sendWebhook({ url: receiver.url(), secret: newWebhookSecret(), webhookId: newWebhookId(), payload, ...local });
    expect(limited).toMatchObject({ ok: false, statusCode: 429, retryAfterMs: 120_000, gone: false });

    receiver.reply(status(503, { 'retry-after': new Date(Date.now() + 3_600_000).toUTCString() }));
    const unavailable = await sendWebhook({ url: receiver.url(), secret: newWebhookSecret(), webhookId: newWebhookId(), payload, ...local });
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.retryAfterMs).toBeGreaterThan(3_500_000);
    expect(unavailable.retryAfterMs).toBeLessThanOrEqual(3_600_000);

    // Retry-After on a plain 500 is not a rate limit; it is ignored.
    receiver.reply(status(500, { 'retry-after': '120' }));
    const failed = await sendWebhook({ url: receiver.url(), secret: newWebhookSecret(), webhookId: newWebhookId(), payload, ...local });
    expect(failed.retryAfterMs).toBeUndefined();

    receiver.reply(status(410));
    const gone = await sendWebhook({ url: receiver.url(), secret: newWebhookSecret(), webhookId: newWebhookId(), payload, ...local });
    expect(gone).toMatchObject({ ok: false, statusCode: 410, gone: true });
  });

  it('does not follow redirects: a 3xx is a failure and the target is never asked', async () => {
    receiver.reply(status(307, { location: receiver.url('/elsewhere') }));
    const outcome = await sendWebhook({ url: receiver.url(), secret: newWebhookSecret(), webhookId: newWebhookId(), payload, ...local });
    expect(outcome).toMatchObject({ ok: false, statusCode: 307 });
    expect(receiver.received.map((request) => request.url)).toEqual(['/hook']);
  });

  it('times out a receiver that never answers', async () => {
    receiver.reply(() => undefined); // holds the response open
    const outcome = await sendWebhook({ url: receiver.url(), secret: newWebhookSecret(), webhookId: newWebhookId(), payload, ...local, timeoutMs: 200 });
    expect(outcome).toMatchObject({ ok: false, statusCode: null, gone: false });
    expect(outcome.error).toMatch(/Timed out after 200 ms/);
    expect(outcome.durationMs).toBeGreaterThanOrEqual(150);
  });

  it('reports a refused connection as a failure without a status code', async () => {
    const closed = http.createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    const outcome = await sendWebhook({ url: `http://127.0.0.1:${port}/`, secret: newWebhookSecret(), webhookId: newWebhookId(), payload, ...local });
    expect(outcome).toMatchObject({ ok: false, statusCode: null, gone: false });
    expect(outcome.error).toBeTruthy();
  });
});

describe('the address guard in production (allowPrivateAddresses: false)', () => {
  const production = { allowPrivateAddresses: false } as const;

  it.each([
    ['loopback IPv4', (port: number) => `http://127.0.0.1:${port}/hook`],
    ['localhost by name', (port: number) => `http://localhost:${port}/hook`],
    ['loopback IPv6', (port: number) => `http://[::1]:${port}/hook`],
    ['IPv4-mapped loopback', (port: number) => `http://[::ffff:127.0.0.1]:${port}/hook`],
    ['RFC 1918', (port: number) => `http://10.0.0.7:${port}/hook`],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['0.0.0.0', (port: number) => `http://0.0.0.0:${port}/hook`],
    ['decimal loopback', (port: number) => `http://2130706433:${port}/hook`],
  ])('refuses %s without making a request', async (_label, url) => {
    const webhook = await sendWebhook({ url: url(receiver.port()), secret: newWebhookSecret(), webhookId: newWebhookId(), payload, ...production });
    expect(webhook).toMatchObject({ ok: false, statusCode: null, blocked: true });
    expect(webhook.error).toMatch(/private or local address/);
    const slack = await sendSlack({ url: url(receiver.port()), text: 'hi', blocks: [], ...production });
    expect(slack).toMatchObject({ ok: false, statusCode: null, blocked: true });
    expect(receiver.received).toEqual([]);
  });

  it('refuses a name when any of its addresses is private (one public and one private record), and connects to the checked address', async () => {
    const resolveMixed = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
    const mixed = await sendWebhook({
      url: 'http://hooks.example.com/x',
      secret: newWebhookSecret(),
      webhookId: newWebhookId(),
      payload,
      ...production,
      resolve: resolveMixed,
    });
    expect(mixed).toMatchObject({ ok: false, blocked: true });
    // Outside production the pinned answer is what the request connects to: a name only our resolver knows reaches the receiver.
    receiver.reply(status(200));
    const pinned = await sendWebhook({
      url: `http://receiver.test:${receiver.port()}/pinned`,
      secret: newWebhookSecret(),
      webhookId: newWebhookId(),
      payload,
      ...local,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    expect(pinned).toMatchObject({ ok: true, statusCode: 200 });
    expect(receiver.received.map((request) => [request.url, request.headers.host])).toEqual([['/pinned', `receiver.test:${receiver.port()}`]]);
  });

  it('refuses non-http schemes at send time too', async () => {
    const outcome = await sendSlack({ url: 'file:///etc/passwd', text: 'x', blocks: [], ...local });
    expect(outcome).toMatchObject({ ok: false, blocked: true, statusCode: null });
  });

  it.each([
    ['127.0.0.1', true],
    ['10.255.0.1', true],
    ['172.16.5.4', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['100.64.0.1', true],
    ['169.254.169.254', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['8.8.8.8', false],
    ['93.184.215.14', false],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fd00:ec2::254', true],
    ['fc00::1', true],
    ['ff02::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    // All of ::ffff:0:0/96 and 6to4 (2002::/16), whatever IPv4 address they carry.
    ['::ffff:8.8.8.8', true],
    ['::ffff:0:0', true],
    ['::ffff:5db8:d70e', true],
    ['2002::', true],
    ['2002:7f00:1::', true],
    ['2002:808:808::1', true],
    ['2003::1', false],
    ['64:ff9b::a00:1', true],
    ['2606:4700:4700::1111', false],
    ['not an address', true],
  ])('isPrivateAddress(%s) is %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});

describe('alert URLs at save time (savedSearchAlertsSchema)', () => {
  it.each(['https://hooks.slack.com/services/T0/B0/x', 'http://127.0.0.1:4000/hook', 'HTTPS://example.com'])('accepts %s', (url) => {
    expect(savedSearchAlertsSchema.safeParse({ webhookUrl: url, slackWebhookUrl: url }).success).toBe(true);
  });
  it.each(['ftp://example.com/x', 'file:///etc/passwd', 'javascript:alert(1)', 'gopher://x', 'example.com/hook', 'https://'])('refuses %s', (url) => {
    for (const field of ['webhookUrl', 'slackWebhookUrl']) {
      const result = savedSearchAlertsSchema.safeParse({ [field]: url });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(`${field} must be an http(s) URL`);
    }
  });
});

describe('sendSlack and slackMessage', () => {
  const lead = (overrides: Partial<Parameters<typeof slackMessage>[0]['leads'][number]> = {}) => ({
    companyName: 'Acme <Pay> & Co',
    fundingRound: 'Series A',
    fundingAmount: 5_000_000,
    location: 'Berlin, Germany',
    contacts: [{}, {}],
    url: 'http://app.test/companies/c1',
    ...overrides,
  });

  it('builds one message per batch naming the search, each lead (company, round, amount, location, contacts) and links', () => {
    const message = slackMessage({
      savedSearch: { id: 'ss_1', name: 'Fintech A' },
      leads: [lead(), lead({ companyName: 'Quiet', fundingRound: null, fundingAmount: null, location: null, contacts: [{}] })],
      searchUrl: 'http://app.test/searches',
    });
    expect(message.text).toContain('2 new leads for “Fintech A”');
    // The fallback text is mrkdwn as well: <, > and & are escaped there too, so a name cannot ping or link.
    expect(message.text).toContain('Acme &lt;Pay&gt; &amp; Co: Series A · $5,000,000 · Berlin, Germany · 2 contacts');
    expect(message.text).not.toMatch(/[<>]/);
    expect(message.text).toContain('Quiet: Undisclosed · Undisclosed · Unknown · 1 contact');
    const texts = JSON.stringify(message.blocks);
    expect(texts).toContain('<http://app.test/companies/c1|Acme &lt;Pay&gt; &amp; Co>');
    expect(texts).toContain('"url":"http://app.test/searches"');
  });

  it('lists at most SLACK_MAX_LEADS leads and counts the rest', () => {
    const message = slackMessage({
      savedSearch: { id: 's', name: 'Big' },
      leads: Array.from({ length: 23 }, () => lead()),
      searchUrl: 'http://app.test/searches',
    });
    expect(message.blocks.length).toBeLessThanOrEqual(50);
    expect(message.text).toContain('…and 3 more.');
  });

  it('POSTs {text, blocks} as JSON; only 2xx is success', async () => {
    const message = slackMessage({ savedSearch: { id: 's', name: 'N' }, leads: [lead()], searchUrl: 'http://app.test/searches' });
    receiver.reply(status(200, {}, 'ok'), status(404, {}, 'no_service'));
    expect(await sendSlack({ url: receiver.url('/slack'), ...message, ...local })).toMatchObject({ ok: true, statusCode: 200 });
    const failed = await sendSlack({ url: receiver.url('/slack'), ...message, ...local });
    expect(failed).toMatchObject({ ok: false, statusCode: 404 });
    // The status code only: the receiver's body is not shown in the deliveries log.
    expect(failed.error).toBe('HTTP 404');
    expect(JSON.parse(receiver.received[0]?.body ?? '')).toEqual({ text: message.text, blocks: message.blocks });
    expect(receiver.received[0]?.headers['content-type']).toBe('application/json');
  });
});

describe('retry schedule', () => {
  it('follows the Standard Webhooks schedule with ±10 % jitter, then gives up', () => {
    expect(RETRY_SCHEDULE_MS.map((ms) => ms / 1000)).toEqual([0, 5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
    expect(MAX_ATTEMPTS).toBe(10);
    expect(nextAttemptDelay(1, undefined, () => 0.5)).toBe(5_000);
    expect(nextAttemptDelay(1, undefined, () => 0)).toBe(4_500);
    expect(nextAttemptDelay(1, undefined, () => 1)).toBe(5_500);
    expect(nextAttemptDelay(2, undefined, () => 0.5)).toBe(300_000);
    expect(nextAttemptDelay(9, undefined, () => 0.5)).toBe(86_400_000);
    expect(nextAttemptDelay(10)).toBeNull();
    expect(() => nextAttemptDelay(0)).toThrow(RangeError);
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      const base = RETRY_SCHEDULE_MS[attempt] ?? 0;
      const delay = nextAttemptDelay(attempt) ?? -1;
      expect(delay).toBeGreaterThanOrEqual(Math.floor(base * 0.9));
      expect(delay).toBeLessThanOrEqual(Math.ceil(base * 1.1));
    }
  });

  it('honours a longer Retry-After, not a shorter one, capped at a day', () => {
    expect(nextAttemptDelay(1, 120_000, () => 0.5)).toBe(120_000);
    expect(nextAttemptDelay(3, 120_000, () => 0.5)).toBe(1_800_000);
    expect(nextAttemptDelay(1, 10 * 86_400_000, () => 0.5)).toBe(86_400_000);
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-25T15:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 25 Nov 2026 15:02:00 GMT', now)).toBe(120_000);
    expect(parseRetryAfter('Wed, 25 Nov 2026 14:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('disables a webhook on 410 or after a day of failures; Slack only runs out of retries', () => {
    const now = new Date('2026-11-25T15:00:00Z');
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    const failure = { gone: false, statusCode: 500 };
    expect(decideAfterFailure({ channel: 'webhook', attempts: 1, outcome: { gone: true, statusCode: 410 }, failingSince: now, now })).toEqual({
      action: 'disable',
      reason: 'The endpoint answered 410 Gone.',
    });
    expect(decideAfterFailure({ channel: 'webhook', attempts: 2, outcome: failure, failingSince: hoursAgo(23), now, random: () => 0.5 })).toEqual({
      action: 'retry',
      delayMs: 300_000,
    });
    expect(decideAfterFailure({ channel: 'webhook', attempts: 2, outcome: failure, failingSince: hoursAgo(25), now })).toMatchObject({ action: 'disable' });
    expect(decideAfterFailure({ channel: 'slack', attempts: 2, outcome: failure, failingSince: hoursAgo(25), now, random: () => 0.5 })).toEqual({
      action: 'retry',
      delayMs: 300_000,
    });
    expect(decideAfterFailure({ channel: 'slack', attempts: 10, outcome: { gone: true, statusCode: 410 }, failingSince: now, now })).toEqual({
      action: 'give-up',
    });
    expect(
      decideAfterFailure({ channel: 'webhook', attempts: 3, outcome: { ...failure, retryAfterMs: 7_200_000 }, failingSince: now, now, random: () => 0.5 }),
    ).toEqual({
      action: 'retry',
      delayMs: 7_200_000,
    });
  });
});

describe('attemptHookDelivery (what the delivery worker runs)', () => {
  const savedSearch = { id: 'ss_9', name: 'Climate seed' };
  const now = new Date();
  const eventAt = new Date(now.getTime() - 5 * 60_000);
  const base = { savedSearch, leads: [sampleLead(now)], eventAt, now, allowPrivateAddresses: true, random: () => 0.5 } as const;

  it('sends the contract body signed, clears the failure streak on success', async () => {
    const secret = newWebhookSecret();
    receiver.reply(status(200));
    const result = await attemptHookDelivery({
      ...base,
      target: { channel: 'webhook', url: receiver.url(), secret, webhookId: 'msg_fixed' },
      previousAttempts: 2,
      failingSince: new Date(now.getTime() - 3_600_000),
    });
    expect(result).toMatchObject({ attempts: 3, failingSince: null, next: { action: 'delivered' }, outcome: { ok: true, statusCode: 200 } });
    const [request] = receiver.received;
    const body = new Webhook(secret).verify(request?.body ?? '', {
      'webhook-id': String(request?.headers['webhook-id']),
      'webhook-timestamp': String(request?.headers['webhook-timestamp']),
      'webhook-signature': String(request?.headers['webhook-signature']),
    });
    expect(body).toEqual({
      type: 'leads.matched',
      timestamp: eventAt.toISOString(),
      data: { savedSearch, leads: [JSON.parse(JSON.stringify(sampleLead(now)))] },
    });
    expect(request?.headers['webhook-id']).toBe('msg_fixed');
  });

  it('starts a streak on a first failure and retries on schedule; disables after a day of failures or on 410', async () => {
    const target = { channel: 'webhook', url: receiver.url(), secret: newWebhookSecret(), webhookId: 'msg_x' } as const;
    receiver.reply(status(500));
    const first = await attemptHookDelivery({ ...base, target, previousAttempts: 0, failingSince: null });
    expect(first).toMatchObject({ attempts: 1, failingSince: now, next: { action: 'retry', delayMs: 5_000 } });

    const dayAgo = new Date(now.getTime() - 24 * 3_600_000 - 1);
    const late = await attemptHookDelivery({ ...base, target, previousAttempts: 1, failingSince: dayAgo });
    expect(late).toMatchObject({ failingSince: dayAgo, next: { action: 'disable' } });

    receiver.reply(status(410));
    const gone = await attemptHookDelivery({ ...base, target, previousAttempts: 0, failingSince: null });
    expect(gone.next).toEqual({ action: 'disable', reason: 'The endpoint answered 410 Gone.' });
  });

  it('posts a Slack test message marked as a test', async () => {
    receiver.reply(status(200));
    const result = await attemptHookDelivery({
      ...base,
      target: { channel: 'slack', url: receiver.url('/slack'), appUrl: 'http://app.test', searchUrl: 'http://app.test/searches', test: true },
      previousAttempts: 0,
      failingSince: null,
    });
    expect(result.next).toEqual({ action: 'delivered' });
    const sent = JSON.parse(receiver.received[0]?.body ?? '{}') as { text: string };
    expect(sent.text).toContain('[Test] 1 new lead for “Climate seed”');
    expect(sent.text).toContain('EcoCharge: Series A · $12,000,000 · Austin, TX · 1 contact');
  });
});
