// /api/api-keys: a subscriber's personal API keys. Session only (ROUTE_TABLE: subscriber), so a key cannot manage keys.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyCreateBodySchema, apiKeyCreatedSchema, apiKeyListResponseSchema, apiKeyParamsSchema, okResponseSchema } from '@fundwire/shared';
import { firstIssueMessage } from '../../errors.js';
import { invalidateAuthCache, requireUser } from '../../plugins/access.js';
import { createApiKey, listApiKeys, revokeApiKey } from './service.js';

export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/api-keys', { schema: { querystring: z.object({}), response: { 200: apiKeyListResponseSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    return { apiKeys: await listApiKeys(app.database.db, user.id) };
  });

  app.post(
    '/api/api-keys',
    { schema: { body: apiKeyCreateBodySchema, response: { 201: apiKeyCreatedSchema } }, schemaErrorFormatter: firstIssueMessage },
    async (request, reply) => {
      const { user } = await requireUser(request);
      return reply.status(201).send(await createApiKey(app.database, user.id, request.body.name));
    },
  );

  app.delete(
    '/api/api-keys/:id',
    { schema: { params: apiKeyParamsSchema, querystring: z.object({}), response: { 200: okResponseSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      await revokeApiKey(app.database.db, user.id, request.params.id);
      // A revoked key stops working at once on this instance, within the cache's few seconds on the others.
      invalidateAuthCache(app, user.id);
      return { ok: true as const };
    },
  );
};
