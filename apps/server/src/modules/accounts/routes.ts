import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meResponseSchema, publicConfigSchema, visitResponseSchema } from '@fundwire/shared';
import { isActive, requireUser } from '../../plugins/access.js';
import { recordVisit } from './visits.js';

const noQuery = z.object({});

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/me', { schema: { querystring: noQuery, response: { 200: meResponseSchema } } }, async (request) => {
    const context = await requireUser(request);
    return {
      user: context.user,
      adminVerificationPending: !context.user.emailVerified && context.user.email.trim().toLowerCase() === app.config.adminEmail,
      subscription: context.subscription,
      hasActiveSubscription: isActive(context.subscription),
    };
  });

  app.get('/api/public-config', { schema: { querystring: noQuery, response: { 200: publicConfigSchema } } }, async () => ({
    socialProviders: {
      google: Boolean(app.config.oauth.google),
      github: Boolean(app.config.oauth.github),
      twitter: Boolean(app.config.oauth.twitter),
    },
    billing: {
      mode: app.billing.mode,
      plans: { monthly: { priceId: app.billing.priceIds.monthly }, annual: { priceId: app.billing.priceIds.annual } },
    },
  }));

  // The dashboard calls it when it opens: what was added since the previous visit is marked as new.
  app.post('/api/me/visits', { schema: { body: z.object({}).strict().optional(), response: { 200: visitResponseSchema } } }, async (request) => {
    const context = await requireUser(request);
    return recordVisit(app.database, context.user.id);
  });
};
