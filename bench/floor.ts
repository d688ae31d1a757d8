// bench/floor: how far below /api/health any request that reads the database must fall on this machine, whatever
// the query. The bare server of floor-server.ts (no auth, no schemas, no logging) answers a health route and routes
// that each make one PostgreSQL round trip through a pg pool of 10, from `select 1` to a 20-lead page with the app's
// own page query shape; the same autocannon load as bench/leads (10 connections, 10 s) runs against each. The app's own
// GET /api/health, on the real server against the same database, runs first in the same run: issue 15 asks every
// varied list scenario for 25% of its req/s, and this table shows what a single bare round trip reaches of it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { randomFloorPagePath, startFloorServer } from './floor-server.js';
import { freePort, printTable, spawnServer, stop, waitFor200 } from './lib.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** A seeded bench/leads database (BENCH_PG_DB): the lead routes read it. Without it only the trivial queries run. */
const LEADS_DB = process.env.BENCH_PG_DB;

async function measure(base: string, target: string | (() => string)) {
  const result = await autocannon({
    url: `${base}${typeof target === 'string' ? target : '/health'}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    ...(typeof target === 'function' ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: target() }) }] } : {}),
  });
  if (result.errors + result.non2xx > 0) throw new Error(`${target.toString()}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return { reqPerSec: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** The app's GET /api/health req/s (and p50, p99), on the real server against the database at url. */
async function appHealth(url: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fundwire-floor-'));
  const server = spawnServer({ DATABASE_URL: url, DATA_DIR: dataDir, PORT: String(port), APP_URL: base, NODE_ENV: 'development', DEMO_DATA: '0' });
  try {
    await waitFor200(`${base}/api/health`, 600_000);
    await measure(base, '/api/health'); // warm-up, not counted
    return await measure(base, '/api/health');
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const url = LEADS_DB ? ADMIN_URL.replace(/\/[^/]*$/, `/${LEADS_DB}`) : ADMIN_URL;
  const app = await appHealth(url);
  const floor = await startFloorServer(url);
  try {
    const base = floor.base;
    const scenarios: [string, string | (() => string)][] = [
      ['GET /health, no database (ceiling)', '/health'],
      ['one round trip: select 1', '/select1'],
      ...(LEADS_DB
        ? ([
            ['one round trip: one lead by its id', '/lead'],
            ['one round trip: the newest 20 leads, their columns only', '/columns'],
            ['one round trip: the first 20-lead page (offset 0)', '/page?offset=0'],
            ['one round trip: a 20-lead page at a random offset 0-10,000', randomFloorPagePath],
          ] as [string, () => string][])
        : []),
    ];
    const percent = (value: number, of: number) => `${((value / of) * 100).toFixed(0)}%`;
    const rows: (string | number)[][] = [
      ["the app: GET /api/health (issue 15's ceiling)", Math.round(app.reqPerSec).toLocaleString('en-US'), app.p50, app.p99, '-', '100%'],
    ];
    let ceiling = 0;
    for (const [name, target] of scenarios) {
      await measure(base, target); // warm-up, not counted
      const result = await measure(base, target);
      ceiling ||= result.reqPerSec;
      rows.push([
        `bare: ${name}`,
        Math.round(result.reqPerSec).toLocaleString('en-US'),
        result.p50,
        result.p99,
        percent(result.reqPerSec, ceiling),
        percent(result.reqPerSec, app.reqPerSec),
      ]);
    }
    console.log(
      `\nBare Fastify + pg pool against the app's health, ${CONNECTIONS} connections, ${DURATION_S} s per scenario${LEADS_DB ? `, database ${LEADS_DB}` : ''}:\n`,
    );
    printTable(['scenario', 'req/s', 'p50 ms', 'p99 ms', 'vs bare health', "vs the app's health"], rows);
  } finally {
    await floor.close();
  }
}

await main();
