import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, healthResponseSchema } from '@fundwire/shared';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { querystring: z.object({}), response: { 200: healthResponseSchema, 503: errorBodySchema } }, logLevel: 'warn' },
    async (_request, reply) => {
      try {
        await app.database.db.execute(sql`select 1`);
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ error: 'Database unavailable' });
      }
      return { status: 'ok' as const };
    },
  );
};
