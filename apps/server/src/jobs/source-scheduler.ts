// Runs the live sources on every instance: the first run soon after start-up, then today again every
// EDGAR_POLL_MINUTES. Day leases in the database let any instance run a day, one at a time.
import type { FastifyInstance } from 'fastify';
import { newWorkerId } from '../modules/mail-queue/index.js';
import { enqueueEnrichmentForLeads } from '../modules/enrichment/index.js';
import { findSource, SOURCES } from '../sources/registry.js';
import { runSource, type RunOptions, type RunSummary } from '../sources/runner.js';

export interface SourceRunner {
  /** This instance's lease owner name. */
  owner: string;
  /** Runs a source now, after any run this instance has going; resolves with what it did. */
  run(sourceId: string, options?: RunOptions): Promise<RunSummary>;
  /** Resolves when this instance has no run going. */
  idle(): Promise<void>;
  /** Calls fn when the app closes, before the current run is stopped (a schedule may start after ready). */
  onStop(fn: () => void): void;
}

export function createSourceRunner(app: FastifyInstance): SourceRunner {
  const owner = newWorkerId();
  const stopping = new AbortController();
  let chain: Promise<unknown> = Promise.resolve();
  const stops: (() => void)[] = [];
  const runner: SourceRunner = {
    owner,
    run(sourceId, options = {}) {
      const connector = findSource(sourceId);
      if (!connector) return Promise.reject(new Error(`unknown source ${sourceId}`));
      const next = chain.then(() =>
        runSource(
          connector,
          // Issue 31: every lead a run creates or changes gets its company's enrichment job, in the same transaction.
          { database: app.database, config: app.config, owner, log: app.log, afterWrite: enqueueEnrichmentForLeads },
          { signal: stopping.signal, ...options },
        ),
      );
      chain = next.catch(() => undefined);
      return next;
    },
    idle: async () => {
      await chain;
    },
    onStop: (fn) => stops.push(fn),
  };
  app.addHook('onClose', async () => {
    for (const stop of stops) stop();
    stopping.abort();
    await chain;
    // Hand unfinished days back at once rather than when their lease runs out.
    await app.database.rawTransaction((query) =>
      query(`update source_days set status = 'pending', lease_owner = null, lease_expires_at = null where lease_owner = $1`, [owner]),
    );
  });
  return runner;
}

/** Starts the schedule: first run after firstDelayMs (within a minute of start-up), then every poll interval. */
export function scheduleSources(app: FastifyInstance, options: { firstDelayMs?: number; everyMs?: number } = {}): void {
  const everyMs = options.everyMs ?? app.config.edgar.pollMinutes * 60_000;
  const tick = () => {
    for (const source of SOURCES) {
      if (source.disabledReason(app.config) !== null) continue;
      app.sources.run(source.id).catch((error: unknown) => app.log.error({ err: error, source: source.id }, 'source run failed'));
    }
  };
  const first = setTimeout(tick, options.firstDelayMs ?? 10_000);
  first.unref();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  app.sources.onStop(() => {
    clearTimeout(first);
    clearInterval(timer);
  });
}
