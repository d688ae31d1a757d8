// Billing routes. Who may call each is in ROUTE_TABLE; the user always comes from the session, never the body.
import type { FastifyPluginAsync } from 'fastify';
import { changePlanRequestSchema, checkoutRequestSchema, feedbackRequestSchema } from '@fundwire/shared';
import { validationError } from '../../errors.js';
import { invalidateAuthCache, requireUser } from '../../plugins/access.js';
import { SubscriptionHub, startLiveStatus } from './live.js';
import {
  applyRetentionOffer,
  billingPortal,
  cancelSubscription,
  changePlan,
  cancelTestCheckout,
  getTestCheckout,
  handleWebhook,
  payTestCheckout,
  reactivateSubscription,
  startCheckout,
  submitFeedback,
  type BillingDeps,
} from './service.js';
import { loadSubscriptionRecord } from '../../plugins/access.js';

function parse<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    throw validationError(`Invalid request: ${result.error.issues.map((issue) => `${issue.path.map(String).join('.') || 'body'} ${issue.message}`).join('; ')}`);
  }
  return result.data;
}

export const billingRoutes: FastifyPluginAsync = async (app) => {
  const deps: BillingDeps = { config: app.config, database: app.database, billing: app.billing, onChange: (userId) => invalidateAuthCache(app, userId) };
  const hub = new SubscriptionHub();
  await startLiveStatus(app, hub);

  app.post('/api/create-checkout-session', async (request) => {
    const user = await requireUser(request);
    const body = parse(checkoutRequestSchema, request.body);
    if ('discountPercent' in body && body.discountPercent !== undefined) return applyRetentionOffer(deps, user);
    return startCheckout(deps, user, (body as { priceId: string }).priceId);
  });

  app.get<{ Params: { id: string } }>('/api/checkout/test/:id', async (request) => getTestCheckout(deps, await requireUser(request), request.params.id));
  app.post<{ Params: { id: string } }>('/api/checkout/test/:id/pay', async (request) => payTestCheckout(deps, await requireUser(request), request.params.id));
  app.post<{ Params: { id: string } }>('/api/checkout/test/:id/cancel', async (request) => cancelTestCheckout(deps, await requireUser(request), request.params.id));

  app.post('/api/submit-feedback', async (request, reply) => {
    const body = parse(feedbackRequestSchema, request.body);
    await submitFeedback(deps, await requireUser(request), { reason: body.reason, details: body.details });
    return reply.status(201).send({ ok: true });
  });

  app.post('/api/cancel-subscription', async (request) => ({ subscription: await cancelSubscription(deps, await requireUser(request)) }));
  app.post('/api/reactivate-subscription', async (request) => ({ subscription: await reactivateSubscription(deps, await requireUser(request)) }));
  app.post('/api/change-plan', async (request) => {
    const user = await requireUser(request);
    const { priceId } = parse(changePlanRequestSchema, request.body);
    return { subscription: await changePlan(deps, user, priceId) };
  });
  app.post('/api/billing-portal', async (request) => billingPortal(deps, await requireUser(request)));

  app.get('/api/me/events', async (request, reply) => {
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
  });

  // Stripe signs the exact bytes it sent: keep this route's JSON body raw.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post('/api/stripe/webhook', async (request) => {
      const signature = request.headers['stripe-signature'];
      // An event we cannot use but that is well formed (say, for a deleted account) is acknowledged with 200
      // and the reason: Stripe retries anything else for days, and no retry would change the answer.
      const result = await handleWebhook(deps, request.body as Buffer, Array.isArray(signature) ? signature[0] : signature);
      return { received: true, ...result };
    });
  });
};
