// Issue 29: inputs that used to end in a 5xx (overlong emails, update-user bodies), the admin address proving
// ownership, and signing in with a mailed link while password attempts are limited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema/index.js';
import { EMAIL_TOO_LONG_MESSAGE } from '../../plugins/auth.js';
import { buildTestApp, cookiesFrom, followVerificationLink, signInWithPassword, signUp, verificationLinkFor, type TestApp } from '../../../test/helpers.js';

describe('auth inputs that must end in a 4xx', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { origin: t.config.appUrl, ...headers }, payload: payload as Record<string, unknown> });

  it('refuses an email longer than 254 characters with a 400 everywhere, before any rate-limit key is built from it', async () => {
    for (const local of [300, 20_000]) {
      const email = `${'x'.repeat(local)}@example.com`;
      const requests = [
        post('/api/auth/sign-up/email', { email, password: 'correct horse battery', name: 'x' }),
        post('/api/auth/sign-in/email', { email, password: 'correct horse battery' }),
        post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' }),
        post('/api/auth/send-verification-email', { email }),
        post('/api/auth/sign-in/email-link', { email }),
      ];
      for (const response of await Promise.all(requests)) {
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toEqual({ error: EMAIL_TOO_LONG_MESSAGE });
      }
      const newsletter = await post('/api/subscribe-email', { email });
      expect(newsletter.statusCode).toBe(400);
      expect(newsletter.json()).toEqual({ error: 'Please enter a valid email address' });
    }
    const keys = await t.database.rawTransaction((query) => query(`select count(*)::int as n from rate_limits where key like '%xxxxxxxxxx%'`));
    expect(keys.rows[0]).toEqual({ n: 0 });
    // 254 characters is still an address.
    const longest = `${'y'.repeat(64)}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(57)}.com`;
    expect(longest).toHaveLength(254);
    expect((await post('/api/auth/sign-in/email', { email: longest, password: 'correct horse battery' })).statusCode).toBe(401);
  });

  it('validates the body of update-user: a null or non-string name and unknown fields are 400s that change nothing', async () => {
    const account = await signUp(t.app, 'update-user@example.com');
    const update = (payload: unknown) => post('/api/auth/update-user', payload, { cookie: account.cookie });
    const cases: [unknown, string][] = [
      [{ name: null }, 'name must be text'],
      [{ name: 42 }, 'name must be text'],
      [{ name: ['a'] }, 'name must be text'],
      [{ name: '   ' }, 'name must not be empty'],
      [{ name: 'x'.repeat(201) }, 'name must be at most 200 characters'],
      [{ image: 7 }, 'image must be text or null'],
      [{ role: 'admin' }, 'Unknown field: role. Only name and image can be changed here'],
      [{ name: 'Ok', emailVerified: true }, 'Unknown field: emailVerified. Only name and image can be changed here'],
    ];
    for (const [payload, message] of cases) {
      const response = await update(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ error: message });
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: account.cookie } });
    expect(me.json()).toMatchObject({ user: { name: 'update-user', role: 'user', emailVerified: false } });
    const renamed = await update({ name: 'Ada' });
    expect(renamed.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: account.cookie } });
    expect(after.json()).toMatchObject({ user: { name: 'Ada' } });
  });
});

