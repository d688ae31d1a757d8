// The admin's view of the live sources, and "Run now" (access from ROUTE_TABLE).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sourceRunResponseSchema, sourcesResponseSchema, type SourceRunResponse } from '@fundwire/shared';
import { z } from 'zod';
import { conflict, notFound } from '../../errors.js';
import { findSource, SOURCES } from '../../sources/registry.js';
import { daysDue, edgarToday } from '../../sources/days.js';
import { sourceMerges, sourceStatus } from '../../sources/status.js';
import { enrichmentStatus } from '../enrichment/index.js';

export const sourceRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/admin/sources', { schema: { querystring: z.object({}), response: { 200: sourcesResponseSchema } } }, async () => ({
    sources: await Promise.all(SOURCES.map((source) => sourceStatus(app.database, app.config, source))),
    merges: await sourceMerges(app.database),
    enrichment: await enrichmentStatus(app.database, app.config),
  }));

  app.post(
    '/api/admin/sources/:id/run',
    { schema: { params: z.object({ id: z.string().max(100) }), body: z.unknown().describe('ignored: Run now takes no options'), response: { 202: sourceRunResponseSchema } } },
    async (request, reply) => {
      const source = findSource(request.params.id);
      if (!source) throw notFound(`There is no source called ${request.params.id}`);
      const disabled = source.disabledReason(app.config);
      if (disabled !== null) throw conflict(`${source.name} is off. ${disabled}`);
      const days = await daysDue(app.database, source.id, edgarToday(), app.config.edgar.backfillDays);
      // The run goes on after the answer; the screen follows it through GET /api/admin/sources.
      app.sources.run(source.id, { days }).catch((error: unknown) => app.log.error({ err: error, source: source.id }, 'source run failed'));
      const body: SourceRunResponse = { queued: true, days };
      return reply.status(202).send(body);
    },
  );
};
