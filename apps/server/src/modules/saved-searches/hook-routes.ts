// /api/saved-searches/:id/{rotate-secret,test-event,deliveries}: the webhook secret, a test event through the
// alert queue, and the deliveries log (access from ROUTE_TABLE; another account's search is 404).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alertDeliveryListSchema, savedSearchParamsSchema, savedSearchSchema } from '@fundwire/shared';
import { tooManyRequests } from '../../errors.js';
import { requireUser } from '../../plugins/access.js';
import { createSharedRateLimiter } from '../../plugins/rate-limit.js';
import { listDeliveries, queueTestEvent, requireOwnSavedSearch, rotateWebhookSecret, TEST_EVENTS_PER_MINUTE } from './hooks.js';

const emptyBody = z.object({}).strict().nullish();

export const savedSearchHookRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per saved search, shared by every instance: each test event is a request to the customer's URL.
  const testEvents = createSharedRateLimiter(app.database.db, { max: TEST_EVENTS_PER_MINUTE, windowMs: 60_000 }, 'test-event');

  app.post(
    '/api/saved-searches/:id/rotate-secret',
    { schema: { params: savedSearchParamsSchema, body: emptyBody, response: { 200: savedSearchSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return rotateWebhookSecret(app.database, user.id, request.params.id);
    },
  );

  app.post(
    '/api/saved-searches/:id/test-event',
    { schema: { params: savedSearchParamsSchema, body: emptyBody, response: { 202: z.object({ deliveryId: z.string() }) } } },
    async (request, reply) => {
      const { user } = await requireUser(request);
      await requireOwnSavedSearch(app.database, user.id, request.params.id);
      const window = await testEvents.hit(request.params.id);
      if (!window.allowed) {
        reply.header('retry-after', window.resetSeconds);
        throw tooManyRequests(`At most ${TEST_EVENTS_PER_MINUTE} test events a minute per saved search. Try again in ${window.resetSeconds} seconds.`);
      }
      return reply.code(202).send(await queueTestEvent(app.database, user.id, request.params.id, new Date()));
    },
  );

  app.get(
    '/api/saved-searches/:id/deliveries',
    { schema: { params: savedSearchParamsSchema, querystring: z.object({}), response: { 200: alertDeliveryListSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return { deliveries: await listDeliveries(app.database, user.id, request.params.id) };
    },
  );
};
