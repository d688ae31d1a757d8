// A company and its rounds (access from ROUTE_TABLE: subscribers).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyParamsSchema, companyResponseSchema } from '@fundwire/shared';
import { notFound } from '../../errors.js';
import { getCompany } from './service.js';

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/companies/:id', { schema: { params: companyParamsSchema, querystring: z.object({}), response: { 200: companyResponseSchema } } }, async (request) => {
    const company = await getCompany(app.database.db, request.params.id);
    if (!company) throw notFound('Company not found');
    return company;
  });
};
