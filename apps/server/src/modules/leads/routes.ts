import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { freeLeadsResponseSchema } from '@fundwire/shared';
import { listFreeLeads } from './service.js';

export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public sample: the response schema strips anything that is not a FreeLead field.
  app.get('/api/free-leads', { schema: { response: { 200: freeLeadsResponseSchema } } }, async () => listFreeLeads(app.database.db));
};
