// better-auth under /api/auth/*: email + password with reset, Google (OpenID discovery, configurable),
// GitHub and Twitter/X, sessions in the database, bearer tokens for API clients, and rate limits.
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { fromNodeHeaders } from 'better-auth/node';
import { createEmailVerificationToken } from 'better-auth/api';
import { bearer, genericOAuth } from 'better-auth/plugins';
import { EMAIL_MAX_LENGTH, EMAIL_TOO_LONG_MESSAGE, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from '@fundwire/shared';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { accounts, sessions, users, verifications } from '../db/schema/index.js';
import { AppError, badRequest, tooManyRequests } from '../errors.js';
import { resetPasswordMail, verifyEmailMail } from '../mail/templates/account-mail.js';
import { loadInstallationSecret } from '../db/secrets.js';
import type { Mailer } from '../mail/transport.js';
import { getAuthContext, invalidateAuthCache, isAdminAccount } from './access.js';
import { takeOverAdminAccount, unverifiedAdminAccount } from './admin-ownership.js';
import { registerSignInLink } from './sign-in-link.js';
import {
  createRateLimiter,
  isKnownSignInAddress,
  pruneKnownSignInAddresses,
  pruneRateLimits,
  rememberSignInAddress,
  type RateRule,
} from './rate-limit.js';

const SIGN_IN = '/api/auth/sign-in/email';
const SIGN_UP = '/api/auth/sign-up/email';

/** One secret for every instance: generated once and kept in the database. */
const AUTH_SECRET_KEY = 'auth_secret';

export interface AuthRateLimits {
  windowMs: number;
  signInPerIp: number;
  /** Wrong passwords for one account from one address per windowMs; then that address waits for the window. */
  signInFailuresPerAccountIp: number;
  /** Wrong passwords for one account from anywhere per accountWindowMs; then addresses it never signed in from are slowed. */
  signInFailuresPerAccount: number;
  accountWindowMs: number;
  /** While slowed, addresses new to the account share one sign-in attempt per this many ms. */
  slowSignInEveryMs: number;
  signUpPerIp: number;
  signUpPerAccount: number;
  resetPerIp: number;
  resetPerAccount: number;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  windowMs: 60_000,
  signInPerIp: 30,
  signInFailuresPerAccountIp: 10,
  signInFailuresPerAccount: 20,
  accountWindowMs: 15 * 60_000,
  slowSignInEveryMs: 10_000,
  signUpPerIp: 10,
  signUpPerAccount: 5,
  resetPerIp: 10,
  resetPerAccount: 5,
};

/** How long an email verification link works. */
const VERIFY_EMAIL_EXPIRES_IN = 24 * 60 * 60;
/** Where a followed verification link lands (better-auth redirects there, with ?error= when it failed). */
export const VERIFY_EMAIL_CALLBACK = '/profile';

const roleFor = (user: { email: string; emailVerified: boolean }, config: Config) => (isAdminAccount(user, config.adminEmail) ? 'admin' : 'user');

export function createAuth(config: Config, database: Database, mailer: Mailer, secret: string, log: FastifyInstance['log']) {
  const https = config.appUrl.startsWith('https://');
  const google = config.oauth.google;
  const sendVerificationMail = async (to: string, url: string) => {
    await verifyEmailMail({ to, url, appUrl: config.appUrl })
      .then((mail) => mailer.send(mail))
      .catch((error: unknown) => log.error({ err: error }, 'verification mail failed'));
  };
  return betterAuth({
    appName: 'Fundwire',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.appUrl],
    telemetry: { enabled: false },
    database: drizzleAdapter(database.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      // The full rule (common passwords, the email's local part) is checked before better-auth sees the request.
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // Not awaited: answering at the same speed whether or not the account exists keeps accounts private.
      sendResetPassword: async ({ user, token }) => {
        const url = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        void resetPasswordMail({ to: user.email, url, appUrl: config.appUrl })
          .then((mail) => mailer.send(mail))
          .catch((error: unknown) => log.error({ err: error }, 'reset mail failed'));
      },
    },
    // Only the admin address is sent a link at sign-up (it gets the admin role once verified); anyone
    // signed in may ask for one from the profile page.
    emailVerification: {
      sendOnSignUp: false,
      expiresIn: VERIFY_EMAIL_EXPIRES_IN,
      sendVerificationEmail: async ({ user, url }) => sendVerificationMail(user.email, url),
      afterEmailVerification: async (user) => {
        await database.db.update(users).set({ role: roleFor({ ...user, emailVerified: true }, config) }).where(eq(users.id, user.id));
      },
    },
    user: {
      additionalFields: { role: { type: 'string', required: false, defaultValue: 'user', input: false } },
    },
    databaseHooks: {
      user: {
        create: {
          // An OAuth provider may vouch for the address (emailVerified); email + password sign-ups start unverified.
          before: async (user) => ({ data: { ...user, role: roleFor(user, config) } }),
          after: async (user) => {
            if (user.emailVerified || user.email.toLowerCase() !== config.adminEmail) return;
            const token = await createEmailVerificationToken(secret, user.email, undefined, VERIFY_EMAIL_EXPIRES_IN, { userId: user.id });
            await sendVerificationMail(user.email, `${config.appUrl}/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent(VERIFY_EMAIL_CALLBACK)}`);
          },
        },
      },
    },
    socialProviders: {
      ...(config.oauth.github ? { github: { clientId: config.oauth.github.clientId, clientSecret: config.oauth.github.clientSecret } } : {}),
      ...(config.oauth.twitter ? { twitter: { clientId: config.oauth.twitter.clientId, clientSecret: config.oauth.twitter.clientSecret } } : {}),
    },
    plugins: [
      bearer(),
      ...(google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  discoveryUrl: config.googleDiscoveryUrl,
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
    // Our own limiter (below) covers the sensitive endpoints per IP and per account, shared across instances.
    rateLimit: { enabled: false },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    advanced: {
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: https },
    },
    logger: {
      log: (level, message) => {
        const method = level === 'error' ? 'error' : level === 'warn' ? 'warn' : 'debug';
        log[method]({ source: 'better-auth' }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
}

function clientIp(request: FastifyRequest): string {
  return request.ip || 'unknown';
}

function bodyString(request: FastifyRequest, key: string): string | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  const value = body?.[key];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The new password a request sets and whose email it belongs to: sign-up names both; a reset finds the
 * account through its token; a change of password is made by the signed-in account.
 */
async function newPasswordOf(request: FastifyRequest, pathname: string, database: Database): Promise<{ password: string; email?: string } | undefined> {
  if (pathname === SIGN_UP) {
    const password = bodyString(request, 'password');
    return password === undefined ? undefined : { password, email: bodyEmail(request) };
  }
  if (pathname !== '/api/auth/reset-password' && pathname !== '/api/auth/change-password') return undefined;
  const password = bodyString(request, 'newPassword');
  if (password === undefined) return undefined;
  if (pathname === '/api/auth/change-password') return { password, email: (await getAuthContext(request))?.user.email };
  const token = bodyString(request, 'token');
  if (!token) return { password };
  const [row] = await database.db
    .select({ email: users.email })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(eq(verifications.identifier, `reset-password:${token}`))
    .limit(1);
  return { password, email: row?.email };
}

// Emails longer than EMAIL_MAX_LENGTH are refused before anything (a rate-limit key, a lookup) is built from them.
export { EMAIL_TOO_LONG_MESSAGE } from '@fundwire/shared';

/**
 * better-auth's update-user takes any fields of the user table (a null name ends in a 500). What an account may
 * change about itself: its name and picture, nothing else.
 */
const updateUserBodySchema = z.strictObject({
  name: z.string({ error: 'name must be text' }).trim().min(1, 'name must not be empty').max(200, 'name must be at most 200 characters').optional(),
  image: z.string({ error: 'image must be text or null' }).max(2048, 'image must be at most 2048 characters').nullable().optional(),
});

/** What is wrong with an /api/auth/* body before better-auth or the limiter sees it, or undefined. */
export function authBodyProblem(pathname: string, body: unknown): string | undefined {
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  if (typeof fields?.email === 'string' && fields.email.trim().length > EMAIL_MAX_LENGTH) return EMAIL_TOO_LONG_MESSAGE;
  if (pathname === '/api/auth/update-user') {
    const parsed = updateUserBodySchema.safeParse(body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}. Only name and image can be changed here`;
      return issue?.message ?? 'Invalid request body';
    }
  }
  return undefined;
}

function bodyEmail(request: FastifyRequest): string | undefined {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : undefined;
}

export async function registerAuth(
  app: FastifyInstance,
  options: { config: Config; database: Database; mailer: Mailer; rateLimits: AuthRateLimits },
): Promise<void> {
  const { config, database, mailer, rateLimits } = options;
  const secret = await loadInstallationSecret(database, AUTH_SECRET_KEY);
  const auth = createAuth(config, database, mailer, secret, app.log);
  app.decorate('auth', auth);

  // The stored role follows the rule (ADMIN_EMAIL, verified) even if the account existed before ADMIN_EMAIL
  // pointed at it, or ADMIN_EMAIL moved away from it. Access checks compute the role anyway (isAdminAccount).
  await database.db
    .update(users)
    .set({ role: sql`case when lower(${users.email}) = ${config.adminEmail} and ${users.emailVerified} then 'admin' else 'user' end` })
    .where(sql`${users.role} <> (case when lower(${users.email}) = ${config.adminEmail} and ${users.emailVerified} then 'admin' else 'user' end)`);
  await pruneRateLimits(database.db);
  await pruneKnownSignInAddresses(database.db);

  const limiter = createRateLimiter(database.db);
  const rule = (max: number): RateRule => ({ max: Math.round(max * config.authRateLimitScale), windowMs: rateLimits.windowMs });
  // Per IP, every attempt counts. Per account, sign-in counts wrong passwords (see signInGate); the others count requests.
  const guarded: Record<string, { ip: number; account?: number }> = {
    [SIGN_IN]: { ip: rateLimits.signInPerIp },
    [SIGN_UP]: { ip: rateLimits.signUpPerIp, account: rateLimits.signUpPerAccount },
    '/api/auth/request-password-reset': { ip: rateLimits.resetPerIp, account: rateLimits.resetPerAccount },
    '/api/auth/reset-password': { ip: rateLimits.resetPerIp, account: rateLimits.resetPerAccount },
    '/api/auth/send-verification-email': { ip: rateLimits.resetPerIp, account: rateLimits.resetPerAccount },
  };

  // Wrong passwords are counted per (account, address) and per account. An address only ever locks
  // itself out; the account-wide count slows down addresses the account never signed in from, so an
  // attacker can neither guess fast from many addresses nor lock the owner out of their usual one.
  const pairKey = (email: string, ip: string) => `${SIGN_IN}:account-ip:${email}:${ip}`;
  const accountKey = (email: string) => `${SIGN_IN}:account:${email}`;
  const pairRule = rule(rateLimits.signInFailuresPerAccountIp);
  const accountRule: RateRule = { max: Math.round(rateLimits.signInFailuresPerAccount * config.authRateLimitScale), windowMs: rateLimits.accountWindowMs };
  const signInGate = async (email: string, ip: string): Promise<boolean> => {
    if (await limiter.isBlocked(pairKey(email, ip), pairRule)) return false;
    if (!(await limiter.isBlocked(accountKey(email), accountRule))) return true;
    if (await isKnownSignInAddress(database.db, email, ip)) return true;
    return limiter.hit(`${SIGN_IN}:slow:${email}`, { max: 1, windowMs: rateLimits.slowSignInEveryMs });
  };
  const afterSignIn = async (email: string, ip: string, status: number) => {
    if (status === 401) {
      await limiter.hit(pairKey(email, ip), pairRule);
      await limiter.hit(accountKey(email), accountRule);
    } else if (status === 200) {
      await rememberSignInAddress(database.db, email, ip);
      await limiter.reset(pairKey(email, ip));
    }
  };

  // Password plus a mailed link: signs in from a new address while the account-wide limit holds (static routes,
  // so they win over the catch-all below; the same body checks run first).
  registerSignInLink(app, {
    config,
    database,
    mailer,
    auth,
    limiter,
    perIp: rule(rateLimits.resetPerIp),
    perAccount: rule(rateLimits.resetPerAccount),
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(request, reply) {
      const url = new URL(request.url, config.appUrl);
      if (request.method === 'POST') {
        const problem = authBodyProblem(url.pathname, request.body);
        if (problem) throw badRequest(problem);
      }
      const limits = request.method === 'POST' ? guarded[url.pathname] : undefined;
      const email = bodyEmail(request);
      const ip = clientIp(request);
      const signingIn = limits !== undefined && url.pathname === SIGN_IN && email !== undefined;
      if (limits) {
        if (!(await limiter.hit(`${url.pathname}:ip:${ip}`, rule(limits.ip)))) throw tooManyRequests();
        if (email && limits.account !== undefined && !(await limiter.hit(`${url.pathname}:account:${email}`, rule(limits.account)))) throw tooManyRequests();
        if (signingIn && !(await signInGate(email, ip))) throw tooManyRequests();
      }

      if (request.method === 'POST') {
        const newPassword = await newPasswordOf(request, url.pathname, database);
        const problem = newPassword ? await passwordProblem(newPassword.password, newPassword.email) : null;
        // The code lets the reset form tell a refused password from a dead link (both are 400s).
        if (problem) throw new AppError(400, 'weak_password', problem, { code: 'PASSWORD_TOO_WEAK' });
      }

      // The ADMIN_EMAIL link's first use hands the account to whoever holds the link (plugins/admin-ownership.ts).
      const verifyingAdmin =
        request.method === 'GET' && url.pathname === '/api/auth/verify-email'
          ? await unverifiedAdminAccount(database, config.adminEmail, url.searchParams.get('token'))
          : undefined;

      const headers = fromNodeHeaders(request.headers);
      const hasBody = request.body !== undefined && request.body !== null && request.method !== 'GET';
      if (hasBody) {
        headers.set('content-type', 'application/json');
        headers.delete('content-length');
      }
      const response = await auth.handler(
        new Request(url.toString(), { method: request.method, headers, body: hasBody ? JSON.stringify(request.body) : undefined }),
      );

      // Whatever changed a session (sign-out, password reset, revocation) or a role (a verified email)
      // must not be served from the cache.
      if (request.method === 'POST' || url.pathname === '/api/auth/verify-email') invalidateAuthCache(request.server);

      // Whatever better-auth answered (a redirect, or JSON for a link without callbackURL): if the address is now
      // verified, the account changes hands (takeOverAdminAccount checks; a failed verification leaves it alone).
      if (verifyingAdmin) {
        const setPassword = await takeOverAdminAccount(database, verifyingAdmin);
        if (setPassword) {
          invalidateAuthCache(request.server, verifyingAdmin);
          return reply.header('cache-control', 'no-store').redirect(setPassword, 302);
        }
      }

      if (signingIn) await afterSignIn(email, ip, response.status);
      // Signing up is signing in from that address too.
      if (limits && url.pathname === SIGN_UP && email && response.status === 200) await rememberSignInAddress(database.db, email, ip);

      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length' && key !== 'content-encoding') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const text = await response.text();
      // better-auth sends {message, code}; the rest of the API speaks {error}, so add it alongside.
      if (response.status >= 400 && (response.headers.get('content-type') ?? '').includes('application/json')) {
        try {
          const parsed = JSON.parse(text) as { message?: string; error?: string };
          return reply.send({ ...parsed, error: parsed.error ?? parsed.message ?? 'Authentication failed' });
        } catch {
          // fall through and send the text as it is
        }
      }
      return reply.send(text || null);
    },
  });
}
