// An open-loop load generator: requests at a fixed rate, each sent at its scheduled time whether or not earlier ones
// have answered, with latency measured from that scheduled time, so a stall shows in the tail instead of delaying the
// requests behind it (no coordinated omission). Run alone (`npx tsx bench/open-loop.ts`), it checks itself against a
// local server that answers at once.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export interface OpenLoopOptions {
  /** http://host:port */
  base: string;
  /** Requests per second. */
  rate: number;
  /** Measured seconds, after the warm-up. */
  seconds: number;
  /** Seconds at the same rate before measuring, not counted. */
  warmupSeconds: number;
  /** The path of each request, asked once per request in send order. */
  path: () => string;
  headers?: Record<string, string>;
  /** A request still unanswered this long after the last send counts as an error. */
  drainTimeoutMs?: number;
}

export interface OpenLoopResult {
  sent: number;
  errors: number;
  /** Milliseconds from the scheduled send to the end of the response body. */
  p50: number;
  p99: number;
  max: number;
  /** p99 of how late the sender itself sent (its event loop's lag): when it is high, so is every latency. */
  sendLagP99: number;
  firstFailure?: string;
}

/** The value at quantile q of sorted values (nearest rank). */
function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

/** Sends one GET on the keep-alive agent; resolves with its status once the body has been read. */
function send(agent: http.Agent, url: URL, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the warm-up, then the measured seconds, at `rate` requests a second. */
export async function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  // No socket limit: a request due while every socket is busy opens another rather than queueing behind them.
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const headers = options.headers ?? {};
  const interval = 1000 / options.rate;
  const warmup = Math.round(options.warmupSeconds * options.rate);
  const total = warmup + Math.round(options.seconds * options.rate);
  const latencies: number[] = [];
  const lags: number[] = [];
  /** Each counted request in flight, with its scheduled send time. */
  const inFlight = new Map<Promise<void>, number>();
  let errors = 0;
  let firstFailure: string | undefined;
  const start = performance.now();
  try {
    for (let i = 0; i < total; i++) {
      const due = start + i * interval;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const path = options.path();
      const counted = i >= warmup;
      if (counted) lags.push(performance.now() - due);
      const request = send(agent, new URL(path, options.base), headers)
        .then(({ status, body }) => {
          if (!counted) return;
          latencies.push(performance.now() - due);
          if (status >= 400) {
            errors++;
            firstFailure ??= `${status} ${path} ${body.slice(0, 200)}`;
          }
        })
        .catch((error: unknown) => {
          if (!counted) return;
          errors++;
          firstFailure ??= `${path}: ${String(error)}`;
        })
        .finally(() => inFlight.delete(request));
      if (counted) inFlight.set(request, due);
    }
    let timer: NodeJS.Timeout | undefined;
    const drained = Promise.all(inFlight.keys()).then(() => true);
    const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), options.drainTimeoutMs ?? 30_000)));
    const inTime = await Promise.race([drained, timedOut]);
    clearTimeout(timer);
    if (!inTime) {
      // Unanswered requests count as errors, and in the latencies at what they have waited so far (a lower bound).
      const now = performance.now();
      for (const due of inFlight.values()) latencies.push(now - due);
      errors += inFlight.size;
      firstFailure ??= `${inFlight.size} requests unanswered ${options.drainTimeoutMs ?? 30_000} ms after the last send`;
    }
  } finally {
    agent.destroy();
  }
  latencies.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  return {
    sent: total - warmup,
    errors,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? Number.NaN,
    sendLagP99: quantile(lags, 0.99),
    ...(firstFailure ? { firstFailure } : {}),
  };
}

/** The self-check: a server that answers at once, at 40 requests a second; on an idle machine p99 is a few ms. */
async function checkAgainstTrivialServer(): Promise<void> {
  const server = http.createServer((_request, response) => response.end('{"status":"ok"}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const rate = Number(process.env.BENCH_STEADY_RATE ?? 40);
  const seconds = Number(process.env.BENCH_STEADY_SECONDS ?? 10);
  try {
    const result = await openLoop({ base: `http://127.0.0.1:${port}`, rate, seconds, warmupSeconds: 2, path: () => '/' });
    console.log(
      `open loop against a server that answers at once, ${rate}/s for ${seconds} s: ${result.sent} sent, ${result.errors} errors, ` +
        `p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms, ` +
        `send lag p99 ${result.sendLagP99.toFixed(1)} ms`,
    );
  } finally {
    server.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await checkAgainstTrivialServer();
