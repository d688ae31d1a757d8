// Admin-only lead writes (access from ROUTE_TABLE). Route schemas check every input; a lead's errors are
// listed per field, and a batch's rows are checked one by one by the service so one bad row is skipped
// and named rather than failing the batch.
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  batchUploadResponseSchema,
  bulkDeleteLeadsBodySchema,
  bulkDeleteLeadsResponseSchema,
  importSummarySchema,
  leadInputSchema,
  leadResponseSchema,
  MAX_BATCH_LEADS,
  okResponseSchema,
  splitLeadResponseSchema,
} from '@fundwire/shared';
import { firstIssueMessage, schemaErrors, validationError } from '../../errors.js';
import { createLead, deleteLead, deleteLeads, splitMergedLead, updateLead } from '../leads/index.js';
import { batchUpsertLeads, importFundraisingFox, toAsyncIterable } from './service.js';

/** 'Invalid lead: fundingDate must be a date (YYYY-MM-DD); contacts.0.email ...', with the issues listed. */
const invalidLead = schemaErrors((issues) =>
  validationError(`Invalid lead: ${issues.map((issue) => `${issue.path || '(lead)'} ${issue.message}`).join('; ')}`, {
    issues: issues.map((issue) => ({
      path: issue.path || '(lead)',
      message: issue.message,
    })),
  }),
);

const leadParamsSchema = z.object({ id: z.string().max(100) });
const BATCH_SHAPE = 'The body must be {"leads": [ ... ]}, a JSON array of leads';
/** Rows stay unknown here: each is checked against the lead-input contract by the service, and a bad one is skipped with its reason. */
const batchBodySchema = z.union([z.array(z.unknown()), z.object({ leads: z.array(z.unknown()) })], { message: BATCH_SHAPE });
/** A CSV file: streamed as it arrives (text/csv), or whole. */
const csvBodySchema = z.custom<Readable | string | Buffer>((value) => value instanceof Readable || typeof value === 'string' || Buffer.isBuffer(value), {
  message: 'Send the CSV file as the request body (content-type: text/csv)',
});
const noQuery = z.object({});

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // CSV files arrive as a stream and are parsed as they arrive.
  app.addContentTypeParser(['text/csv', 'application/csv'], (_request, payload, done) => done(null, payload));

  app.post(
    '/api/leads',
    {
      schema: { body: leadInputSchema, response: { 201: leadResponseSchema } },
      schemaErrorFormatter: invalidLead,
    },
    async (request, reply) => {
      const lead = await createLead(app.database, request.body);
      return reply.status(201).send({ lead });
    },
  );

  app.put(
    '/api/leads/:id',
    {
      schema: {
        params: leadParamsSchema,
        body: leadInputSchema,
        response: { 200: leadResponseSchema },
      },
      schemaErrorFormatter: invalidLead,
    },
    async (request) => ({
      lead: await updateLead(app.database, request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/leads/:id',
    {
      schema: { params: leadParamsSchema, querystring: noQuery, response: { 200: okResponseSchema } },
    },
    async (request) => {
      await deleteLead(app.database, request.params.id);
      return { ok: true as const };
    },
  );

  // A lead that several sources report, split back into one lead per report (a wrong merge undone).
  app.post(
    '/api/admin/leads/:id/split',
    {
      schema: { params: leadParamsSchema, querystring: noQuery, body: z.unknown().describe('ignored: Split takes no options'), response: { 200: splitLeadResponseSchema } },
    },
    async (request) => splitMergedLead(app.database, request.params.id),
  );

  // Several leads at once, all or none; ids that are not leads (any more) are not counted.
  app.post(
    '/api/leads/bulk-delete',
    {
      schema: { querystring: noQuery, body: bulkDeleteLeadsBodySchema, response: { 200: bulkDeleteLeadsResponseSchema } },
    },
    async (request) => ({ deleted: await deleteLeads(app.database, request.body.ids) }),
  );

  app.post(
    '/api/leads/batch',
    {
      bodyLimit: 64 * 1024 * 1024,
      schema: {
        body: batchBodySchema,
        response: { 200: batchUploadResponseSchema },
      },
      schemaErrorFormatter: firstIssueMessage,
    },
    async (request) => {
      const rows = Array.isArray(request.body) ? request.body : request.body.leads;
      if (rows.length === 0) throw validationError('There are no leads in the batch');
      if (rows.length > MAX_BATCH_LEADS)
        throw validationError(`A batch holds at most ${MAX_BATCH_LEADS.toLocaleString('en-US')} leads (got ${rows.length.toLocaleString('en-US')})`);
      return batchUpsertLeads(app.database, rows);
    },
  );

  const csvImport = {
    schema: {
      querystring: noQuery,
      body: csvBodySchema,
      response: { 200: importSummarySchema },
    },
    schemaErrorFormatter: firstIssueMessage,
  };
  app.post('/api/admin/imports/preview', csvImport, async (request) =>
    importFundraisingFox(app.database, toAsyncIterable(request.body), {
      commit: false,
    }),
  );
  app.post('/api/admin/imports', csvImport, async (request) =>
    importFundraisingFox(app.database, toAsyncIterable(request.body), {
      commit: true,
    }),
  );
};
