// /api/saved-searches: a subscriber's saved searches (access from ROUTE_TABLE). A search of another account is
// answered 404, exactly like one that does not exist.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { savedSearchBodySchema, savedSearchListSchema, savedSearchParamsSchema, savedSearchSchema } from '@fundwire/shared';
import { requireUser } from '../../plugins/access.js';
import { createSavedSearch, deleteSavedSearch, getSavedSearch, listSavedSearches, markSavedSearchViewed, updateSavedSearch } from './service.js';

const ok = z.object({ ok: z.literal(true) });

export const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/saved-searches', { schema: { querystring: z.object({}), response: { 200: savedSearchListSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    return { savedSearches: await listSavedSearches(app.database.db, user.id) };
  });

  app.post('/api/saved-searches', { schema: { body: savedSearchBodySchema, response: { 201: savedSearchSchema } } }, async (request, reply) => {
    const { user } = await requireUser(request);
    const saved = await createSavedSearch(app.database, user.id, request.body);
    return reply.code(201).send(saved);
  });

  app.get(
    '/api/saved-searches/:id',
    { schema: { params: savedSearchParamsSchema, querystring: z.object({}), response: { 200: savedSearchSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return getSavedSearch(app.database.db, user.id, request.params.id);
    },
  );

  app.put(
    '/api/saved-searches/:id',
    { schema: { params: savedSearchParamsSchema, body: savedSearchBodySchema, response: { 200: savedSearchSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return updateSavedSearch(app.database, user.id, request.params.id, request.body);
    },
  );

  app.delete('/api/saved-searches/:id', { schema: { params: savedSearchParamsSchema, querystring: z.object({}), response: { 200: ok } } }, async (request) => {
    const { user } = await requireUser(request);
    await deleteSavedSearch(app.database.db, user.id, request.params.id);
    return { ok: true as const };
  });

  app.post(
    '/api/saved-searches/:id/viewed',
    { schema: { params: savedSearchParamsSchema, body: z.object({}).strict().nullish(), response: { 200: ok } } },
    async (request) => {
      const { user } = await requireUser(request);
      await markSavedSearchViewed(app.database.db, user.id, request.params.id);
      return { ok: true as const };
    },
  );
};
