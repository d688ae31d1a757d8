// What the app and other modules use of Send to CRM: setting it up (app.crm, the routes, the push job) and the
// saved-search channel's push of new matches.
import type { FastifyInstance } from 'fastify';
import { loadInstallationSecret } from '../../db/secrets.js';
import { createCrmContext, type CrmContext } from './context.js';
import { createTokenBox, loadEncryptionKey } from './crypto.js';
import { crmPushJob } from './job.js';
import { crmRoutes } from './routes.js';

export { queueSavedSearchCrmPushes } from './auto.js';
export { CRM_PUSH_JOB } from './pushes.js';
export type { CrmContext } from './context.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Send to CRM: settings, token box, request policy (modules/crm). */
    crm: CrmContext;
  }
}

/** After app.database, app.billing and app.jobs exist. */
export async function registerCrm(app: FastifyInstance): Promise<void> {
  const config = app.config;
  const key = loadEncryptionKey({ key: config.crm.encryptionKey, dataDir: config.dataDir, env: config.env });
  app.decorate(
    'crm',
    createCrmContext({
      database: app.database,
      config,
      box: createTokenBox(key),
      stateSecret: await loadInstallationSecret(app.database, 'crm_oauth_state_secret'),
      billingMode: () => app.billing.mode,
    }),
  );
  app.jobs.register(crmPushJob(app.crm, () => app.jobs.workerId));
  await app.register(crmRoutes);
}
