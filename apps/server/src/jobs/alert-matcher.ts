// Matches changed leads against saved searches every 30 seconds on every instance: SKIP LOCKED claims split the
// outbox between instances, and each run drains it batch by batch (modules/saved-searches/matcher.ts).
import type { FastifyInstance } from 'fastify';
import { MATCH_BATCH_SIZE, matchLeadChanges } from '../modules/saved-searches/index.js';

export function scheduleAlertMatcher(app: FastifyInstance, everyMs = 30_000): void {
  let running: Promise<void> | null = null;
  const stopping = new AbortController();
  const tick = () => {
    if (running || stopping.signal.aborted) return;
    running = (async () => {
      // A full batch means there may be more; stop at an empty or partial one.
      for (;;) {
        if (stopping.signal.aborted) return;
        const result = await matchLeadChanges(app.database, { timeZone: app.config.alertTimeZone });
        if (result.matches > 0) app.log.info(result, 'saved-search matches');
        if (result.changes < MATCH_BATCH_SIZE) return;
      }
    })()
      .catch((error: unknown) => app.log.error({ err: error }, 'saved-search matching failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  const first = setTimeout(tick, 3_000);
  first.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearTimeout(first);
    stopping.abort();
    await running;
  });
}
