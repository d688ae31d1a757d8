// Runs the subscription clock every minute (expiry at period end; renewals in test mode).
// Every instance may run it: the updates are idempotent.
import type { FastifyInstance } from 'fastify';
import { runSubscriptionClock } from '../modules/billing/index.js';

export function scheduleSubscriptionClock(app: FastifyInstance, everyMs = 60_000): void {
  const tick = () =>
    runSubscriptionClock({ config: app.config, database: app.database, billing: app.billing })
      .then((result) => {
        if (result.expired || result.renewed) app.log.info(result, 'subscription clock');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'subscription clock failed'));
  const timer = setInterval(tick, everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
