// buildApp(config): registers plugins and modules and opens the database; opens no port.
import { disableLeadCaches } from './modules/leads/service.js';
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { seedDemoDataIfNeeded } from './seed/demo.js';
import { loadInstallationSecret } from './db/secrets.js';
import { MailLinkSigner } from './mail/signed-links.js';
import { createMailer, type Mailer } from './mail/transport.js';
import { newWorkerId } from './modules/mail-queue/service.js';
import { alertRoutes } from './modules/alerts/routes.js';
import { savedSearchRoutes } from './modules/saved-searches/routes.js';
import { savedSearchHookRoutes } from './modules/saved-searches/hook-routes.js';
import { hookChannels } from './modules/saved-searches/index.js';
import { newsletterRoutes } from './modules/newsletter/routes.js';
import { scheduleSavedSearchAlerts } from './jobs/saved-search-alerts.js';
import { scheduleMail } from './jobs/mail-scheduler.js';
import { createSourceRunner, scheduleSources, type SourceRunner } from './jobs/source-scheduler.js';
import { sourceRoutes } from './modules/sources/routes.js';
import { enrichmentRoutes } from './modules/enrichment/routes.js';
import { registerEnrichmentJobs } from './modules/enrichment/index.js';
import { scheduleEnrichmentBackfill } from './jobs/enrichment-backfill.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { assignCompaniesToLeads, mergeExistingLeadsOnce } from './modules/leads/index.js';
import { companyRoutes } from './modules/companies/routes.js';
import { billingRoutes } from './modules/billing/routes.js';
import { createBilling, type Billing } from './modules/billing/stripe-client.js';
import { scheduleSubscriptionClock } from './jobs/subscription-clock.js';
import { registerCrm } from './modules/crm/index.js';
import { createJobQueue, type Clock, type JobQueue } from './queue/queue.js';
import { devRoutes } from './modules/dev/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { leadRoutes } from './modules/leads/routes.js';
import { registerAccessControl } from './plugins/access.js';
import { DEFAULT_AUTH_RATE_LIMITS, registerAuth, type AuthRateLimits } from './plugins/auth.js';
import { registerCsrfProtection } from './plugins/csrf.js';
import { registerOpenApi } from './plugins/openapi.js';
import { apiKeyRoutes } from './modules/api-keys/routes.js';
import { docsRoutes } from './modules/docs/routes.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { BAD_ENCODING_MESSAGE, registerInputGuards } from './plugins/input-guards.js';
import { registerSecurityHeaders } from './plugins/security.js';
import { registerWebApp } from './plugins/web-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    mailer: Mailer;
    billing: Billing;
    /** Signs and checks the links in mails (confirm, preferences, unsubscribe). */
    mailLinks: MailLinkSigner;
    /** Names this instance's leases on the mail queue. */
    mailWorkerId: string;
    /** The time queue leases and retries are reckoned in when a test injects one (BuildAppOptions.now); else the database's now(). */
    clock: Clock | undefined;
    /** Runs the live lead sources (SEC Form D) on this instance. */
    sources: SourceRunner;
    /** The durable job queue: job kinds register here; the worker runs outside tests (queue/queue.ts). */
    jobs: JobQueue;
    /** "METHOD /url" of every /api and /dev route, as registered. */
    registeredRoutes: string[];
  }
}

export interface BuildAppOptions {
  /** Use this database instead of opening one from config (tests); the caller closes it. */
  database?: Database;
  /** Override the logger (tests pass a stream to capture log lines, or false). */
  logger?: FastifyServerOptions['logger'];
  /** Override auth rate limits (tests use short windows). */
  authRateLimits?: Partial<AuthRateLimits>;
  /**
   * Run the live sources on their schedule (a no-op while every source is off). Default: outside test.
   * The process entry always does, so an e2e server with the feed on ingests by itself.
   */
  scheduleSources?: boolean;
  /** Run the job queue's worker in the background. Default: outside test (tests call app.jobs.runDue()). */
  runJobs?: boolean;
  /**
   * The time for queue leases and retries (jobs, mail and alert deliveries): tests pass a clock they move on instead
   * of waiting for a lease to run out or a backoff to pass. Default: the database's now().
   */
  now?: () => Date;
}

/** Log fields that must never reach a log line. */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  // CRM credentials (modules/crm): a pasted Pipedrive token, HubSpot's OAuth tokens.
  '*.apiToken',
  '*.api_token',
  '*.access_token',
  '*.refresh_token',
  '*.accessToken',
  '*.refreshToken',
];

