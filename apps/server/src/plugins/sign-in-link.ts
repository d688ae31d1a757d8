// Sign-in with the password plus a one-time link mailed to the account's address (issue 29 item 7). While
// someone floods an account with wrong passwords, new addresses are slowed down (plugins/auth.ts); the link proves
// possession of the mailbox, so the owner signs in from a new address anyway. Decision 035.
import { createHash, randomBytes } from 'node:crypto';
import {
  SIGN_IN_LINK_INVALID_MESSAGE,
  SIGN_IN_LINK_SENT_MESSAGE,
  SIGN_IN_LINK_WRONG_PASSWORD_MESSAGE,
  signInLinkRequestSchema,
  signInLinkSentSchema,
  signInLinkVerifiedSchema,
  signInLinkVerifySchema,
} from '@fundwire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { AppError, firstIssueMessage, tooManyRequests } from '../errors.js';
import { signInLinkMail } from '../mail/templates/account-mail.js';
import type { Mailer } from '../mail/transport.js';
import type { Auth } from './auth.js';
import { rememberSignInAddress, type RateLimiter, type RateRule } from './rate-limit.js';

export const SIGN_IN_LINK_PATH = '/api/auth/sign-in/email-link';
export const SIGN_IN_LINK_VERIFY_PATH = '/api/auth/sign-in/email-link/verify';
/** Where the mailed link opens: the web page that asks for the password and posts both. */
export const SIGN_IN_LINK_PAGE = '/signin/link';
const LINK_EXPIRES_MS = 15 * 60_000;
/** Wrong passwords one link takes before it dies. */
const WRONG_PASSWORDS_PER_LINK = 5;

const identifierOf = (token: string) => `sign-in-link:${createHash('sha256').update(token).digest('hex')}`;

export interface SignInLinkOptions {
  config: Config;
  database: Database;
  mailer: Mailer;
  auth: Auth;
  limiter: RateLimiter;
  /** Per IP, as password-reset requests are limited. */
  perIp: RateRule;
  /** Link mails per account; past it the answer is the same and no mail goes (the mailbox has a fresh link). */
  perAccount: RateRule;
}

export function registerSignInLink(app: FastifyInstance, options: SignInLinkOptions): void {
  const { config, database, mailer, auth, limiter, perIp, perAccount } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    SIGN_IN_LINK_PATH,
    { schema: { body: signInLinkRequestSchema, response: { 200: signInLinkSentSchema } }, schemaErrorFormatter: firstIssueMessage },
    async (request) => {
      const { email } = request.body;
      if (!(await limiter.hit(`${SIGN_IN_LINK_PATH}:ip:${request.ip || 'unknown'}`, perIp))) throw tooManyRequests();
      // The same answer whether or not the account exists, and whether or not a mail went (accounts stay private).
      if (!(await limiter.hit(`${SIGN_IN_LINK_PATH}:account:${email}`, perAccount))) return { message: SIGN_IN_LINK_SENT_MESSAGE };
      const found = await database.rawTransaction((query) =>
        query(`select u.id from users u join accounts a on a.user_id = u.id and a.provider_id = 'credential' where lower(u.email) = $1 limit 1`, [email]),
      );
      const userId = found.rows[0]?.id;
      if (typeof userId !== 'string') return { message: SIGN_IN_LINK_SENT_MESSAGE };
      const token = randomBytes(24).toString('base64url');
      await database.rawTransaction((query) =>
        query(
          `insert into verifications (id, identifier, value, expires_at, created_at, updated_at)
           values ($1, $2, $3, now() + make_interval(secs => $4), now(), now())`,
          [randomBytes(16).toString('hex'), identifierOf(token), userId, LINK_EXPIRES_MS / 1000],
        ),
      );
      const url = `${config.appUrl}${SIGN_IN_LINK_PAGE}?token=${encodeURIComponent(token)}`;
      // Not awaited: a known address answers as fast as an unknown one.
      void signInLinkMail({ to: email, url, appUrl: config.appUrl })
        .then((mail) => mailer.send(mail))
        .catch((error: unknown) => request.log.error({ err: error }, 'sign-in link mail failed'));
      return { message: SIGN_IN_LINK_SENT_MESSAGE };
    },
  );

  routes.post(
    SIGN_IN_LINK_VERIFY_PATH,
    { schema: { body: signInLinkVerifySchema, response: { 200: signInLinkVerifiedSchema } }, schemaErrorFormatter: firstIssueMessage },
    async (request, reply) => {
      const { token, password } = request.body;
      const ip = request.ip || 'unknown';
      if (!(await limiter.hit(`${SIGN_IN_LINK_VERIFY_PATH}:ip:${ip}`, perIp))) throw tooManyRequests();
      const identifier = identifierOf(token);
      const found = await database.rawTransaction((query) =>
        query(
          `select u.id, lower(u.email) as email from verifications v join users u on u.id = v.value
           where v.identifier = $1 and v.expires_at > now() limit 1`,
          [identifier],
        ),
      );
      const row = found.rows[0] as { id: string; email: string } | undefined;
      if (!row) throw new AppError(400, 'invalid_link', SIGN_IN_LINK_INVALID_MESSAGE, { code: 'INVALID_SIGN_IN_LINK' });

      // better-auth's own sign-in checks the password and makes the session; only our limiter's gate is skipped,
      // the link standing in for it. Wrong passwords are counted per link instead.
      const response = await auth.handler(
        new Request(new URL('/api/auth/sign-in/email', config.appUrl).toString(), {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: config.appUrl, 'user-agent': request.headers['user-agent'] ?? '' },
          body: JSON.stringify({ email: row.email, password }),
        }),
      );
      if (response.status !== 200) {
        if (!(await limiter.hit(`${SIGN_IN_LINK_VERIFY_PATH}:link:${identifier}`, { max: WRONG_PASSWORDS_PER_LINK - 1, windowMs: LINK_EXPIRES_MS }))) {
          await database.rawTransaction((query) => query(`delete from verifications where identifier = $1`, [identifier]));
        }
        throw new AppError(401, 'invalid_credentials', SIGN_IN_LINK_WRONG_PASSWORD_MESSAGE, { code: 'INVALID_EMAIL_OR_PASSWORD' });
      }
      // One use: a link consumed by a parallel request signs nobody in twice.
      const consumed = await database.rawTransaction((query) => query(`delete from verifications where identifier = $1 returning id`, [identifier]));
      if (consumed.rows.length === 0) throw new AppError(400, 'invalid_link', SIGN_IN_LINK_INVALID_MESSAGE, { code: 'INVALID_SIGN_IN_LINK' });
      // This address is now one the account signed in from: the account-wide slowdown no longer applies to it.
      await rememberSignInAddress(database.db, row.email, ip);
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const bearerToken = response.headers.get('set-auth-token');
      if (bearerToken) reply.header('set-auth-token', bearerToken);
      return { ok: true as const };
    },
  );
}
