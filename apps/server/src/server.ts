// Process entry: read config, listen, close gracefully on SIGTERM/SIGINT.
import { buildApp } from './app.js';
import { loadConfigOrExit } from './config.js';
import { startupMessages } from './startup-messages.js';

const config = loadConfigOrExit();

const app = await buildApp(config, { scheduleSources: true });
let closing = false;

async function shutdown(signal: string) {
  if (closing) {
    app.log.warn({ signal }, 'second signal: exiting now');
    process.exit(1);
  }
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => {
    app.log.error('shutdown took longer than 10 s: exiting');
    process.exit(1);
  }, 10_000);
  force.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
  for (const message of startupMessages(config, app.database.kind)) app.log.info(message);
} catch (error) {
  app.log.error({ err: error }, 'could not start the server');
  await app.close().catch(() => undefined);
  process.exit(1);
}
