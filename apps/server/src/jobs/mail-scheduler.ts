// Runs the mail schedule every 30 seconds on every instance: the edition's primary key lets one
// instance prepare it, and SKIP LOCKED claims let all of them send it without sending anything twice.
import type { FastifyInstance } from 'fastify';
import { mailRunDeps, runMailSchedule } from '../modules/mail-queue/index.js';

export function scheduleMail(app: FastifyInstance, everyMs = 30_000): void {
  let running: Promise<void> | null = null;
  // On shutdown the current tick finishes the mails it has claimed and claims no more.
  const stopping = new AbortController();
  const tick = () => {
    // A long send keeps its tick; the next one starts after it.
    if (running || stopping.signal.aborted) return;
    running = runMailSchedule(mailRunDeps(app), undefined, { signal: stopping.signal })
      .then((result) => {
        if (result.sent || result.failed || result.retried) app.log.info(result, 'mail schedule');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'mail schedule failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  const first = setTimeout(tick, 2_000);
  first.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearTimeout(first);
    stopping.abort();
    await running;
  });
}
