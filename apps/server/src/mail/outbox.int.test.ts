// Without SMTP_URL, mail lands in the local outbox, its links go to the log, and /dev/mailbox shows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from './transport.js';
import { buildTestApp, signUp, type TestApp } from '../../test/helpers.js';

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

  it('has no mailbox page in production', async () => {
    const prod = await buildTestApp({ NODE_ENV: 'production' });
    try {
      const response = await prod.app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(response.body).not.toContain('Local mailbox');
    } finally {
      await prod.close();
    }
  });
});
