// Admin-only lead writes (access from ROUTE_TABLE). Bodies are validated in the service so a 400 can
// list errors per row and per field.
import type { FastifyPluginAsync } from 'fastify';
import { MAX_BATCH_LEADS } from '@fundwire/shared';
import { validationError } from '../../errors.js';
import { batchUpsertLeads, createLead, deleteLead, importFundraisingFox, parseLeadInput, toAsyncIterable, updateLead } from './service.js';

export const adminRoutes: FastifyPluginAsync = async (app) => {
  // CSV files arrive as a stream and are parsed as they arrive.
  app.addContentTypeParser(['text/csv', 'application/csv'], (_request, payload, done) => done(null, payload));

  app.post('/api/leads', async (request, reply) => {
    const lead = await createLead(app.database, parseLeadInput(request.body));
    return reply.status(201).send({ lead });
  });

  app.put<{ Params: { id: string } }>('/api/leads/:id', async (request) => ({
    lead: await updateLead(app.database, request.params.id, parseLeadInput(request.body)),
  }));

  app.delete<{ Params: { id: string } }>('/api/leads/:id', async (request) => {
    await deleteLead(app.database, request.params.id);
    return { ok: true };
  });

  app.post('/api/leads/batch', { bodyLimit: 64 * 1024 * 1024 }, async (request) => {
    const body = request.body as { leads?: unknown } | unknown[] | null;
    const rows = Array.isArray(body) ? body : (body as { leads?: unknown } | null)?.leads;
    if (!Array.isArray(rows)) throw validationError('The body must be {"leads": [ ... ]}, a JSON array of leads');
    if (rows.length === 0) throw validationError('There are no leads in the batch');
    if (rows.length > MAX_BATCH_LEADS) throw validationError(`A batch holds at most ${MAX_BATCH_LEADS.toLocaleString('en-US')} leads (got ${rows.length.toLocaleString('en-US')})`);
    return batchUpsertLeads(app.database, rows);
  });

  app.post('/api/admin/imports/preview', async (request) => importFundraisingFox(app.database, toAsyncIterable(request.body), { commit: false }));
  app.post('/api/admin/imports', async (request) => importFundraisingFox(app.database, toAsyncIterable(request.body), { commit: true }));
};
