// /api/me/alerts: the signed-in user's alert frequency, and when their next alert goes out.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alertSettingsResponseSchema, alertSettingsSchema, nextSend, type AlertFrequency, type AlertSettingsResponse } from '@fundwire/shared';
import { firstIssueMessage } from '../../errors.js';
import { isActive, requireUser, type SubscriptionRecord } from '../../plugins/access.js';
import { getAlertFrequency, setAlertFrequency } from './settings.js';

/** A PUT without a body reads as an empty object, so the schema's own message names what is missing. */
const orEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? {}, schema);

export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The choice, and when its next alert goes out (none when off or without an active subscription). */
  const alertSettingsResponse = (frequency: AlertFrequency, subscription: SubscriptionRecord | null): AlertSettingsResponse => ({
    frequency,
    nextSend: frequency === 'off' || !isActive(subscription) ? null : nextSend(frequency, new Date(), app.config.alertTimeZone).toISOString(),
    timeZone: app.config.alertTimeZone,
  });

  app.get('/api/me/alerts', { schema: { querystring: z.object({}), response: { 200: alertSettingsResponseSchema } } }, async (request) => {
    const context = await requireUser(request);
    return alertSettingsResponse(await getAlertFrequency(app.database, context.user.id), context.subscription);
  });

  app.put(
    '/api/me/alerts',
    { schema: { body: orEmpty(alertSettingsSchema), response: { 200: alertSettingsResponseSchema } }, schemaErrorFormatter: firstIssueMessage },
    async (request) => {
      const context = await requireUser(request);
      const { frequency } = request.body;
      await setAlertFrequency(app.database, context.user.id, frequency);
      return alertSettingsResponse(frequency, context.subscription);
    },
  );
};
