// /api/integrations (connect HubSpot by OAuth, Pipedrive by API token) and /api/crm (pushes and where leads went).
// Every route is for subscribers (ROUTE_TABLE); no answer carries a token.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  crmParamsSchema,
  crmPushBodySchema,
  crmPushParamsSchema,
  crmPushResponseSchema,
  crmRecordsQuerySchema,
  crmRecordsResponseSchema,
  hubspotCallbackQuerySchema,
  integrationsSchema,
  okResponseSchema,
  pipedriveConnectBodySchema,
  redirectUrlResponseSchema,
} from '@fundwire/shared';
import { AppError, firstIssueMessage } from '../../errors.js';
import { requireUser } from '../../plugins/access.js';
import { completeHubspot, connectPipedrive, disconnect, getIntegrations, hubspotAuthorizeUrl } from './connections.js';
import { createPush, getPush, listRecords } from './pushes.js';
import { checkOAuthState } from './state.js';

/** A browser is sent on (302); a client that asks for JSON alone gets the address as {url}. */
function sendTo(request: FastifyRequest, reply: FastifyReply, url: string) {
  const accept = String(request.headers.accept ?? '');
  if (accept.includes('application/json') && !accept.includes('text/html')) return reply.status(200).send({ url });
  return reply.redirect(url, 302);
}

export const crmRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = () => app.crm;

  app.get('/api/integrations', { schema: { querystring: z.object({}), response: { 200: integrationsSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    return getIntegrations(context(), user.id);
  });

  app.get(
    '/api/integrations/hubspot/connect',
    { schema: { querystring: z.object({}), response: { 200: redirectUrlResponseSchema } } },
    async (request, reply) => {
      const { user } = await requireUser(request);
      return sendTo(request, reply, hubspotAuthorizeUrl(context(), user.id));
    },
  );

  app.get(
    '/api/integrations/hubspot/callback',
    { schema: { querystring: hubspotCallbackQuerySchema, response: { 200: redirectUrlResponseSchema } } },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const { code, state, error } = request.query;
      const back = (message?: string) => sendTo(request, reply, message ? `/integrations?error=${encodeURIComponent(message)}` : '/integrations?connected=hubspot');
      if (error) return back('HubSpot access was not granted');
      if (!state || !checkOAuthState(context().stateSecret, state, user.id)) return back('The HubSpot sign-in expired or was not yours. Connect again.');
      if (!code) return back('HubSpot sent no authorization code');
      try {
        await completeHubspot(context(), user.id, code);
      } catch (failure) {
        if (failure instanceof AppError && failure.statusCode < 500) return back(failure.message);
        throw failure;
      }
      return back();
    },
  );

  app.delete('/api/integrations/:crm', { schema: { params: crmParamsSchema, querystring: z.object({}), response: { 200: okResponseSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    await disconnect(context(), user.id, request.params.crm);
    return { ok: true as const };
  });

  app.put(
    '/api/integrations/pipedrive',
    { schema: { body: pipedriveConnectBodySchema, response: { 200: integrationsSchema } }, schemaErrorFormatter: firstIssueMessage },
    async (request) => {
      const { user } = await requireUser(request);
      await connectPipedrive(context(), user.id, request.body.apiToken);
      return getIntegrations(context(), user.id);
    },
  );

  app.post(
    '/api/crm/pushes',
    { schema: { body: crmPushBodySchema, response: { 202: crmPushResponseSchema } }, schemaErrorFormatter: firstIssueMessage },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const push = await createPush(context(), user.id, request.body.crm, request.body.leadIds);
      return reply.status(202).send({ push });
    },
  );

  app.get(
    '/api/crm/pushes/:id',
    { schema: { params: crmPushParamsSchema, querystring: z.object({}), response: { 200: crmPushResponseSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return { push: await getPush(context(), user.id, request.params.id) };
    },
  );

  app.get(
    '/api/crm/records',
    { schema: { querystring: crmRecordsQuerySchema, response: { 200: crmRecordsResponseSchema } }, schemaErrorFormatter: firstIssueMessage },
    async (request) => {
      const { user } = await requireUser(request);
      return { records: await listRecords(context(), user.id, request.query.leadIds) };
    },
  );
};
