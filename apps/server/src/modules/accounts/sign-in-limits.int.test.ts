// Wrong passwords are counted per (account, address) and per account: an attacker locks out only
// their own address, never the owner's usual one, and many addresses together are slowed down.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp } from '../../../test/helpers.js';

const OWNER_IP = '10.0.0.1';
const ATTACKER_IP = '10.6.6.6';

describe('sign-in limits per account and address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { authRateLimits: { signInFailuresPerAccountIp: 10, signInFailuresPerAccount: 20, slowSignInEveryMs: 10_000 } });
  });
  afterAll(async () => {
    await t.close();
  });

  const signIn = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: t.config.appUrl }, remoteAddress, payload: { email, password } });

  it("lets the owner in from an address they signed in from while an attacker's address is blocked after its own failures", async () => {
    const owner = await signUp(t.app, 'owner@example.com', 'correct horse battery');
    expect((await signIn(owner.email, owner.password, OWNER_IP)).statusCode).toBe(200);

    const attacker: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) attacker.push((await signIn(owner.email, `guess-${attempt}-guess`, ATTACKER_IP)).statusCode);
    expect(attacker.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(attacker.slice(10)).toEqual([429, 429]);
    // The attacker's address is blocked even with the right password.
    expect((await signIn(owner.email, owner.password, ATTACKER_IP)).statusCode).toBe(429);

    expect((await signIn(owner.email, owner.password, OWNER_IP)).statusCode).toBe(200);
    // An address that never failed is not slowed either while the account has few failures.
    expect((await signIn(owner.email, owner.password, '10.0.0.2')).statusCode).toBe(200);
  });

  it('slows addresses new to the account down after many failures from many addresses, never its known ones', async () => {
    const owner = await signUp(t.app, 'popular@example.com', 'correct horse battery');
    expect((await signIn(owner.email, owner.password, OWNER_IP)).statusCode).toBe(200);

    // 20 failures from 10 addresses, 2 each: no address reaches its own limit.
    for (let address = 1; address <= 10; address++) {
      for (let attempt = 0; attempt < 2; attempt++)
        expect((await signIn(owner.email, `guess-${address}-${attempt}`, `10.9.0.${address}`)).statusCode).toBe(401);
    }

    // A new address gets one try per 10 s, shared with every other new address.
    expect((await signIn(owner.email, 'one more guess', '10.1.1.1')).statusCode).toBe(401);
    expect((await signIn(owner.email, owner.password, '10.1.1.1')).statusCode).toBe(429);
    expect((await signIn(owner.email, owner.password, '10.1.1.2')).statusCode).toBe(429);
    // The owner's known address is not slowed.
    expect((await signIn(owner.email, owner.password, OWNER_IP)).statusCode).toBe(200);

    // Ten seconds later a new address may try once more.
    await t.database.db.execute(sql`update rate_limits set window_start = window_start - interval '11 seconds' where key like ${'%slow:popular@example.com'}`);
    expect((await signIn(owner.email, owner.password, '10.1.1.2')).statusCode).toBe(200);
    expect((await signIn(owner.email, owner.password, '10.1.1.3')).statusCode).toBe(429);
  });
});
