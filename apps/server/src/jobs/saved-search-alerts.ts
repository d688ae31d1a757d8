// Saved-search alerts on every instance, every 30 seconds: match the changed leads (SKIP LOCKED claims split the
// outbox between instances), then send the due deliveries (leased, so each goes out once). Slack and webhook
// senders plug in through `channels` (docs/decisions/031-saved-search-alerts.md).
import type { FastifyInstance } from 'fastify';
import { newWorkerId } from '../queue/retry.js';
import { drainAlertDeliveries, MATCH_BATCH_SIZE, matchLeadChanges, type AlertSenderDeps } from '../modules/saved-searches/index.js';
import { runEvery } from './every.js';

export function scheduleSavedSearchAlerts(app: FastifyInstance, options: { channels?: AlertSenderDeps['channels']; everyMs?: number } = {}): void {
  const workerId = newWorkerId();
  runEvery(
    app,
    {
      everyMs: options.everyMs ?? 30_000,
      firstAfterMs: 3_000,
      name: 'saved-search alerts',
    },
    async (signal) => {
      // A full batch means there may be more; stop at a partial one.
      for (;;) {
        if (signal.aborted) return;
        const result = await matchLeadChanges(app.database, {
          timeZone: app.config.alertTimeZone,
          adminEmail: app.config.adminEmail,
          billingMode: app.billing.mode,
        });
        if (result.matches > 0) app.log.info(result, 'saved-search matches');
        if (result.changes < MATCH_BATCH_SIZE) break;
      }
      const sent = await drainAlertDeliveries(
        {
          database: app.database,
          log: app.log,
          appUrl: app.config.appUrl,
          mailer: app.mailer,
          signer: app.mailLinks,
          adminEmail: app.config.adminEmail,
          billingMode: app.billing.mode,
          channels: options.channels ?? {},
          clock: app.clock,
        },
        { workerId, signal },
      );
      if (sent.delivered || sent.failed || sent.retried) app.log.info(sent, 'saved-search alerts');
    },
  );
}
