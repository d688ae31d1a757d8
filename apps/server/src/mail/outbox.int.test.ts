// Without SMTP_URL, mail lands in the local outbox, its links go to the log, and /dev/mailbox shows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from './transport.js';
import { buildApp } from '../app.js';
import { buildTestApp, createTestDatabase, signUp, testConfig, type TestApp } from '../../test/helpers.js';
import { startSmtpReceiver } from '../../test/smtp.js';

describe('local outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('keeps a reset mail that a new user can follow to the end', async () => {
    await signUp(t.app, 'local@example.com', 'old-password-1');
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: t.config.appUrl },
      payload: { email: 'local@example.com', redirectTo: '/reset-password' },
    });
    expect(request.statusCode).toBe(200);
    let mails = readOutbox(t.config.dataDir);
    for (let i = 0; i < 100 && mails.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      mails = readOutbox(t.config.dataDir);
    }
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toBe('local@example.com');
    const link = mail.links.find((candidate) => candidate.includes('/reset-password?token='));
    expect(link).toBeDefined();

    const logged = t.logs.find((line) => Array.isArray(line.links) && (line.links as string[]).includes(link!));
    expect(logged?.msg).toContain('outbox');

    const mailbox = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(mailbox.statusCode).toBe(200);
    expect(mailbox.body).toContain('Reset your Fundwire password');
    expect(mailbox.body).toContain(link!.replace(/&/g, '&amp;'));
    // A long link wraps inside its card instead of overflowing it.
    expect(mailbox.body).toContain(`<a href="${link!.replace(/&/g, '&amp;')}" style="word-break:break-all">`);
    const single = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${mail.id}` });
    expect(single.statusCode).toBe(200);
    expect(single.body).toContain('local@example.com');

    const token = decodeURIComponent(new URL(link!).searchParams.get('token') ?? '');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: t.config.appUrl },
      payload: { newPassword: 'new-password-2', token },
    });
    expect(reset.statusCode).toBe(200);
  });

  it('serves /dev/mailbox only to loopback clients, never through a proxy', async () => {
    const [mail] = readOutbox(t.config.dataDir);
    expect(mail).toBeDefined();
    for (const remoteAddress of ['127.0.0.1', '127.0.0.9', '::1', '::ffff:127.0.0.1']) {
      const list = await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress });
      expect(list.statusCode, remoteAddress).toBe(200);
    }
    for (const remoteAddress of ['203.0.113.7', '10.0.0.5', '192.168.1.20', '::ffff:10.0.0.5', '2001:db8::1', '128.0.0.1']) {
      for (const url of ['/dev/mailbox', `/dev/mailbox/${mail!.id}`]) {
        const response = await t.app.inject({ method: 'GET', url, remoteAddress });
        expect(response.statusCode, `${remoteAddress} ${url}`).toBe(404);
        expect(response.json()).toEqual({ error: expect.any(String) });
        expect(response.body).not.toContain('reset-password');
      }
      const head = await t.app.inject({ method: 'HEAD', url: '/dev/mailbox', remoteAddress });
      expect(head.statusCode, `HEAD ${remoteAddress}`).toBe(404);
    }
    // A reverse proxy on the same machine connects from loopback: what it relays is still remote.
    const proxied = await t.app.inject({ method: 'GET', url: '/dev/mailbox', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(proxied.statusCode).toBe(404);
  });

  it('never logs a reset token in a request URL', async () => {
    const before = t.logs.length;
    await t.app.inject({ method: 'GET', url: '/reset-password?token=secret-reset-token-123&x=1' });
    await t.app.inject({ method: 'GET', url: '/api/auth/reset-password/secret-reset-token-456?callbackURL=/reset-password' });
    await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=secret-verify-token-789' });
    const logged = JSON.stringify(t.logs.slice(before));
    expect(logged).toContain('/reset-password?token=[redacted]');
    expect(logged).not.toContain('secret-reset-token-123');
    expect(logged).not.toContain('secret-reset-token-456');
    expect(logged).not.toContain('secret-verify-token-789');
  });
});

describe('production', () => {
  const productionEnv = (smtpUrl: string) => ({
    NODE_ENV: 'production',
    SMTP_URL: smtpUrl,
    STRIPE_SECRET_KEY: 'sk_test_production_check',
    STRIPE_WEBHOOK_SECRET: 'whsec_production_check',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_production_check',
    STRIPE_PRICE_MONTHLY: 'price_monthly_check',
    STRIPE_PRICE_ANNUAL: 'price_annual_check',
    ENCRYPTION_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    // Nothing listens here: no test may reach Stripe.
    STRIPE_API_URL: 'http://127.0.0.1:9',
  });

  it('has no mailbox page and no test checkout, and never logs a reset link', async () => {
    const receiver = await startSmtpReceiver();
    const prod = await buildTestApp(productionEnv(receiver.url));
    try {
      const mailbox = await prod.app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(mailbox.body).not.toContain('Local mailbox');
      expect(prod.app.billing.mode).toBe('stripe');
      expect(prod.app.mailer.kind).toBe('smtp');

      const account = await signUp(prod.app, 'prod-user@example.com', 'old-password-1');
      const pay = await prod.app.inject({
        method: 'POST',
        url: '/api/checkout/test/cs_test_anything/pay',
        headers: { cookie: account.cookie, origin: prod.config.appUrl },
      });
      expect(pay.statusCode).toBeGreaterThanOrEqual(400);
      expect(pay.statusCode).toBeLessThan(500);
      const me = await prod.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: account.cookie } });
      expect(me.json()).toMatchObject({ subscription: null });

      const request = await prod.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: prod.config.appUrl },
        payload: { email: 'prod-user@example.com', redirectTo: '/reset-password' },
      });
      expect(request.statusCode).toBe(200);
      const mail = await receiver.waitFor((candidate) => candidate.to.includes('prod-user@example.com'));
      const token = /token=([^\s&"]+)/.exec(mail.text)?.[1];
      expect(token).toBeTruthy();
      await prod.app.inject({ method: 'GET', url: `/reset-password?token=${token!}` });
      expect(JSON.stringify(prod.logs)).not.toContain(decodeURIComponent(token!));
      expect(JSON.stringify(prod.logs)).not.toContain(token!);
    } finally {
      await prod.close();
      await receiver.close();
    }
  });

  it('will not build test checkout or the local outbox in production, whatever the config says', async () => {
    const config = { ...testConfig(), env: 'production' as const };
    const database = await createTestDatabase();
    try {
      await expect(buildApp(config, { database: database.database, logger: false })).rejects.toThrow(/SMTP_URL must be set in production/);
      const withSmtp = { ...config, smtpUrl: 'smtp://127.0.0.1:9' };
      await expect(buildApp(withSmtp, { database: database.database, logger: false })).rejects.toThrow(/STRIPE_SECRET_KEY must be set in production/);
    } finally {
      await database.dispose();
    }
  });
});
