import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isActive, requireUser } from '../../plugins/access.js';

const meResponseSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.enum(['user', 'admin']), emailVerified: z.boolean() }),
  /** The account has the admin address but has not followed its verification link yet. */
  adminVerificationPending: z.boolean(),
  subscription: z
    .object({
      status: z.string(),
      plan: z.enum(['monthly', 'annual']).nullable(),
      priceId: z.string().nullable(),
      currentPeriodEnd: z.string().nullable(),
      trialEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
      willCancelAt: z.string().nullable(),
      discountPercent: z.number().nullable(),
      discountEndsAt: z.string().nullable(),
    })
    .nullable(),
  hasActiveSubscription: z.boolean(),
});

const publicConfigSchema = z.object({
  socialProviders: z.object({ google: z.boolean(), github: z.boolean(), twitter: z.boolean() }),
  billing: z.object({
    mode: z.enum(['stripe', 'test']),
    plans: z.object({ monthly: z.object({ priceId: z.string() }), annual: z.object({ priceId: z.string() }) }),
  }),
});

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/me', { schema: { response: { 200: meResponseSchema } } }, async (request) => {
    const context = await requireUser(request);
    return {
      user: context.user,
      adminVerificationPending: !context.user.emailVerified && context.user.email.trim().toLowerCase() === app.config.adminEmail,
      subscription: context.subscription,
      hasActiveSubscription: isActive(context.subscription),
    };
  });

  app.get('/api/public-config', { schema: { response: { 200: publicConfigSchema } } }, async () => ({
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
};
