import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users, verifications } from '../../db/schema/index.js';
import { buildApp } from '../../app.js';
import { buildTestApp, cookiesFrom, signInWithPassword, signUp, testConfig, type TestApp } from '../../../test/helpers.js';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp.js';

function tokenFrom(text: string): string {
  const match = /\/reset-password\?token=([^\s&]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return decodeURIComponent(match[1]);
}

describe('accounts', () => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await buildTestApp(
      { SMTP_URL: smtp.url, ADMIN_EMAIL: 'boss@example.com' },
      {
        // Only the per-account sign-in limit is under test here; the others are tested below.
        authRateLimits: { windowMs: 60_000, signInPerIp: 1000, signUpPerIp: 1000, signUpPerAccount: 1000, resetPerIp: 1000, resetPerAccount: 1000 },
      },
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const signIn = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: t.config.appUrl }, payload: { email, password } });

  it('signs up with an HttpOnly, SameSite=Lax session cookie (not Secure on http)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: t.config.appUrl },
      payload: { email: 'cookie@example.com', password: 'lantern-harbor-123', name: 'cookie' },
    });
    expect(response.statusCode).toBe(200);
    const session = [response.headers['set-cookie']].flat().find((cookie) => String(cookie).includes('session_token'));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/;\s*Secure/i);
  });

  it('rejects short passwords and duplicate accounts with a 4xx {error}', async () => {
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: t.config.appUrl },
      payload: { email: 'short@example.com', password: 'abc', name: 'x' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
    await signUp(t.app, 'twice@example.com');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: t.config.appUrl },
      payload: { email: 'twice@example.com', password: 'lantern-harbor-123', name: 'x' },
    });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);
  });

  it('answers /api/me for a cookie session and for the same session as a bearer token', async () => {
    const account = await signUp(t.app, 'me@example.com');
    const byCookie = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: account.cookie } });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json()).toEqual({
      user: { id: account.userId, email: 'me@example.com', name: 'me', role: 'user', emailVerified: false },
      adminVerificationPending: false,
      subscription: null,
      hasActiveSubscription: false,
    });
    const byBearer = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${account.token}` } });
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.json().user.id).toBe(account.userId);

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Authentication required' });
    const forged = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: 'Bearer not-a-session' } });
    expect(forged.statusCode).toBe(401);
  });

  it('signs out: the session stops working', async () => {
    const account = await signUp(t.app, 'leaver@example.com');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: account.cookie, origin: t.config.appUrl } });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: account.cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('makes the ADMIN_EMAIL account admin only once its mailed verification link is followed, whatever the case', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: t.config.appUrl },
      payload: { email: 'Boss@Example.com', password: 'correct horse battery', name: 'boss' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toEqual(expect.objectContaining({ role: 'user', emailVerified: false }));
    let cookie = cookiesFrom(response.headers['set-cookie']);
    const me = () => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    const session = () => t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    const adminOnly = () => t.app.inject({ method: 'GET', url: '/api/subscribers', headers: { cookie } });

    // Before verification: a plain user everywhere the role shows.
    expect((await me()).json()).toEqual(
      expect.objectContaining({ adminVerificationPending: true, user: expect.objectContaining({ role: 'user', emailVerified: false }) }),
    );
    expect((await session()).json().user.role).toBe('user');
    expect((await adminOnly()).statusCode).toBe(403);

    const mail = await smtp.waitFor((candidate) => candidate.to.includes('boss@example.com') && candidate.subject === 'Confirm your Fundwire email address');
    const link = /https?:\/\/\S+\/api\/auth\/verify-email\?token=\S+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.origin).toBe(t.config.appUrl);

    // A forged token changes nothing.
    const forged = await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=not-a-token&callbackURL=%2Fprofile' });
    expect(forged.headers.location).toContain('error=');
    expect((await adminOnly()).statusCode).toBe(403);

    // Clicking the link (in any browser, no cookie needed) verifies the address, ends the account's sessions and
    // lands on the set-a-new-password form (auth-hardening.int.test.ts has the whole takeover).
    const followed = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(followed.statusCode).toBe(302);
    const landing = new URL(String(followed.headers.location), t.config.appUrl);
    expect(landing.pathname).toBe('/reset-password');
    expect(landing.searchParams.get('verified')).toBe('admin');
    expect((await me()).statusCode).toBe(401);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: t.config.appUrl },
      payload: { token: landing.searchParams.get('token'), newPassword: 'correct horse battery' },
    });
    expect(reset.statusCode).toBe(200);
    cookie = await signInWithPassword(t.app, 'boss@example.com', 'correct horse battery');

    // Signed in again: admin.
    expect((await me()).json()).toEqual(
      expect.objectContaining({ adminVerificationPending: false, user: expect.objectContaining({ role: 'admin', emailVerified: true }) }),
    );
    expect((await session()).json().user.role).toBe('admin');
    expect((await adminOnly()).statusCode).toBe(200);
  });

  it('sends nobody but the admin address a verification mail at sign-up, and resends one on request', async () => {
    const before = smtp.mails.length;
    const account = await signUp(t.app, 'plain@example.com');
    await t.app.mailer.flush();
    expect(smtp.mails.slice(before).some((mail) => mail.to.includes('plain@example.com'))).toBe(false);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: account.cookie } });
    expect(me.json()).toEqual(
      expect.objectContaining({ adminVerificationPending: false, user: expect.objectContaining({ role: 'user', emailVerified: false }) }),
    );

    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      headers: { cookie: account.cookie, origin: t.config.appUrl },
      payload: { email: account.email, callbackURL: '/profile' },
    });
    expect(resend.statusCode).toBe(200);
    const mail = await smtp.waitFor((candidate) => candidate.to.includes('plain@example.com'));
    expect(mail.text).toContain('/api/auth/verify-email?token=');
  });

  it('promotes an existing account at start-up when ADMIN_EMAIL names it only if its address is verified', async () => {
    const existing = await signUp(t.app, 'promoted@example.com');
    const roleOf = async () => (await t.database.db.select().from(users).where(eq(users.id, existing.userId)))[0]?.role;
    const restart = async () => {
      const restarted = await buildApp(testConfig({ ADMIN_EMAIL: 'promoted@example.com' }), { database: t.database, logger: false });
      await restarted.close();
    };
    await restart();
    expect(await roleOf()).toBe('user');
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, existing.userId));
    await restart();
    expect(await roleOf()).toBe('admin');
  });

  it('resets a password through a real SMTP mail: single use, old password dead, new one works', async () => {
    const account = await signUp(t.app, 'forgetful@example.com', 'old-password-1');
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: t.config.appUrl },
      payload: { email: 'forgetful@example.com', redirectTo: '/reset-password' },
    });
    expect(request.statusCode).toBe(200);
    const mail = await smtp.waitFor((candidate) => candidate.to.includes('forgetful@example.com'));
    expect(mail.subject).toBe('Reset your Fundwire password');
    expect(mail.text).toContain(`${t.config.appUrl}/reset-password?token=`);
    // The HTML part is the React Email frame the other mails use, with the link as its button.
    expect(mail.html).toMatch(/<a[^>]+href="http[^"]+\/reset-password\?token=[^"]+"[^>]*>.*Choose a new password/s);
    expect(mail.html).toContain('You receive this because of an action on your Fundwire account.');
    expect(mail.html).not.toContain('Unsubscribe');
    const token = tokenFrom(mail.text);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: t.config.appUrl },
      payload: { newPassword: 'new-password-2', token },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(account.email, 'old-password-1')).statusCode).toBe(401);
    expect((await signIn(account.email, 'new-password-2')).statusCode).toBe(200);
    // The old session was revoked with the password change.
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: account.cookie } })).statusCode).toBe(401);

    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: t.config.appUrl },
      payload: { newPassword: 'third-password-3', token },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
    expect((await signIn(account.email, 'new-password-2')).statusCode).toBe(200);
  });

  it('expires reset links after an hour', async () => {
    await signUp(t.app, 'slow@example.com', 'old-password-1');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: t.config.appUrl },
      payload: { email: 'slow@example.com', redirectTo: '/reset-password' },
    });
    const mail = await smtp.waitFor((candidate) => candidate.to.includes('slow@example.com'));
    const token = tokenFrom(mail.text);
    const rows = await t.database.db.select().from(verifications);
    const row = rows.find((candidate) => candidate.identifier.includes(token));
    expect(row).toBeDefined();
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000 + 1000);
    await t.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.id, row!.id));
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: t.config.appUrl },
      payload: { newPassword: 'new-password-2', token },
    });
    expect(reset.statusCode).toBe(400);
    expect((await signIn('slow@example.com', 'old-password-1')).statusCode).toBe(200);
  });

  it('answers a reset for an unknown address exactly like a known one, and sends nothing', async () => {
    const before = smtp.mails.length;
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: t.config.appUrl },
      payload: { email: 'nobody-here@example.com', redirectTo: '/reset-password' },
    });
    expect(unknown.statusCode).toBe(200);
    await signUp(t.app, 'somebody@example.com');
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: t.config.appUrl },
      payload: { email: 'somebody@example.com', redirectTo: '/reset-password' },
    });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    await smtp.waitFor((candidate) => candidate.to.includes('somebody@example.com'));
    expect(smtp.mails.slice(before).some((mail) => mail.to.includes('nobody-here@example.com'))).toBe(false);
  });

  it('answers 429 to an address after its own ten wrong passwords, and lets the right one in after the window', async () => {
    await signUp(t.app, 'target@example.com', 'right-password-1');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt++) statuses.push((await signIn('target@example.com', `wrong-${attempt}`)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    const blocked = await signIn('target@example.com', 'right-password-1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: 'Too many attempts. Please try again later.' });
    // Another account from the same address is not locked out by this one.
    await signUp(t.app, 'bystander@example.com', 'right-password-2');
    expect((await signIn('bystander@example.com', 'right-password-2')).statusCode).toBe(200);

    // Advance the clock past the window: move this address's window start for the account a minute into the past.
    await t.database.db.execute(
      sql`update rate_limits set window_start = window_start - interval '61 seconds' where key like ${'%account-ip:target@example.com:%'}`,
    );
    expect((await signIn('target@example.com', 'right-password-1')).statusCode).toBe(200);
  });

  it('never puts a password or its hash in a response or a log line', async () => {
    const password = 'Unmistakable-Secret-Passphrase-42';
    const account = await signUp(t.app, 'secretive@example.com', password);
    const signInResponse = await signIn(account.email, password);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookiesFrom(signInResponse.headers['set-cookie']) } });
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.userId, account.userId));
    const hash = row?.password ?? '';
    expect(hash.length).toBeGreaterThan(20);
    const hashPart = hash.split(':').pop() ?? hash;
    for (const body of [signInResponse.body, me.body]) {
      expect(body).not.toContain(password);
      expect(body).not.toContain(hashPart);
    }
    const logText = JSON.stringify(t.logs);
    expect(t.logs.length).toBeGreaterThan(10);
    expect(logText).not.toContain(password);
    expect(logText).not.toContain(hashPart);
    expect(logText).not.toContain(account.token);
  });
});

describe('rate limits per IP and per account', () => {
  it('limits sign-ups per IP, and reset requests per account and per IP', async () => {
    const t = await buildTestApp({}, { authRateLimits: { windowMs: 60_000, signUpPerIp: 3, resetPerAccount: 2, resetPerIp: 4 } });
    try {
      const signUpStatus = (email: string) =>
        t.app
          .inject({
            method: 'POST',
            url: '/api/auth/sign-up/email',
            headers: { origin: t.config.appUrl },
            payload: { email, password: 'lantern-harbor-123', name: 'x' },
          })
          .then((response) => response.statusCode);
      expect([await signUpStatus('a1@example.com'), await signUpStatus('a2@example.com'), await signUpStatus('a3@example.com')]).toEqual([200, 200, 200]);
      expect(await signUpStatus('a4@example.com')).toBe(429);
      // Another address is not affected.
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: t.config.appUrl },
        remoteAddress: '10.0.0.2',
        payload: { email: 'b1@example.com', password: 'lantern-harbor-123', name: 'x' },
      });
      expect(other.statusCode).toBe(200);

      const reset = (email: string) =>
        t.app
          .inject({
            method: 'POST',
            url: '/api/auth/request-password-reset',
            headers: { origin: t.config.appUrl },
            payload: { email, redirectTo: '/reset-password' },
          })
          .then((response) => response.statusCode);
      expect([await reset('a1@example.com'), await reset('a1@example.com'), await reset('a1@example.com')]).toEqual([200, 200, 429]);
      expect([await reset('a2@example.com'), await reset('a3@example.com')]).toEqual([200, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('accounts over https', () => {
  it('marks the session cookie Secure when APP_URL is https', async () => {
    const t = await buildTestApp({ APP_URL: 'https://fundwire.example.com' });
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: 'https://fundwire.example.com' },
        payload: { email: 'secure@example.com', password: 'lantern-harbor-123', name: 'secure' },
      });
      expect(response.statusCode).toBe(200);
      const session = [response.headers['set-cookie']].flat().find((cookie) => String(cookie).includes('session_token'));
      expect(session).toMatch(/;\s*Secure/i);
      expect(session).toMatch(/HttpOnly/i);
    } finally {
      await t.close();
    }
  });
});