/** Reset, verification and OAuth links carry their credential in the URL: never log it. */
export function redactUrlSecrets(url: string): string {
  return url
    .replace(/([?&](?:token|code|state|signature|sig|api_token)=)[^&#]*/gi, '$1[redacted]')
    .replace(/(\/(?:reset-password|verify-email)\/)[^/?#]+/gi, '$1[redacted]');
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: request.method,
        url: redactUrlSecrets(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    // Always our own id (genReqId): a client-chosen one could forge or collide with log lines.
    requestIdHeader: false,
    // Fastify's own logging writes two lines per request ("incoming request", "request completed"),
    // burying the mail links a development server prints. One line per request instead (onResponse below).
    logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    bodyLimit: 5 * 1024 * 1024,
    // Errors the router raises before any hook (a path whose percent-encoding is not UTF-8, a bad
    // content type) get the same {"error": "..."} body as everything else.
    frameworkErrors: (error, _request, reply) => {
      const message = error.code === 'FST_ERR_BAD_URL' ? BAD_ENCODING_MESSAGE : error.message;
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as FastifyReply).status(status).send({ error: message });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const url = redactUrlSecrets(request.url);
    const ms = Math.round(reply.elapsedTime);
    request.log.info({ method: request.method, url, statusCode: reply.statusCode, ms }, `${request.method} ${url} ${reply.statusCode} ${ms} ms`);
  });
  registerInputGuards(app);

  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, warn: (message) => app.log.warn(message) }));
  app.decorate('config', config);
  app.decorate('database', database);
  if (!options.database) app.addHook('onClose', async () => database.close());
  if (!config.leadCaches) disableLeadCaches(database.db);

  const grouped = await assignCompaniesToLeads(database);
  if (grouped > 0) app.log.info({ leads: grouped }, 'grouped existing leads into companies');
  // One round, one lead: the leads stored before merging existed are merged once (recorded in lead_merge_runs).
  const merge = await database.rawTransaction((query) => mergeExistingLeadsOnce(query));
  if (merge.ran) app.log.info({ merged: merge.merged }, 'merged existing leads that report the same round');

  if (config.demoData) {
    const seeded = await seedDemoDataIfNeeded(database);
    if (seeded > 0) app.log.info({ leads: seeded }, 'seeded demo leads into the empty database');
  }

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log: app.log,
    production: config.env === 'production',
  });
  app.decorate('mailer', mailer);
  app.decorate('mailLinks', new MailLinkSigner(await loadInstallationSecret(database, 'mail_link_secret')));
  app.decorate('mailWorkerId', newWorkerId());
  app.decorate('clock', options.now);
  app.addHook('onClose', async () => mailer.close());

  app.decorate('registeredRoutes', registerAccessControl(app));
  registerCsrfProtection(app, config.appUrl);
  await registerSecurityHeaders(app, { https: config.appUrl.startsWith('https://') });
  // Before any route: the document is built from the routes as they register.
  await registerOpenApi(app, { appUrl: config.appUrl });
  await registerAuth(app, { config, database, mailer, rateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, ...options.authRateLimits } });
  await app.register(healthRoutes);
  await app.register(leadRoutes);
  await app.register(companyRoutes);
  await app.register(accountRoutes);
  await app.register(apiKeyRoutes);
  await app.register(docsRoutes);
  await app.register(adminRoutes);
  app.decorate('billing', await createBilling(config, database));
  await app.register(billingRoutes);
  await app.register(newsletterRoutes);
  await app.register(alertRoutes);
  await app.register(savedSearchRoutes);
  await app.register(savedSearchHookRoutes);
  const jobs = createJobQueue({ database, log: app.log, clock: options.now });
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stop());
  // Issue 31: websites and emails, as jobs (queued at ingest and by the backfill below).
  registerEnrichmentJobs(app);
  await registerCrm(app);
  app.decorate('sources', createSourceRunner(app));
  await app.register(sourceRoutes);
  await app.register(enrichmentRoutes);
  if (config.env !== 'test') {
    scheduleSubscriptionClock(app);
    scheduleMail(app);
  }
  if (config.env !== 'test' || config.savedSearchAlertsEveryMs !== undefined) {
    scheduleSavedSearchAlerts(app, { channels: hookChannels({ database, config, mailer, log: app.log }), everyMs: config.savedSearchAlertsEveryMs });
  }
  if (options.scheduleSources ?? config.env !== 'test') scheduleSources(app);
  if (options.runJobs ?? config.env !== 'test') scheduleEnrichmentBackfill(app);
  if (options.runJobs ?? config.jobWorker ?? config.env !== 'test') app.addHook('onReady', async () => jobs.start());
  if (config.env !== 'production') await app.register(devRoutes);
  await registerWebApp(app, { distDir: config.webDistDir, appUrl: config.appUrl });

  return app;
}
