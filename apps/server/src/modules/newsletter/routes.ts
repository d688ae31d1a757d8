// Newsletter routes, and the signed mail links (confirm, preferences, unsubscribe) that serve newsletter readers and
// alert recipients alike. Who may call each is in ROUTE_TABLE; signed links stand in for a session.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailPreferencesResponseSchema,
  mailTokenSchema,
  sendWeeklyEmailResponseSchema,
  subscribeEmailRequestSchema,
  subscribeEmailResponseSchema,
  SUBSCRIBERS_PAGE_SIZE,
  subscribersQuerySchema,
  subscribersResponseSchema,
  updateEmailPreferencesSchema,
} from '@fundwire/shared';
import { firstIssueMessage, tooManyRequests, validationError } from '../../errors.js';
import { requireAdmin } from '../../plugins/access.js';
import { createRateLimiter } from '../../plugins/rate-limit.js';
import { mailRunDeps, newsletterSchedule, sendWeeklyNewsletter } from '../mail-queue/index.js';
import {
  confirmSubscription,
  countNextNewsletterLeads,
  getEmailPreferences,
  listActiveSubscribers,
  subscribeEmail,
  unsubscribe,
  updateEmailPreferences,
  type NewsletterDeps,
} from './service.js';

/** Sign-ups per IP address per window (scaled by AUTH_RATE_LIMIT_SCALE like the sign-in limits). */
/** decision 027: a repeat sign-up of an unconfirmed address is told the confirmation went out again. */
export const CONFIRMATION_RESENT_MESSAGE = "You've signed up before: we sent the confirmation link again. Check your email to confirm your subscription.";

export const SUBSCRIBE_RATE_LIMIT = { max: 10, windowMs: 15 * 60_000 };

/** A body that may be left out entirely reads as {}, so its fields' own messages apply. */
const orEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? {}, schema);

/** The signed-link token: in the query (links opened from mail) or the body (the pages' own calls). */
const tokenQuerySchema = z.object({
  token: mailTokenSchema.shape.token.optional(),
});
const tokenBodySchema = orEmpty(z.object({ token: mailTokenSchema.shape.token.optional() }).passthrough());
const noQuery = z.object({});

function tokenFrom(query: { token?: string }, body: unknown): string {
  const token = query.token ?? (body as { token?: string } | undefined)?.token;
  if (!token) throw validationError('The link is incomplete');
  return token;
}

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: NewsletterDeps = {
    database: app.database,
    mailer: app.mailer,
    signer: app.mailLinks,
    appUrl: app.config.appUrl,
  };
  const limiter = createRateLimiter(app.database.db);

  // RFC 8058 one-click unsubscribe posts a form; the spec's Send Weekly Email posts JSON with an empty body.
  app.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });
  app.removeContentTypeParser('application/json');
  // Fastify's own parser (prototype-poisoning protection included), but an empty body is no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });

  app.post(
    '/api/subscribe-email',
    {
      schema: {
        body: orEmpty(subscribeEmailRequestSchema),
        response: { 200: subscribeEmailResponseSchema },
      },
      schemaErrorFormatter: firstIssueMessage,
    },
    async (request) => {
      const { email } = request.body;
      const rule = {
        max: Math.round(SUBSCRIBE_RATE_LIMIT.max * app.config.authRateLimitScale),
        windowMs: SUBSCRIBE_RATE_LIMIT.windowMs,
      };
      if (!(await limiter.hit(`subscribe-email:ip:${request.ip || 'unknown'}`, rule)))
        throw tooManyRequests('Too many sign-ups from your network. Please try again later.');
      const { alreadySubscribed, confirmationResent = false } = await subscribeEmail(deps, email);
      return {
        alreadySubscribed,
        confirmationResent,
        message: alreadySubscribed
          ? "You're already subscribed to our newsletter!"
          : confirmationResent
            ? CONFIRMATION_RESENT_MESSAGE
            : 'Check your email and click the link to confirm your subscription.',
      };
    },
  );

  const signedLink = { querystring: tokenQuerySchema, body: tokenBodySchema };
  app.post(
    '/api/newsletter/confirm',
    {
      schema: {
        ...signedLink,
        response: {
          200: z.object({ email: z.string(), subscribed: z.literal(true) }),
        },
      },
      schemaErrorFormatter: firstIssueMessage,
    },
    async (request) => {
      const { email } = await confirmSubscription(deps, tokenFrom(request.query, request.body));
      return { email, subscribed: true as const };
    },
  );

  app.get(
    '/api/email-preferences',
    {
      schema: {
        querystring: tokenQuerySchema,
        response: { 200: emailPreferencesResponseSchema },
      },
      schemaErrorFormatter: firstIssueMessage,
    },
    async (request) => getEmailPreferences(deps, tokenFrom(request.query, undefined)),
  );

  app.put(
    '/api/email-preferences',
    {
      schema: {
        querystring: noQuery,
        body: orEmpty(updateEmailPreferencesSchema),
        response: { 200: emailPreferencesResponseSchema },
      },
      schemaErrorFormatter: firstIssueMessage,
    },
    async (request) => updateEmailPreferences(deps, request.body),
  );

  // RFC 8058 one-click unsubscribe posts the form `List-Unsubscribe=One-Click` to the link, token in its query.
  app.post(
    '/api/unsubscribe',
    {
      schema: {
        ...signedLink,
        response: { 200: emailPreferencesResponseSchema },
      },
      schemaErrorFormatter: firstIssueMessage,
    },
    async (request) => unsubscribe(deps, tokenFrom(request.query, request.body)),
  );

  app.get(
    '/api/subscribers',
    {
      schema: {
        querystring: subscribersQuerySchema,
        response: { 200: subscribersResponseSchema },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const [list, schedule] = await Promise.all([listActiveSubscribers(app.database, request.query), newsletterSchedule(app.database, app.config.alertTimeZone)]);
      return {
        subscribers: list.subscribers,
        page: request.query.page,
        pageSize: SUBSCRIBERS_PAGE_SIZE,
        matchCount: list.matchCount,
        stats: {
          totalSubscribers: list.total,
          weeklyLeads: await countNextNewsletterLeads(app.database, schedule),
          nextSend: schedule.nextSend.toISOString(),
          timeZone: app.config.alertTimeZone,
        },
      };
    },
  );

  // The spec's admin button posts an empty body.
  app.post(
    '/api/send-weekly-email',
    {
      schema: {
        body: z.unknown(),
        response: { 200: sendWeeklyEmailResponseSchema },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const result = await sendWeeklyNewsletter(mailRunDeps(app));
      return {
        stats: {
          successCount: result.successCount,
          alreadySent: result.alreadySent,
          failedCount: result.failedCount,
          pendingCount: result.pendingCount,
          edition: result.edition,
        },
      };
    },
  );
};
