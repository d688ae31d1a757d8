// bench/leads: the leads API under load on 1,000,000 leads in PostgreSQL and 100,000 in PGlite, against issue 34's
// goals. Headline: varied requests with the lead caches off (LEAD_CACHES=off), so every one is read from the
// database (random pages, random filter combinations, random words taken from the data, cursor walks 500 pages deep),
// each scenario twice: saturated (autocannon, 10 connections), as a share of bench:floor's bare page query measured in
// the same run on the same database (PostgreSQL only), then at a steady open-loop rate (open-loop.ts) for its p99.
// The server runs from the build, as production does. Second table: the same few URLs over and over with the caches
// on, as a repeat visitor sees them, against GET /api/health on the same server.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createRandom } from '../apps/server/src/seed/generate.js';
import { randomFloorPagePath, startFloorServer } from './floor-server.js';
import { freePort, median, printTable, root, spawnServer, stop, tsxCli, verifyFromOutbox, waitFor200 } from './lib.js';
import { openLoop, type OpenLoopResult } from './open-loop.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PG_LEADS = Number(process.env.BENCH_PG_LEADS ?? 1_000_000);
const PGLITE_LEADS = Number(process.env.BENCH_PGLITE_LEADS ?? 100_000);
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** A database to keep between runs: created and seeded once, reused while it holds BENCH_PG_LEADS leads. */
const KEEP_PG_DB = process.env.BENCH_PG_DB;
const EXPORT_TARGET_ROWS = 100_000;
const BENCH_EMAIL = 'bench-admin@example.com';
const only = process.env.BENCH_ONLY; // 'postgres' | 'pglite'
const WALK_PAGES = 500;
const PAGE_SIZE = 20;
/** The steady phase of each varied scenario: measured seconds, and the warm-up before them at the same rate. */
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 30);
const STEADY_WARMUP_SECONDS = Number(process.env.BENCH_STEADY_WARMUP_SECONDS ?? 10);

/** Issue 34's goals for the varied scenarios: the steady rate and its p99, and (PostgreSQL) the share of the floor. */
interface Goal {
  rate: number;
  p99Ms: number;
  floorShare?: number;
}
const GOALS: Record<'PostgreSQL' | 'PGlite', Goal> = {
  PostgreSQL: { rate: Number(process.env.BENCH_PG_RATE ?? 40), p99Ms: 50, floorShare: 0.5 },
  PGlite: { rate: Number(process.env.BENCH_PGLITE_RATE ?? 10), p99Ms: 100 },
};

interface Row {
  scenario: string;
  reqPerSec: number;
  p50: number;
  p99: number;
}

/** A varied scenario: its saturated req/s, then its latencies at the steady rate. */
interface VariedRow {
  scenario: string;
  saturated: number;
  steady: OpenLoopResult;
}

/** bench:floor's bare page query at a random offset, saturated the same way as the scenarios. */
interface Floor {
  reqPerSec: number;
  p50: number;
  p99: number;
}

