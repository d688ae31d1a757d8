// Runs the mail schedule every 30 seconds on every instance: the edition's primary key lets one
// instance prepare it, and SKIP LOCKED claims let all of them send it without sending anything twice.
import type { FastifyInstance } from 'fastify';
import { mailRunDeps, runMailSchedule } from '../modules/mail-queue/index.js';
import { runEvery } from './every.js';

export function scheduleMail(app: FastifyInstance, everyMs = 30_000): void {
  // On shutdown the current run finishes the mails it has claimed and claims no more.
  runEvery(app, { everyMs, firstAfterMs: 2_000, name: 'mail schedule' }, async (signal) => {
    const result = await runMailSchedule(mailRunDeps(app), undefined, {
      signal,
    });
    if (result.sent || result.failed || result.retried) app.log.info(result, 'mail schedule');
  });
}
