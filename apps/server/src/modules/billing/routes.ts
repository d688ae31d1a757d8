// Billing routes. Who may call each is in ROUTE_TABLE; the user always comes from the session, never the body.
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePlanRequestSchema,
  checkoutRequestSchema,
  checkoutSessionResponseSchema,
  feedbackRequestSchema,
  okResponseSchema,
  redirectUrlResponseSchema,
  stripeWebhookResponseSchema,
  subscriptionResponseSchema,
  testCheckoutParamsSchema,
  testCheckoutResponseSchema,
  testCheckoutResultSchema,
} from '@fundwire/shared';
import { schemaErrors, validationError } from '../../errors.js';
import { invalidateAuthCache, requireUser } from '../../plugins/access.js';
import { SubscriptionHub, startLiveStatus } from './live.js';
import {
  applyRetentionOffer,
  billingPortal,
  cancelSubscription,
  cancelTestCheckout,
  changePlan,
  countTestModeLeftovers,
  getTestCheckout,
  handleWebhook,
  payTestCheckout,
  reactivateSubscription,
  startCheckout,
  submitFeedback,
  type BillingDeps,
} from './service.js';
import { loadSubscriptionRecord } from '../../plugins/access.js';

/** 'Invalid request: priceId Invalid input; details Too long', as before route schemas did the checking. */
const invalidRequest = schemaErrors((issues) =>
  validationError(`Invalid request: ${issues.map((issue) => `${issue.path || 'body'} ${issue.message}`).join('; ')}`),
);

/** Bodies these calls ignore (the user always comes from the session); older clients send their ids. */
const ignoredBody = z.unknown();
const noQuery = z.object({});

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: BillingDeps = {
    config: app.config,
    database: app.database,
    billing: app.billing,
    onChange: (userId) => invalidateAuthCache(app, userId),
  };
  const hub = new SubscriptionHub();
  await startLiveStatus(app, hub);
  const leftovers = await countTestModeLeftovers(deps);
  if (leftovers && leftovers.subscriptions + leftovers.openSessions > 0) {
    app.log.warn(
      { ignoredTestSubscriptions: leftovers.subscriptions, ignoredTestCheckoutSessions: leftovers.openSessions },
      `billing: ignoring ${leftovers.subscriptions} test-mode subscription(s) and ${leftovers.openSessions} open test checkout session(s) left in the database; with Stripe they grant nothing`,
    );
  }

  app.post(
    '/api/create-checkout-session',
    {
      schema: {
        body: checkoutRequestSchema,
        response: {
          200: checkoutSessionResponseSchema.or(redirectUrlResponseSchema),
        },
      },
      schemaErrorFormatter: invalidRequest,
    },
    async (request) => {
      const user = await requireUser(request);
      const body = request.body;
      if ('discountPercent' in body && body.discountPercent !== undefined) return applyRetentionOffer(deps, user);
      return startCheckout(deps, user, (body as { priceId: string }).priceId);
    },
  );

  const testCheckout = {
    params: testCheckoutParamsSchema,
    body: ignoredBody,
    response: { 200: testCheckoutResultSchema },
  };
  app.get(
    '/api/checkout/test/:id',
    {
      schema: {
        params: testCheckoutParamsSchema,
        querystring: noQuery,
        response: { 200: testCheckoutResponseSchema },
      },
    },
    async (request) => getTestCheckout(deps, await requireUser(request), request.params.id),
  );
  app.post('/api/checkout/test/:id/pay', { schema: testCheckout }, async (request) => payTestCheckout(deps, await requireUser(request), request.params.id));
  app.post('/api/checkout/test/:id/cancel', { schema: testCheckout }, async (request) =>
    cancelTestCheckout(deps, await requireUser(request), request.params.id),
  );

  app.post(
    '/api/submit-feedback',
    {
      schema: {
        body: feedbackRequestSchema,
        response: { 201: okResponseSchema },
      },
      schemaErrorFormatter: invalidRequest,
    },
    async (request, reply) => {
      const body = request.body;
      await submitFeedback(deps, await requireUser(request), {
        reason: body.reason,
        details: body.details,
      });
      return reply.status(201).send({ ok: true as const });
    },
  );

  const subscriptionChange = {
    schema: {
      body: ignoredBody,
      response: { 200: subscriptionResponseSchema },
    },
  };
  app.post('/api/cancel-subscription', subscriptionChange, async (request) => ({
    subscription: await cancelSubscription(deps, await requireUser(request)),
  }));
  app.post('/api/reactivate-subscription', subscriptionChange, async (request) => ({
    subscription: await reactivateSubscription(deps, await requireUser(request)),
  }));
  app.post(
    '/api/change-plan',
    { schema: { body: changePlanRequestSchema, response: { 200: subscriptionResponseSchema } }, schemaErrorFormatter: invalidRequest },
    async (request) => ({ subscription: await changePlan(deps, await requireUser(request), request.body.priceId) }),
  );
  app.post(
    '/api/billing-portal',
    {
      schema: {
        body: ignoredBody,
        response: { 200: redirectUrlResponseSchema },
      },
    },
    async (request) => billingPortal(deps, await requireUser(request)),
  );

  // Server-sent events: `event: subscription` with {subscription} (GET /api/me's subscription shape) on every change.
  app.get(
    '/api/me/events',
    {
      schema: {
        querystring: noQuery,
        response: { 200: z.string().describe('text/event-stream') },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      stream.write('retry: 2000\n\n');
      hub.add(user.user.id, stream);
      // The state as of now, so a page that connects late does not miss a change.
      stream.write(`event: subscription\ndata: ${JSON.stringify({ subscription: await loadSubscriptionRecord(app, user.user.id) })}\n\n`);
    },
  );

  // Stripe signs the exact bytes it sent: keep this route's JSON body raw.
  await app.register(async (plugin) => {
    const webhook = plugin.withTypeProvider<ZodTypeProvider>();
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      '/api/stripe/webhook',
      {
        schema: {
          // Checked by the Stripe SDK: a missing or wrong one is 'Invalid Stripe signature'.
          headers: z.object({ 'stripe-signature': z.string().optional() }),
          body: z.instanceof(Buffer, {
            message: 'The body must be the JSON event Stripe sent',
          }),
          response: { 200: stripeWebhookResponseSchema },
        },
      },
      async (request) => {
        // An event we cannot use but that is well formed (say, for a deleted account) is acknowledged with 200
        // and the reason: Stripe retries anything else for days, and no retry would change the answer.
        const result = await handleWebhook(deps, request.body, request.headers['stripe-signature']);
        return { received: true as const, ...result };
      },
    );
  });
};