describe('the admin verification link proves ownership', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes the account from whoever signed up first with the admin address: sessions end, keys and password stop working, the link holder sets the password', async () => {
    // Someone who does not read the admin mailbox signs up with its address first, signs in twice and makes an API key.
    const squatter = await signUp(t.app, t.config.adminEmail, 'squatter passphrase 1');
    const second = await signInWithPassword(t.app, t.config.adminEmail, 'squatter passphrase 1');
    await t.database.db.insert(subscriptions).values({ userId: squatter.userId, status: 'active', priceId: 'price_test_monthly' });
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { cookie: squatter.cookie, origin: t.config.appUrl },
      payload: { name: 'mine' },
    });
    expect(key.statusCode, key.body).toBe(201);
    const secret = (key.json() as { key: string }).key;
    const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect((await me(squatter.cookie)).statusCode).toBe(200);

    // The owner follows the link from the admin mailbox (no cookie: any browser), even with its callbackURL cut off
    // (better-auth then answers JSON instead of a redirect).
    const link = await verificationLinkFor(t, t.config.adminEmail);
    link.searchParams.delete('callbackURL');
    const followed = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers['set-cookie']).toBeUndefined();
    const landing = new URL(String(followed.headers.location), t.config.appUrl);
    expect(landing.pathname).toBe('/reset-password');
    expect(landing.searchParams.get('verified')).toBe('admin');

    // The first sign-up lost every session, its key, and its password.
    expect((await me(squatter.cookie)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${squatter.token}` } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/leads', headers: { authorization: `Bearer ${secret}` } })).statusCode).toBe(401);
    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: t.config.appUrl },
      payload: { email: t.config.adminEmail, password: 'squatter passphrase 1' },
    });
    expect(oldPassword.statusCode).toBe(401);

    // Following the link again changes nothing more (the address is verified already).
    const again = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(String(again.headers.location)).not.toContain('verified=admin');

    // The link's holder sets the password, signs in and is the admin.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: t.config.appUrl },
      payload: { token: landing.searchParams.get('token'), newPassword: 'owner passphrase 2' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const owner = await signInWithPassword(t.app, t.config.adminEmail, 'owner passphrase 2');
    expect((await me(owner)).json()).toMatchObject({ user: { role: 'admin', emailVerified: true } });
    expect((await t.app.inject({ method: 'GET', url: '/api/subscribers', headers: { cookie: owner } })).statusCode).toBe(200);
    // The token worked once.
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: t.config.appUrl },
      payload: { token: landing.searchParams.get('token'), newPassword: 'squatter passphrase 3' },
    });
    expect(replay.statusCode).toBe(400);
  });

  it('leaves other accounts alone: verifying an ordinary address keeps its sessions and lands on the profile', async () => {
    const account = await signUp(t.app, 'plain-verify@example.com');
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      headers: { cookie: account.cookie, origin: t.config.appUrl },
      payload: { email: account.email, callbackURL: '/profile' },
    });
    expect(resend.statusCode).toBe(200);
    expect(await followVerificationLink(t, account.email)).toBe('/profile');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: account.cookie } });
    expect(me.json()).toMatchObject({ user: { emailVerified: true, role: 'user' } });
  });
});

describe('signing in with a mailed link while password attempts are limited', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { authRateLimits: { signInFailuresPerAccountIp: 10, signInFailuresPerAccount: 6, slowSignInEveryMs: 60_000 } });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload: Record<string, unknown>, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url, headers: { origin: t.config.appUrl }, remoteAddress, payload });
  const signIn = (email: string, password: string, remoteAddress: string) => post('/api/auth/sign-in/email', { email, password }, remoteAddress);

  async function signInLinkToken(email: string): Promise<string> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const mail = t.mails.findLast((candidate) => candidate.to === email && candidate.subject === 'Your Fundwire sign-in link');
      const link = mail?.text.match(/https?:\/\/\S+\/signin\/link\?token=\S+/)?.[0];
      if (link) return new URL(link).searchParams.get('token')!;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no sign-in link mailed to ${email}`);
  }

  it('lets the owner in from a new address with the right password and the link, while the flood keeps new addresses out', async () => {
    const owner = await signUp(t.app, 'flooded@example.com', 'correct horse battery');
    // Wrong passwords from many addresses, a few from each: the account-wide limit is reached.
    for (let address = 1; address <= 6; address++) expect((await signIn(owner.email, `guess-${address}-x`, `10.66.0.${address}`)).statusCode).toBe(401);
    expect((await signIn(owner.email, 'yet another guess', '10.66.1.1')).statusCode).toBe(401);

    // The owner, from a new address, with the right password: limited like everyone new.
    const OWNER_NEW_IP = '192.0.2.10';
    expect((await signIn(owner.email, owner.password, OWNER_NEW_IP)).statusCode).toBe(429);

    // "Email me a sign-in link": the same answer for a known and an unknown address.
    const asked = await post('/api/auth/sign-in/email-link', { email: 'Flooded@Example.com' }, OWNER_NEW_IP);
    expect(asked.statusCode).toBe(200);
    const unknown = await post('/api/auth/sign-in/email-link', { email: 'nobody-here@example.com' }, OWNER_NEW_IP);
    expect(unknown.json()).toEqual(asked.json());
    const token = await signInLinkToken(owner.email);
    await t.app.mailer.flush();
    expect(t.mails.some((mail) => mail.to === 'nobody-here@example.com')).toBe(false);

    // The link alone is not enough: a wrong password is refused, and makes no session.
    const wrong = await post('/api/auth/sign-in/email-link/verify', { token, password: 'not the password' }, OWNER_NEW_IP);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    // A made-up link is refused too.
    const forged = await post('/api/auth/sign-in/email-link/verify', { token: 'made-up-token', password: owner.password }, OWNER_NEW_IP);
    expect(forged.statusCode).toBe(400);

    const verified = await post('/api/auth/sign-in/email-link/verify', { token, password: owner.password }, OWNER_NEW_IP);
    expect(verified.statusCode, verified.body).toBe(200);
    const cookie = cookiesFrom(verified.headers['set-cookie']);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ user: { email: owner.email } });

    // The link worked once; the address is now the owner's, so the password alone works there.
    expect((await post('/api/auth/sign-in/email-link/verify', { token, password: owner.password }, OWNER_NEW_IP)).statusCode).toBe(400);
    expect((await signIn(owner.email, owner.password, OWNER_NEW_IP)).statusCode).toBe(200);
    // Other new addresses are still slowed.
    expect((await signIn(owner.email, owner.password, '192.0.2.11')).statusCode).toBe(429);
  });

  it('kills a link after five wrong passwords', async () => {
    const owner = await signUp(t.app, 'guessed-link@example.com', 'correct horse battery');
    expect((await post('/api/auth/sign-in/email-link', { email: owner.email }, '192.0.2.20')).statusCode).toBe(200);
    const token = await signInLinkToken(owner.email);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await post('/api/auth/sign-in/email-link/verify', { token, password: `wrong ${attempt} here` }, '192.0.2.20')).statusCode).toBe(401);
    }
    expect((await post('/api/auth/sign-in/email-link/verify', { token, password: owner.password }, '192.0.2.20')).statusCode).toBe(400);
  });
});
