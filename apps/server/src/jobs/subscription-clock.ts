// Runs the subscription clock every minute (expiry at period end; renewals in test mode).
// Every instance may run it: the updates are idempotent.
import type { FastifyInstance } from 'fastify';
import { runSubscriptionClock } from '../modules/billing/index.js';
import { runEvery } from './every.js';

export function scheduleSubscriptionClock(app: FastifyInstance, everyMs = 60_000): void {
  runEvery(app, { everyMs, firstAfterMs: everyMs, name: 'subscription clock' }, async () => {
    const result = await runSubscriptionClock({
      config: app.config,
      database: app.database,
      billing: app.billing,
    });
    if (result.expired || result.renewed) app.log.info(result, 'subscription clock');
  });
}
