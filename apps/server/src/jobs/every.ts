// A job that runs every `everyMs` on this instance: the first run `firstAfterMs` after start-up, never two runs at
// once (a long run keeps its turn; the next starts after it), errors logged, and on shutdown the current run is told
// to stop (its signal aborts) and awaited.
import type { FastifyInstance } from 'fastify';

export interface EveryOptions {
  everyMs: number;
  firstAfterMs: number;
  /** Logged with a failed run: "<name> failed". */
  name: string;
}

export function runEvery(
  app: FastifyInstance,
  { everyMs, firstAfterMs, name }: EveryOptions,
  run: (signal: AbortSignal) => Promise<void>,
  /** Where the stop is registered: the app's onClose by default; a schedule started after ready passes its own. */
  onClose: (stop: () => Promise<void>) => void = (stop) => app.addHook('onClose', stop),
): void {
  let running: Promise<void> | null = null;
  const stopping = new AbortController();
  const tick = () => {
    if (running || stopping.signal.aborted) return;
    running = run(stopping.signal)
      .catch((error: unknown) => app.log.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  const first = setTimeout(tick, firstAfterMs);
  first.unref();
  onClose(async () => {
    clearInterval(timer);
    clearTimeout(first);
    stopping.abort();
    await running;
  });
}
