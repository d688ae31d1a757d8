import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvFileName, freeLeadsResponseSchema, leadFilterSchema, leadListQuerySchema, leadStatsSchema } from '@fundwire/shared';
import { getLeadStats, listFreeLeads, listLeadsJson, streamLeadsCsv } from './service.js';

async function* prepend(first: IteratorResult<string>, rest: AsyncGenerator<string>): AsyncGenerator<string> {
  if (first.done) return;
  yield first.value;
  yield* rest;
}

export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public sample: the response schema strips anything that is not a FreeLead field.
  app.get('/api/free-leads', { schema: { querystring: z.object({}), response: { 200: freeLeadsResponseSchema } } }, async () => listFreeLeads(app.database.db));

  // Access (active subscription) comes from ROUTE_TABLE.
  // The body is built (and checked against leadListResponseSchema) by the service, then cached as text.
  app.get('/api/leads', { schema: { querystring: leadListQuerySchema } }, async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(await listLeadsJson(app.database.db, request.query)),
  );

  app.get('/api/leads/stats', { schema: { querystring: z.object({}), response: { 200: leadStatsSchema } } }, async () => getLeadStats(app.database.db));

  app.get('/api/leads/export.csv', { schema: { querystring: leadFilterSchema } }, async (request, reply) => {
    // Read the first chunk before the status line goes out: a query that fails is then a JSON error,
    // never a 200 cut short.
    const chunks = streamLeadsCsv(app.database.db, request.query);
    const first = await chunks.next();
    const stream = Readable.from(prepend(first, chunks), { objectMode: false });
    stream.on('error', (error) => request.log.error({ err: error }, 'CSV export failed part-way'));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csvFileName()}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
};
