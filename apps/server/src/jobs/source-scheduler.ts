// Runs the live sources on every instance (through jobs/every.ts, the one scheduler): the first run soon after
// start-up, then today again every EDGAR_POLL_MINUTES. Day leases in the database let any instance run a day, one at a time.
import type { FastifyInstance } from 'fastify';
import { newWorkerId } from '../queue/retry.js';
import { findSource, SOURCES } from '../sources/registry.js';
import { releaseDays } from '../sources/day-lease.js';
import { runSource, type RunOptions, type RunSummary } from '../sources/runner.js';
import { runEvery } from './every.js';
import { enqueueEnrichmentForLeads } from '../modules/enrichment/index.js';

export interface SourceRunner {
  /** This instance's lease owner name. */
  owner: string;
  /** Runs a source now, after any run this instance has going; resolves with what it did. */
  run(sourceId: string, options?: RunOptions): Promise<RunSummary>;
  /** Resolves when this instance has no run going. */
  idle(): Promise<void>;
  /** Awaits stop when the app closes, before the runner itself stops (a schedule may start after ready). */
  onStop(stop: () => Promise<void>): void;
}

export function createSourceRunner(app: FastifyInstance): SourceRunner {
  const owner = newWorkerId();
  const stopping = new AbortController();
  let chain: Promise<unknown> = Promise.resolve();
  const stops: (() => Promise<void>)[] = [];
  const runner: SourceRunner = {
    owner,
    run(sourceId, options = {}) {
      const connector = findSource(sourceId);
      if (!connector) return Promise.reject(new Error(`unknown source ${sourceId}`));
      const next = chain.then(() =>
        runSource(
          connector,
          // Issue 31: every lead a run creates or changes gets its company's enrichment job, in the same transaction.
          { database: app.database, config: app.config, owner, log: app.log, afterWrite: enqueueEnrichmentForLeads, clock: app.clock },
          {
            ...options,
            signal: options.signal ? AbortSignal.any([stopping.signal, options.signal]) : stopping.signal,
          },
        ),
      );
      chain = next.catch(() => undefined);
      return next;
    },
    idle: async () => {
      await chain;
    },
    onStop: (stop) => stops.push(stop),
  };
  app.addHook('onClose', async () => {
    stopping.abort();
    await Promise.all(stops.map((stop) => stop()));
    await chain;
    // Hand unfinished days back at once rather than when their lease runs out.
    await releaseDays(app.database, owner);
  });
  return runner;
}

/** Starts the schedule: first run after firstDelayMs (SOURCES_FIRST_RUN_SECONDS by default), then every poll interval. */
export function scheduleSources(app: FastifyInstance, options: { firstDelayMs?: number; everyMs?: number } = {}): void {
  const everyMs = options.everyMs ?? app.config.edgar.pollMinutes * 60_000;
  runEvery(
    app,
    {
      everyMs,
      firstAfterMs: options.firstDelayMs ?? app.config.sourcesFirstRunMs,
      name: 'source runs',
    },
    async (signal) => {
      const enabled = SOURCES.filter((source) => source.disabledReason(app.config) === null);
      await Promise.all(
        enabled.map((source) =>
          app.sources.run(source.id, { signal }).catch((error: unknown) => app.log.error({ err: error, source: source.id }, 'source run failed')),
        ),
      );
    },
    (stop) => app.sources.onStop(stop),
  );
}
