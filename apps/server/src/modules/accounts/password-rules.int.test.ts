// New passwords follow the shared rule (packages/shared password-rules) at sign-up, reset and change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@fundwire/shared';
import { readOutbox } from '../../mail/transport.js';
import { buildTestApp, signUp, type TestApp } from '../../../test/helpers.js';

describe('password rule', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Refused passwords still count against the sign-up limits; this file is about the rule alone.
    t = await buildTestApp({}, { authRateLimits: { signUpPerIp: 100, signUpPerAccount: 100, resetPerIp: 100, resetPerAccount: 100 } });
  });
  afterAll(async () => {
    await t.close();
  });

  const signUpWith = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: t.config.appUrl }, payload: { email, password, name: 'x' } });

  it('refuses weak passwords at sign-up with 400 {error} saying why, and creates no account', async () => {
    const cases: [string, string][] = [
      ['password', PASSWORD_MESSAGES.tooShort],
      ['12345678', PASSWORD_MESSAGES.tooShort],
      ['        ', PASSWORD_MESSAGES.tooShort],
      ['          ', PASSWORD_MESSAGES.blank],
      ['1234567890', PASSWORD_MESSAGES.common],
      ['Password123', PASSWORD_MESSAGES.common],
      // A common word plus digits or symbols, or with look-alike letters, is as common (issue 29 item 8).
      ['Password123!', PASSWORD_MESSAGES.common],
      ['Passw0rd!!', PASSWORD_MESSAGES.common],
      ['!!Sunshine2026', PASSWORD_MESSAGES.common],
      ['grace.hopper-2026', PASSWORD_MESSAGES.containsEmail],
    ];
    for (const [password, message] of cases) {
      const response = await signUpWith('Grace.Hopper@example.com', password);
      expect(response.statusCode, password).toBe(400);
      expect(response.json(), password).toEqual({ error: message, code: 'PASSWORD_TOO_WEAK' });
    }
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: t.config.appUrl },
      payload: { email: 'grace.hopper@example.com', password: '1234567890' },
    });
    expect(signIn.statusCode).toBe(401);
    expect((await signUpWith('grace.hopper@example.com', 'correct horse battery')).statusCode).toBe(200);
  });

  it('refuses weak passwords at reset and at change of password', async () => {
    const account = await signUp(t.app, 'linus@example.com', 'old password here');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: t.config.appUrl },
      payload: { email: account.email, redirectTo: '/reset-password' },
    });
    let link: string | undefined;
    for (let attempt = 0; attempt < 50 && !link; attempt++) {
      link = readOutbox(t.config.dataDir)
        .find((mail) => mail.to === account.email)
        ?.links.find((candidate) => candidate.includes('/reset-password?token='));
      if (!link) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const token = new URL(link!).searchParams.get('token')!;
    const reset = (newPassword: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: { origin: t.config.appUrl }, payload: { newPassword, token } });
    expect((await reset('12345678')).json()).toEqual({ error: PASSWORD_MESSAGES.tooShort, code: 'PASSWORD_TOO_WEAK' });
    expect((await reset('qwertyuiop')).json()).toEqual({ error: PASSWORD_MESSAGES.common, code: 'PASSWORD_TOO_WEAK' });
    expect((await reset('Passw0rd!!')).json()).toEqual({ error: PASSWORD_MESSAGES.common, code: 'PASSWORD_TOO_WEAK' });
    const local = await reset('LINUS-rules-2026');
    expect(local.statusCode).toBe(400);
    expect(local.json()).toEqual({ error: PASSWORD_MESSAGES.containsEmail, code: 'PASSWORD_TOO_WEAK' });
    // The refused attempts left the token usable.
    expect((await reset('a much better passphrase')).statusCode).toBe(200);

    const signedIn = await signUp(t.app, 'ada@example.com', 'first passphrase here');
    const change = (newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { cookie: signedIn.cookie, origin: t.config.appUrl },
        payload: { currentPassword: 'first passphrase here', newPassword },
      });
    expect((await change('          ')).json()).toEqual({ error: PASSWORD_MESSAGES.blank, code: 'PASSWORD_TOO_WEAK' });
    expect((await change('basketball')).json()).toEqual({ error: PASSWORD_MESSAGES.common, code: 'PASSWORD_TOO_WEAK' });
    expect((await change('Password123!')).json()).toEqual({ error: PASSWORD_MESSAGES.common, code: 'PASSWORD_TOO_WEAK' });
    expect((await change('second passphrase here')).statusCode).toBe(200);
  });
});
