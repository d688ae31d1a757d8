// Bounce reports (issue 31; access from ROUTE_TABLE): a subscriber marks an email bounced for everyone, the admin undoes it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactBounceResponseSchema, contactParamsSchema } from '@fundwire/shared';
import { requireUser } from '../../plugins/access.js';
import { reportBounce, undoBounce } from '../leads/index.js';

export const enrichmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/contacts/:id/bounce',
    {
      schema: {
        params: contactParamsSchema,
        body: z.unknown().describe('ignored: a report takes no options'),
        response: { 200: contactBounceResponseSchema },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const contact = await app.database.rawTransaction((query) => reportBounce(query, user.id, request.params.id));
      return { contact };
    },
  );

  app.delete(
    '/api/admin/contacts/:id/bounce',
    { schema: { params: contactParamsSchema, querystring: z.object({}), response: { 200: contactBounceResponseSchema } } },
    async (request) => {
      const contact = await app.database.rawTransaction((query) => undoBounce(query, request.params.id));
      return { contact };
    },
  );
};
