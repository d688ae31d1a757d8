import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  csvFileName,
  freeLeadsResponseSchema,
  leadFilterSchema,
  leadListQuerySchema,
  leadListResponseSchema,
  leadParamsSchema,
  leadResponseSchema,
  leadStatsSchema,
  type LeadListResponse,
} from '@fundwire/shared';
import { notFound } from '../../errors.js';
import { isAdmin, revealBouncedEmailsInJson } from './contact-emails.js';
import { getLead, getLeadStats, listFreeLeads, listLeadsJson, streamLeadsCsv } from './service.js';


async function* prepend(first: IteratorResult<string>, rest: AsyncGenerator<string>): AsyncGenerator<string> {
  if (first.done) return;
  yield first.value;
  yield* rest;
}

export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public sample: the response schema strips anything that is not a FreeLead field.
  app.get('/api/free-leads', { schema: { querystring: z.object({}), response: { 200: freeLeadsResponseSchema } } }, async () => listFreeLeads(app.database.db));

  // Access comes from ROUTE_TABLE: an active subscription for the web app's /api routes; the same, or an API
  // key, for the public API's /api/v1 twins, which share these schemas and handlers.
  // The body is built by the service, then cached as text: each lead's JSON by the database (lead-rows.ts, held to
  // leadSchema by lead-json.int.test.ts), the page's own fields checked against leadListResponseSchema.
  // The text is already JSON of this shape: Fastify sends a string as it is, without serializing it again.
  for (const url of ['/api/leads', '/api/v1/leads']) {
    app.get(
      url,
      {
        schema: {
          summary: 'List leads',
          description: 'One page of leads matching the filters, newest funding first (or by relevance, amount or round). Follow nextCursor for the next page.',
          tags: ['Leads'],
          querystring: leadListQuerySchema,
          response: { 200: leadListResponseSchema.describe('One page of leads with their contacts') },
        },
      },
      async (request, reply) => {
        const json = await listLeadsJson(app.database.db, request.query);
        // Issue 31: the admin's screens show bounced addresses (marked bounced); the public API never does.
        const body = url === '/api/leads' && (await isAdmin(request)) ? await revealBouncedEmailsInJson(app.database.db, json) : json;
        return reply.type('application/json; charset=utf-8').send(body as unknown as LeadListResponse);
      },
    );
  }

  app.get(
    '/api/v1/leads/:id',
    {
      schema: {
        summary: 'Get a lead',
        tags: ['Leads'],
        params: leadParamsSchema,
        querystring: z.object({}),
        response: { 200: leadResponseSchema.describe('The lead with its contacts') },
      },
    },
    async (request) => {
      const lead = await getLead(app.database.db, request.params.id);
      if (!lead) throw notFound('Lead not found');
      return { lead };
    },
  );

  app.get('/api/leads/stats', { schema: { querystring: z.object({}), response: { 200: leadStatsSchema } } }, async () => getLeadStats(app.database.db));

  const csvText = z.string().describe('text/csv: a header row, then one row per lead and contact');
  for (const url of ['/api/leads/export.csv', '/api/v1/leads/export.csv']) {
    app.get(
      url,
      {
        schema: {
          summary: 'Export leads as CSV',
          description: 'Every lead matching the filters, one row per lead and contact.',
          tags: ['Leads'],
          querystring: leadFilterSchema,
          response: { 200: csvText },
        },
      },
      async (request, reply) => {
        // Read the first chunk before the status line goes out: a query that fails is then a JSON error,
        // never a 200 cut short.
        const chunks = streamLeadsCsv(app.database.db, request.query);
        const first = await chunks.next();
        const stream = Readable.from(prepend(first, chunks), { objectMode: false });
        stream.on('error', (error) => request.log.error({ err: error }, 'CSV export failed part-way'));
        return (
          reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${csvFileName()}"`)
            .header('cache-control', 'no-store')
            // A stream is sent as it is; the schema documents what it carries.
            .send(stream as unknown as string)
        );
      },
    );
  }
};
