// bench/floor: how far below /api/health any request that reads the database must fall on this machine, whatever
// the query. A bare Fastify server (no auth, no schemas, no logging) answers a health route and routes that each make
// one PostgreSQL round trip through a pg pool of 10, from `select 1` to a 20-lead page with the app's own page query
// shape; the same autocannon load as bench/leads (10 connections, 10 s) runs against each. The app's own
// GET /api/health, on the real server against the same database, runs first in the same run: issue 15 asks every
// varied list scenario for 25% of its req/s, and this table shows what a single bare round trip reaches of it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { freePort, printTable, spawnServer, stop, waitFor200 } from './lib.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** A seeded bench/leads database (BENCH_PG_DB): the lead routes read it. Without it only the trivial queries run. */
const LEADS_DB = process.env.BENCH_PG_DB;

/** The columns the app reads of a lead: all but the search document (which it never selects). */
const LEAD_COLUMNS = `id, company_name, domain, industry, funding_amount, funding_round, round_label, location, funding_date, description, tags,
  source, source_id, source_url, edited_fields, identity_key, company_id, lacks_contacts, created_at, updated_at`;

/** The lead page query of the app's column path, as SQL text: the page's ids from the date index, then the rows. */
const PAGE_SQL = `
  select ${LEAD_COLUMNS.replace(/(\w+)/g, 'l.$1')}, (select count(*) from leads as earlier where earlier.company_id = l.company_id and earlier.funding_date < l.funding_date) as earlier_rounds,
    (select coalesce(json_agg(json_build_object('name', c.name, 'role', c.role, 'email', nullif(c.email, ''), 'linkedIn', c.linked_in) order by c.position), '[]'::json)
     from contacts as c where c.lead_id = l.id) as contacts
  from (select id from leads order by funding_date desc, id desc limit 20 offset $1) as page
  join leads as l on l.id = page.id
  order by l.funding_date desc, l.id desc`;

async function serve(url: string, port: number): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const app = Fastify({ logger: false });
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/select1', async () => (await pool.query('select 1 as one')).rows[0]);
  app.get('/lead', async () => ({ lead: (await pool.query(`select ${LEAD_COLUMNS} from leads where id = (select id from leads limit 1)`)).rows[0] }));
  app.get('/columns', async () => ({ leads: (await pool.query(`select ${LEAD_COLUMNS} from leads order by funding_date desc, id desc limit 20`)).rows }));
  app.get('/page', async (request) => {
    const offset = Number((request.query as { offset?: string }).offset ?? 0);
    return { leads: (await pool.query(PAGE_SQL, [offset])).rows };
  });
  await app.listen({ port, host: '127.0.0.1' });
}

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
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'serve', url, String(port)], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor200(`${base}/health`);
    const scenarios: [string, string | (() => string)][] = [
      ['GET /health, no database (ceiling)', '/health'],
      ['one round trip: select 1', '/select1'],
      ...(LEADS_DB
        ? ([
            ['one round trip: one lead by its id', '/lead'],
            ['one round trip: the newest 20 leads, their columns only', '/columns'],
            ['one round trip: the first 20-lead page (offset 0)', '/page?offset=0'],
            ['one round trip: a 20-lead page at a random offset 0-10,000', () => `/page?offset=${Math.floor(Math.random() * 10_000)}`],
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
    child.kill('SIGTERM');
  }
}

if (process.argv[2] === 'serve') await serve(process.argv[3] ?? ADMIN_URL, Number(process.argv[4]));
else await main();
