// bench/leads: the leads API under load on 1,000,000 leads in PostgreSQL and 100,000 in PGlite.
// Each scenario runs autocannon against the same server; GET /api/health on that server is the ceiling.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, median, printTable, root, spawnServer, stop, tsxCli, verifyFromOutbox, waitFor200 } from './lib.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PG_LEADS = Number(process.env.BENCH_PG_LEADS ?? 1_000_000);
const PGLITE_LEADS = Number(process.env.BENCH_PGLITE_LEADS ?? 100_000);
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const EXPORT_TARGET_ROWS = 100_000;
const BENCH_EMAIL = 'bench-admin@example.com';
const only = process.env.BENCH_ONLY; // 'postgres' | 'pglite'

interface Row {
  scenario: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  note?: string;
}

function seed(env: Record<string, string>, leads: number) {
  const started = performance.now();
  execFileSync(process.execPath, [tsxCli, path.join(root, 'apps/server/src/seed/cli.ts'), '--leads', String(leads), '--reset'], {
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
  // A new admin account is admin once its address is verified.
  if (signedUp) await verifyFromOutbox(dataDir, BENCH_EMAIL);
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

const NAME_HEADS = ['Nova', 'Lumen', 'Vector', 'Quanta', 'Atlas', 'Helio', 'Orbit', 'Pivot', 'Cobalt', 'Signal', 'Kite', 'Harbor', 'Maple', 'Summit', 'Ember', 'Prism', 'Tidal', 'Verde', 'Arc', 'Beacon', 'Cinder', 'Delta', 'Fable', 'Granite', 'Juniper', 'Keystone', 'Lattice', 'Meridian', 'Nimbus', 'Onyx', 'Polar', 'Quill', 'Radiant', 'Sable', 'Tandem', 'Umbra', 'Vivid', 'Willow', 'Zephyr', 'Aster'];
const NAME_TAILS = ['Labs', 'Works', 'Grid', 'Flow', 'Stack', 'Path', 'Bio', 'Pay', 'Health', 'Logic', 'Forge', 'Loop', 'Byte', 'Field', 'Shift', 'Scale', 'Sense', 'Ware', 'Point', 'Base', 'Wave', 'Mind', 'Dock', 'Link', 'Cloud', 'Farm', 'Home', 'Learn', 'Guard', 'Chain'];
/** Company-name searches and pages that are each rarely repeated, so most requests miss every cache. */
const VARIED_PATHS = NAME_HEADS.flatMap((head) => NAME_TAILS.flatMap((tail) => [1, 2, 3].map((page) => `/api/leads?limit=20&page=${page}&q=${head}${tail}`)));

async function load(url: string, cookie: string): Promise<{ reqPerSec: number; p50: number; p99: number; errors: number }> {
  const varied = url.endsWith('#varied');
  let next = 0;
  const result = await autocannon({
    url: url.replace('#varied', ''),
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { cookie },
    ...(varied
      ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: VARIED_PATHS[(next++ * 7919) % VARIED_PATHS.length] ?? '/api/leads' }) }] }
      : {}),
  });
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
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

/** A date window whose export is about EXPORT_TARGET_ROWS rows (about 2.5 contacts per lead). */
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

function day(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

async function runAgainst(label: string, env: Record<string, string>, leads: number) {
  console.error(`\n[${label}] seeding ${leads.toLocaleString('en-US')} leads...`);
  const seedSeconds = seed(env, leads);
  console.error(`[${label}] seeded in ${seedSeconds.toFixed(1)} s; starting the server`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawnServer({ ...env, PORT: String(port), APP_URL: base, ADMIN_EMAIL: BENCH_EMAIL, NODE_ENV: 'development', DEMO_DATA: '0' });
  try {
    await waitFor200(`${base}/api/health`);
    const cookie = await signIn(base, env.DATA_DIR ?? '');
    const rows: Row[] = [];
    const scenarios: [string, string][] = [
      ['GET /api/health (ceiling)', '/api/health'],
      ['leads page 1, no filter', '/api/leads?page=1&limit=20'],
      ['leads, industry=FinTech', '/api/leads?page=1&limit=20&industry=FinTech'],
      ['leads, search q=novagrid', '/api/leads?page=1&limit=20&q=novagrid'],
      ['leads page 500', '/api/leads?page=500&limit=20'],
      ['leads stats', '/api/leads/stats'],
      ['leads, 3,600 distinct searches (cache misses)', '/api/leads#varied'],
    ];
    for (const [name, url] of scenarios) {
      if (!url.endsWith('#varied')) await fetch(`${base}${url}`, { headers: { cookie } }); // warm once, as any first visit does
      console.error(`[${label}] ${name}...`);
      const result = await load(`${base}${url}`, cookie);
      if (result.errors > 0) throw new Error(`${name}: ${result.errors} failed requests`);
      rows.push({ scenario: name, ...result });
    }
    const query = await exportQuery(base, cookie);
    const exports = [];
    for (let run = 0; run < 3; run++) exports.push(await exportRun(base, cookie, query, server.pid!));
    const rowsPerSec = median(exports.map((run) => run.rows / run.seconds));
    const growth = Math.max(...exports.map((run) => run.rssGrowthMb));
    return { label, leads, seedSeconds, rows, exportStats: { rows: exports[0]!.rows, rowsPerSec, growth, peak: Math.max(...exports.map((run) => run.peakMb)) } };
  } finally {
    await stop(server);
  }
}

const results = [];
if (only !== 'pglite') {
  const name = `fundwire_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  // Its own DATA_DIR too: the admin's verification mail lands in DATA_DIR/outbox.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fundwire-bench-leads-pg-'));
  try {
    results.push(await runAgainst('PostgreSQL', { DATABASE_URL: url.toString(), DATA_DIR: dataDir }, PG_LEADS));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (only !== 'postgres') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fundwire-bench-leads-'));
  try {
    results.push(await runAgainst('PGlite', { DATA_DIR: dataDir }, PGLITE_LEADS));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const result of results) {
  const ceiling = result.rows[0]!.reqPerSec;
  console.log(`\n${result.label}: ${result.leads.toLocaleString('en-US')} leads (seeded in ${result.seedSeconds.toFixed(0)} s), ${CONNECTIONS} connections, ${DURATION_S} s per scenario, 2 cores\n`);
  printTable(
    ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'req/s vs ceiling'],
    result.rows.map((row) => [row.scenario, Math.round(row.reqPerSec), row.p50, row.p99, `${((row.reqPerSec / ceiling) * 100).toFixed(0)}%`]),
  );
  const e = result.exportStats;
  console.log(`\nCSV export: ${e.rows.toLocaleString('en-US')} rows, median ${Math.round(e.rowsPerSec).toLocaleString('en-US')} rows/s, RSS growth ${e.growth.toFixed(1)} MB (peak ${e.peak.toFixed(0)} MB)`);
}

