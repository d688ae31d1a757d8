// A company and its rounds (access from ROUTE_TABLE: subscribers; the public API's twin also takes API keys).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyParamsSchema, companyResponseSchema } from '@fundwire/shared';
import { notFound } from '../../errors.js';
import { isAdmin, revealBouncedEmails } from '../leads/index.js';
import { getCompany } from './service.js';

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  // /api/v1/companies/:id is the public API's twin (session or API key, from ROUTE_TABLE): same schema, same handler.
  for (const url of ['/api/companies/:id', '/api/v1/companies/:id']) {
    app.get(
      url,
      {
        schema: {
          summary: 'Get a company with its rounds and contacts',
          tags: ['Companies'],
          params: companyParamsSchema,
          querystring: z.object({}),
          response: { 200: companyResponseSchema.describe('The company, its rounds (newest first) and their contacts') },
        },
      },
      async (request) => {
        const company = await getCompany(app.database.db, request.params.id);
        if (!company) throw notFound('Company not found');
        // Issue 31: the admin's company page shows bounced addresses (marked bounced); the public API never does.
        if (url === '/api/companies/:id' && (await isAdmin(request)))
          await revealBouncedEmails(app.database.db, [company.contacts, ...company.rounds.map((round) => round.contacts)]);
        return company;
      },
    );
  }
};