function seed(env: Record<string, string>, leads: number) {
  const started = performance.now();
  execFileSync(process.execPath, [tsxCli, path.join(root, 'apps/server/src/seed/cli.ts'), '--leads', String(leads)], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return (performance.now() - started) / 1000;
}

async function signIn(base: string, dataDir: string): Promise<string> {
  const body = JSON.stringify({ email: BENCH_EMAIL, password: 'bench-password-1', name: 'bench' });
  const headers = { 'content-type': 'application/json', origin: base };
  let response = await fetch(`${base}/api/auth/sign-up/email`, { method: 'POST', headers, body });
  const signedUp = response.ok;
  if (!response.ok) response = await fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers, body });
  if (!response.ok) throw new Error(`bench sign-in failed: ${response.status} ${await response.text()}`);
  // A new admin account is admin once its address is verified; the link ends its sessions, so sign in again.
  if (signedUp) {
    await verifyFromOutbox(dataDir, BENCH_EMAIL, 'bench-password-1');
    response = await fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers, body });
    if (!response.ok) throw new Error(`bench sign-in failed: ${response.status} ${await response.text()}`);
  }
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Seeded (mulberry32, the seed's own generator): the same run asks the same sequence of questions. */
const random = createRandom;

const ROUNDS = ['Pre-Seed', 'Seed', 'Series A', 'Series B', 'Series C', 'Series D+', 'Undisclosed'];
const AMOUNTS = [500_000, 1_000_000, 5_000_000, 20_000_000, 50_000_000, 100_000_000];
const LOCATIONS = ['san francisco', 'new york', 'berlin', 'london', 'austin', 'singapore', 'tokyo', 'canada', 'india', 'ca'];

function day(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

interface Vocabulary {
  industries: string[];
  /** Every word of a sample of leads, as often as it occurs there: common words are drawn more often. */
  words: string[];
}

/** Industries from stats, words from a few hundred leads across the archive. */
async function vocabulary(base: string, cookie: string): Promise<Vocabulary> {
  const stats = (await (await fetch(`${base}/api/leads/stats`, { headers: { cookie } })).json()) as { industries: string[] };
  const words: string[] = [];
  for (const page of [1, 50, 120, 260, 400, 499]) {
    const body = (await (await fetch(`${base}/api/leads?limit=${PAGE_SIZE}&page=${page}`, { headers: { cookie } })).json()) as {
      leads: { companyName: string; description: string; tags: string[] }[];
    };
    for (const lead of body.leads)
      words.push(
        ...`${lead.companyName} ${lead.description} ${lead.tags.join(' ')}`
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .filter((word) => word.length > 1),
      );
  }
  return { industries: stats.industries, words };
}

type PathMaker = () => string;

function filterParams(r: ReturnType<typeof random>, vocab: Vocabulary): URLSearchParams {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  // Each filter on its own coin; at least one.
  for (;;) {
    if (r.next() < 0.5) params.set('industry', r.pick(vocab.industries));
    if (r.next() < 0.4) params.set('fundingRound', r.pick(ROUNDS));
    const min = r.next() < 0.3 ? r.pick(AMOUNTS) : undefined;
    if (min !== undefined) params.set('minFunding', String(min));
    if (r.next() < 0.15) params.set('maxFunding', String((min ?? r.pick(AMOUNTS)) * 4));
    if (r.next() < 0.3) {
      const start = r.int(0, 700);
      params.set('dateStart', day(start));
      if (r.next() < 0.5) params.set('dateEnd', day(r.int(0, start)));
    }
    if (r.next() < 0.2) params.set('location', r.pick(LOCATIONS));
    if (r.next() < 0.15) params.set('hasContacts', r.next() < 0.5 ? 'true' : 'false');
    if ([...params.keys()].length > 1) return params;
  }
}

/** BENCH_SCENARIOS: comma-separated parts of scenario names to run (all when unset). */
const SCENARIOS = process.env.BENCH_SCENARIOS?.split(',').filter(Boolean);

/** The varied scenarios with one generator seeded `seed`: each phase takes its own, so the steady phase asks the same
 * sequence whatever number of requests the saturated phase before it made. */
function variedScenarios(vocab: Vocabulary, cursorPaths: string[], seed = 15): [string, PathMaker][] {
  const all = allVariedScenarios(vocab, cursorPaths, seed);
  return SCENARIOS ? all.filter(([name]) => SCENARIOS.some((part) => name.includes(part))) : all;
}

function allVariedScenarios(vocab: Vocabulary, cursorPaths: string[], seed: number): [string, PathMaker][] {
  const r = random(seed);
  const word = () => r.pick(vocab.words);
  return [
    [`random page 1-${WALK_PAGES}, no filter`, () => `/api/leads?limit=${PAGE_SIZE}&page=${r.int(1, WALK_PAGES)}`],
    ['random filter combination, page 1', () => `/api/leads?${filterParams(r, vocab).toString()}`],
    ['random filter combination, random page 1-10', () => `/api/leads?${filterParams(r, vocab).toString()}&page=${r.int(1, 10)}`],
    ['random search word (relevance)', () => `/api/leads?limit=${PAGE_SIZE}&q=${encodeURIComponent(word())}`],
    ['random two-word search, last word a prefix', () => `/api/leads?limit=${PAGE_SIZE}&q=${encodeURIComponent(`${word()} ${word().slice(0, r.int(3, 6))}`)}`],
    [
      'random search word + industry',
      () => `/api/leads?limit=${PAGE_SIZE}&q=${encodeURIComponent(word())}&industry=${encodeURIComponent(r.pick(vocab.industries))}`,
    ],
    ['random search word, sort=date, random page 1-5', () => `/api/leads?limit=${PAGE_SIZE}&sort=date&page=${r.int(1, 5)}&q=${encodeURIComponent(word())}`],
    [`cursor pages 1-${WALK_PAGES} deep (4 filters)`, () => r.pick(cursorPaths)],
  ];
}

/** Follows nextCursor WALK_PAGES pages deep for each filter; returns every page's URL and the mean time per page. */
async function walkCursors(base: string, cookie: string): Promise<{ paths: string[]; msPerPage: number }> {
  const paths: string[] = [];
  const started = performance.now();
  for (const filter of ['', '&industry=FinTech', '&fundingRound=Seed', '&minFunding=5000000']) {
    let url = `/api/leads?limit=${PAGE_SIZE}${filter}`;
    for (let page = 1; page <= WALK_PAGES; page++) {
      paths.push(url);
      const response = await fetch(`${base}${url}`, { headers: { cookie } });
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      const body = (await response.json()) as { nextCursor: string | null };
      if (!body.nextCursor) break;
      url = `/api/leads?limit=${PAGE_SIZE}${filter}&cursor=${body.nextCursor}`;
    }
  }
  return { paths, msPerPage: (performance.now() - started) / paths.length };
}

async function load(base: string, cookie: string, target: string | PathMaker): Promise<Omit<Row, 'scenario'> & { errors: number; firstFailure?: string }> {
  let firstFailure: string | undefined;
  const result = await autocannon({
    url: `${base}${typeof target === 'string' ? target : '/api/health'}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { cookie },
    ...(typeof target === 'function'
      ? {
          requests: [
            {
              // The context is per connection: it remembers the path of the request in flight.
              setupRequest: (request: autocannon.Request, context: object) => {
                const path = target();
                (context as { path?: string }).path = path;
                return { ...request, path };
              },
              onResponse: (status: number, body: string, context: object) => {
                if (status >= 400) firstFailure ??= `${status} ${(context as { path?: string }).path} ${body.slice(0, 200)}`;
              },
            },
          ],
        }
      : {}),
  });
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    ...(firstFailure ? { firstFailure } : {}),
  };
}

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

async function exportRun(base: string, cookie: string, query: string, pid: number) {
  const before = rssKb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 20);
  const started = performance.now();
  const response = await fetch(`${base}/api/leads/export.csv?${query}`, { headers: { cookie } });
  let rows = -1; // header line
  let bytes = 0;
  const decoder = new TextDecoder();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    const text = decoder.decode(chunk, { stream: true });
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) rows++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { rows, seconds, bytes, rssGrowthMb: (peak - before) / 1024, peakMb: peak / 1024 };
}

/** A date window whose export is about EXPORT_TARGET_ROWS rows (about 2.5 contacts per lead). Counts below the
 * exact limit are exact; above it the estimate steers the search just as well. */
async function exportQuery(base: string, cookie: string): Promise<string> {
  const wantLeads = EXPORT_TARGET_ROWS / 2.5;
  let low = 1;
  let high = 800;
  let best = `dateStart=${day(high)}`;
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    const response = await fetch(`${base}/api/leads?limit=1&dateStart=${day(mid)}`, { headers: { cookie } });
    const { totalCount } = (await response.json()) as { totalCount: number };
    best = `dateStart=${day(mid)}`;
    if (Math.abs(totalCount - wantLeads) / wantLeads < 0.05) break;
    if (totalCount < wantLeads) low = mid + 1;
    else high = mid - 1;
  }
  return best;
}

async function withServer<T>(env: Record<string, string>, fn: (base: string, cookie: string, pid: number) => Promise<T>): Promise<T> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // JOB_WORKER=0: a web instance of a scaled-out install (docs/operations.md). With a worker, a freshly seeded
  // database's enrichment backlog (every company, queued 500 at a time) would run beside the reads being measured,
  // and its SEC lookups would try the internet.
  // From the build, as production runs it (decision 040); built first when its sources changed (below).
  const server = spawnServer({ ...env, PORT: String(port), APP_URL: base, ADMIN_EMAIL: BENCH_EMAIL, NODE_ENV: 'development', DEMO_DATA: '0', JOB_WORKER: '0' }, 'build');
  try {
    await waitFor200(`${base}/api/health`, 600_000);
    const cookie = await signIn(base, env.DATA_DIR ?? '');
    return await fn(base, cookie, server.pid!);
  } finally {
    await stop(server);
  }
}

/** The floor's bare page query on the PostgreSQL database at url, saturated after a warm-up of the same length. */
async function measureFloor(url: string): Promise<Floor> {
  const floor = await startFloorServer(url);
  try {
    console.error('[PostgreSQL] floor: bare page query at a random offset...');
    await load(floor.base, '', randomFloorPagePath); // warm-up, not counted
    const result = await load(floor.base, '', randomFloorPagePath);
    if (result.errors > 0) throw new Error(`floor: ${result.errors} failed requests${result.firstFailure ? `, first: ${result.firstFailure}` : ''}`);
    return { reqPerSec: result.reqPerSec, p50: result.p50, p99: result.p99 };
  } finally {
    await floor.close();
  }
}

/** One varied scenario at the steady rate, open-loop: a warm-up, then STEADY_SECONDS measured. */
async function measureSteady(label: string, base: string, cookie: string, name: string, maker: PathMaker, rate: number) {
  console.error(`[${label}] ${name} at ${rate}/s...`);
  return openLoop({ base, rate, seconds: STEADY_SECONDS, warmupSeconds: STEADY_WARMUP_SECONDS, path: maker, headers: { cookie } });
}

async function measure(label: string, base: string, cookie: string, name: string, target: string | PathMaker): Promise<Row> {
  // A fixed URL is asked once first, as any first visit does; varied ones never repeat on purpose.
  if (typeof target === 'string') await fetch(`${base}${target}`, { headers: { cookie } });
  console.error(`[${label}] ${name}...`);
  const result = await load(base, cookie, target);
  if (result.errors > 0) throw new Error(`${name}: ${result.errors} failed requests${result.firstFailure ? `, first: ${result.firstFailure}` : ''}`);
  return { scenario: name, reqPerSec: result.reqPerSec, p50: result.p50, p99: result.p99 };
}

async function runAgainst(label: 'PostgreSQL' | 'PGlite', env: Record<string, string>, leads: number, seedIfNeeded: () => Promise<number>) {
  const seedSeconds = await seedIfNeeded();
  const goal = GOALS[label];
  // The floor first, on the same database, while no app server runs.
  const floor = env.DATABASE_URL ? await measureFloor(env.DATABASE_URL) : undefined;
  console.error(`[${label}] uncached server (LEAD_CACHES=off)`);
  const uncached = await withServer({ ...env, LEAD_CACHES: 'off' }, async (base, cookie, pid) => {
    const vocab = await vocabulary(base, cookie);
    const walk = await walkCursors(base, cookie);
    console.error(`[${label}] walked ${walk.paths.length} cursor pages, ${walk.msPerPage.toFixed(1)} ms per page`);
    const rows: VariedRow[] = [];
    const steadyMakers = new Map(variedScenarios(vocab, walk.paths, 16));
    for (const [name, maker] of variedScenarios(vocab, walk.paths, 15)) {
      const saturated = await measure(label, base, cookie, name, maker);
      const steady = await measureSteady(label, base, cookie, name, steadyMakers.get(name)!, goal.rate);
      rows.push({ scenario: name, saturated: saturated.reqPerSec, steady });
    }
    const query = await exportQuery(base, cookie);
    const exports = [];
    for (let run = 0; run < 3; run++) exports.push(await exportRun(base, cookie, query, pid));
    const exportStats = {
      rows: exports[0]!.rows,
      rowsPerSec: median(exports.map((run) => run.rows / run.seconds)),
      growth: Math.max(...exports.map((run) => run.rssGrowthMb)),
      peak: Math.max(...exports.map((run) => run.peakMb)),
    };
    return { rows, walkMsPerPage: walk.msPerPage, walkPages: walk.paths.length, exportStats };
  });
  console.error(`[${label}] cached server (LEAD_CACHES=on, the default)`);
  const cached = await withServer(env, async (base, cookie) => {
    const rows: Row[] = [];
    for (const [name, url] of [
      ['GET /api/health (ceiling)', '/api/health'],
      ['same URL: page 1, no filter', '/api/leads?page=1&limit=20'],
      ['same URL: industry=FinTech', '/api/leads?page=1&limit=20&industry=FinTech'],
      ['same URL: search q=novagrid', '/api/leads?page=1&limit=20&q=novagrid'],
      ['same URL: page 500', '/api/leads?page=500&limit=20'],
      ['same URL: stats', '/api/leads/stats'],
    ] as const)
      rows.push(await measure(label, base, cookie, name, url));
    return rows;
  });
  return { label, leads, seedSeconds, goal, floor, uncached, cached };
}

/** PostgreSQL: a fresh database dropped afterwards, or BENCH_PG_DB kept between runs (seeded once). */
async function postgres() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const name = KEEP_PG_DB ?? `fundwire_bench_${Date.now()}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_PG_DB must be a plain lower-case name (got ${name})`);
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  // Its own DATA_DIR too: the admin's verification mail lands in DATA_DIR/outbox.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fundwire-bench-leads-pg-'));
  const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
  try {
    return await runAgainst('PostgreSQL', env, PG_LEADS, async () => {
      if (exists) {
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        const count = Number((await client.query<{ count: string }>('select count(*) from leads').catch(() => ({ rows: [{ count: '0' }] }))).rows[0]?.count);
        await client.end();
        if (count === PG_LEADS) {
          console.error(`\n[PostgreSQL] reusing ${name} with ${count.toLocaleString('en-US')} leads`);
          return 0;
        }
        throw new Error(`${name} holds ${count} leads, not ${PG_LEADS}: drop it or pick another BENCH_PG_DB`);
      }
      console.error(`\n[PostgreSQL] seeding ${PG_LEADS.toLocaleString('en-US')} leads into ${name}...`);
      return seed(env, PG_LEADS);
    });
  } finally {
    if (!KEEP_PG_DB) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function pglite() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fundwire-bench-leads-'));
  try {
    return await runAgainst('PGlite', { DATA_DIR: dataDir }, PGLITE_LEADS, async () => {
      console.error(`\n[PGlite] seeding ${PGLITE_LEADS.toLocaleString('en-US')} leads...`);
      return seed({ DATA_DIR: dataDir }, PGLITE_LEADS);
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** CPU seconds a process has used so far (Linux /proc), with `children` also those of its reaped children. */
function cpuSeconds(pid: number, children = false): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // After the name: state is field 0, utime 11, stime 12, cutime 13, cstime 14 (in clock ticks, 100 per second).
    const ticks = [11, 12, ...(children ? [13, 14] : [])].reduce((sum, index) => sum + Number(fields[index]), 0);
    return ticks / 100;
  } catch {
    return 0;
  }
}

/** The PostgreSQL cluster's CPU seconds so far: the postmaster with its ended backends, plus the live ones. Only when
 * the server runs on this machine and its pid file is readable (Debian's /var/run/postgresql/15-main.pid, or
 * BENCH_PG_PIDFILE), else NaN. */
function postgresCpuSeconds(): number {
  try {
    const postmaster = Number(readFileSync(process.env.BENCH_PG_PIDFILE ?? '/var/run/postgresql/15-main.pid', 'utf8').split('\n')[0]);
    const backends = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
    return cpuSeconds(postmaster, true) + backends.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  } catch {
    return Number.NaN;
  }
}

/** BENCH_PROFILE=1: one request at a time per varied scenario on the kept BENCH_PG_DB, printing each scenario's
 * latency spread, the CPU one request costs the server and PostgreSQL, and its slowest URLs (where to look with
 * EXPLAIN), instead of the load tables. */
async function profile() {
  if (!KEEP_PG_DB) throw new Error('BENCH_PROFILE needs BENCH_PG_DB (a seeded database kept between runs)');
  const url = new URL(ADMIN_URL);
  url.pathname = `/${KEEP_PG_DB}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fundwire-bench-profile-'));
  const perScenario = Number(process.env.BENCH_PROFILE_REQUESTS ?? 200);
  /** BENCH_PROFILE_SLOWEST: how many of each scenario's slowest URLs to print. */
  const SLOWEST_SHOWN = Number(process.env.BENCH_PROFILE_SLOWEST ?? 3);
  try {
    await withServer({ DATABASE_URL: url.toString(), DATA_DIR: dataDir, LEAD_CACHES: 'off' }, async (base, cookie, pid) => {
      const vocab = await vocabulary(base, cookie);
      const walk = await walkCursors(base, cookie);
      const rows: (string | number)[][] = [];
      const slowest: string[] = [];
      const scenarios: [string, PathMaker][] = [['GET /api/health', () => '/api/health'], ...variedScenarios(vocab, walk.paths, 15)];
      for (const [name, maker] of scenarios) {
        const timed: { ms: number; url: string }[] = [];
        const serverBefore = cpuSeconds(pid);
        const postgresBefore = postgresCpuSeconds();
        for (let i = 0; i < perScenario; i++) {
          const target = maker();
          const started = performance.now();
          const response = await fetch(`${base}${target}`, { headers: { cookie } });
          await response.text();
          timed.push({ ms: performance.now() - started, url: target });
        }
        timed.sort((a, b) => a.ms - b.ms);
        const at = (q: number) => timed[Math.min(timed.length - 1, Math.floor(q * timed.length))]!.ms.toFixed(1);
        const perRequest = (seconds: number) => ((seconds * 1000) / perScenario).toFixed(2);
        rows.push([
          name,
          at(0.5),
          at(0.9),
          at(0.99),
          timed.at(-1)!.ms.toFixed(1),
          perRequest(cpuSeconds(pid) - serverBefore),
          perRequest(postgresCpuSeconds() - postgresBefore),
        ]);
        for (const entry of timed.slice(-SLOWEST_SHOWN).reverse()) slowest.push(`${entry.ms.toFixed(0).padStart(6)} ms  ${decodeURIComponent(entry.url)}`);
      }
      printTable(['scenario (one request at a time)', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'server CPU ms/req', 'PostgreSQL CPU ms/req'], rows);
      console.log('\nSlowest URLs:');
      for (const line of slowest) console.log(line);
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// The server runs from the build (withServer): bring it up to date, as npm start does.
execFileSync(process.execPath, [path.join(root, 'scripts/build-if-changed.mjs')], { cwd: root, stdio: 'inherit' });

if (process.env.BENCH_PROFILE) {
  await profile();
  process.exit(0);
}

const results = [];
if (only !== 'pglite') results.push(await postgres());
if (only !== 'postgres') results.push(await pglite());

/** The varied scenarios against the goals: saturated req/s and its share of the floor, then the steady latencies. */
function variedTable(rows: VariedRow[], goal: Goal, floor: Floor | undefined) {
  const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '-');
  const goalText = [goal.floorShare && floor ? `>= ${goal.floorShare * 100}% of floor` : '', `p99 <= ${goal.p99Ms} ms`].filter(Boolean).join(', ');
  const lines: (string | number)[][] = [];
  if (floor)
    lines.push(['bare page query (bench:floor), random offset 0-10,000', Math.round(floor.reqPerSec).toLocaleString('en-US'), '100%', '-', '-', '-', '-', '-', '-', '-']);
  for (const row of rows) {
    const share = floor ? row.saturated / floor.reqPerSec : undefined;
    const missed = [
      ...(goal.floorShare && share !== undefined && share < goal.floorShare ? ['share'] : []),
      ...(!(row.steady.p99 <= goal.p99Ms) ? ['p99'] : []),
      ...(row.steady.errors > 0 ? ['errors'] : []),
    ];
    lines.push([
      row.scenario,
      Math.round(row.saturated).toLocaleString('en-US'),
      share === undefined ? '-' : `${(share * 100).toFixed(0)}%`,
      goalText,
      `${goal.rate}/s`,
      ms(row.steady.p50),
      ms(row.steady.p99),
      ms(row.steady.max),
      row.steady.errors,
      missed.length ? `no (${missed.join(', ')})` : 'yes',
    ]);
  }
  printTable(['scenario', 'saturated req/s', 'share of floor', 'goal', 'steady rate', 'p50 ms', 'p99 ms', 'max ms', 'errors', 'goal met'], lines);
  for (const row of rows) if (row.steady.firstFailure) console.log(`first failure at the steady rate, ${row.scenario}: ${row.steady.firstFailure}`);
  const lag = Math.max(...rows.map((row) => row.steady.sendLagP99));
  console.log(`\nThe sender's own lag (p99, worst scenario): ${lag.toFixed(1)} ms; the latencies above include it.`);
}

const table = (rows: Row[]) => {
  const ceiling = rows[0]!.reqPerSec;
  printTable(
    ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'vs health'],
    rows.map((row) => [row.scenario, Math.round(row.reqPerSec).toLocaleString('en-US'), row.p50, row.p99, `${((row.reqPerSec / ceiling) * 100).toFixed(0)}%`]),
  );
};
for (const result of results) {
  const seeded = result.seedSeconds > 0 ? `seeded in ${result.seedSeconds.toFixed(0)} s` : 'database kept from an earlier run';
  console.log(
    `\n${result.label}: ${result.leads.toLocaleString('en-US')} leads (${seeded}); saturated: ${CONNECTIONS} connections, ${DURATION_S} s per scenario; ` +
      `steady: ${result.goal.rate} requests a second, open-loop, ${STEADY_SECONDS} s after ${STEADY_WARMUP_SECONDS} s of warm-up`,
  );
  console.log('\nVaried requests, lead caches off (every request reads the database):\n');
  variedTable(result.uncached.rows, result.goal, result.floor);
  console.log(
    `\nSequential cursor walks: ${result.uncached.walkPages} pages (4 filters x ${WALK_PAGES} deep), ${result.uncached.walkMsPerPage.toFixed(1)} ms per page`,
  );
  console.log('\nSame URL over and over, lead caches on (cached):\n');
  table(result.cached);
  const e = result.uncached.exportStats;
  console.log(
    `\nCSV export: ${e.rows.toLocaleString('en-US')} rows, median ${Math.round(e.rowsPerSec).toLocaleString('en-US')} rows/s, RSS growth ${e.growth.toFixed(1)} MB (peak ${e.peak.toFixed(0)} MB)`,
  );
}
