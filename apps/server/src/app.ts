// buildApp(config): registers plugins and modules and opens the database; opens no port.
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { seedDemoDataIfNeeded } from './db/seed/demo.js';
import { healthRoutes } from './modules/health/routes.js';
import { leadRoutes } from './modules/leads/routes.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerSecurityHeaders } from './plugins/security.js';
import { registerWebApp } from './plugins/web-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

export interface BuildAppOptions {
  /** Use this database instead of opening one from config (tests); the caller closes it. */
  database?: Database;
  /** Override the logger (tests pass a stream to capture log lines, or false). */
  logger?: FastifyServerOptions['logger'];
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
];

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
  };
}

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    requestIdHeader: 'x-request-id',
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    genReqId: () => randomUUID(),
    bodyLimit: 5 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  app.decorate('config', config);
  app.decorate('database', database);
  if (!options.database) app.addHook('onClose', async () => database.close());

  if (config.demoData) {
    const seeded = await seedDemoDataIfNeeded(database);
    if (seeded > 0) app.log.info({ leads: seeded }, 'seeded demo leads into the empty database');
  }

  await registerSecurityHeaders(app, { https: config.appUrl.startsWith('https://') });
  await app.register(healthRoutes);
  await app.register(leadRoutes);
  await registerWebApp(app, { distDir: config.webDistDir });

  return app;
}
