// bench/batch: admin writes on PGlite. A 10,000-lead JSON batch (created, then the same batch again as
// updates), the Fundraising Fox sample CSV import, and a synthetic 100,000-row import file (rows/s and the
// server's peak RSS while it runs), each timed end to end over HTTP. Target: a 10,000-lead batch in under
// 10 s. Baseline: the same server's GET /api/health round trip.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, median, printTable, root, spawnServer, stop, verifyFromOutbox, waitFor200 } from './lib.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ADMIN = 'bench-batch-admin@example.com';
const TARGET_MS = 10_000;

function batch(run: number, size: number) {
  return Array.from({ length: size }, (_, index) => ({
    companyName: `Batch Bench ${run}-${index}`,
    domain: `batch-bench-${run}-${index}.example.com`,
    industry: 'SaaS',
    fundingAmount: 1_000_000 + index,
    fundingRound: 'Seed',
    location: 'Austin, TX',
    fundingDate: '2026-11-01',
    description: 'A synthetic lead for the batch benchmark.',
    tags: [],
    contacts: [{ name: 'Pat Example', role: 'CEO', email: `pat${index}@batch-bench.example.com`, linkedIn: '' }],
  }));
}

const LARGE_ROWS = 100_000;
const STAGES = ['Seed', 'Series A', '', 'Pre-Seed', '', 'Series B', 'Growth', ''];
const LABELS = ['', 'Series A-1', 'Convertible Note', '', 'Equity financing (Form D, Rule 506(b))', '', 'Series E', 'Grant'];

/** A Fundraising Fox-format file: a third without a stage, a fifth without an amount, a few bad dates, some Latin-1-free UTF-8. */
function largeImportFile(rows: number): Buffer {
  const lines = ['company_slug,company_name,fundraisingfox_url,domain,announced_on,stage,round_label,amount_usd,amount_is_floor,basis'];
  for (let i = 0; i < rows; i++) {
    const slug = `bench-co-${i}`;
    const day = String(1 + (i % 28)).padStart(2, '0');
    const date = i % 997 === 0 ? '2026-02-30' : `2026-${String(1 + (i % 9)).padStart(2, '0')}-${day}`;
    const amount = i % 5 === 0 ? '' : String(250_000 + (i % 400) * 25_000);
    const name = i % 50 === 0 ? `Caf\u00e9 Bench ${i}, Inc.` : `Bench Co ${i}`;
    const domain = i % 3 === 0 ? '' : `${slug}.example.com`;
    lines.push(`${slug},"${name}",https://fundraisingfox.com/companies/${slug},${domain},${date},${STAGES[i % 8]},"${LABELS[i % 8]}",${amount},${i % 2 === 0 ? 'True' : 'False'},${i % 2 === 0 ? 'sec_filing' : 'press'}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** The server's resident set size in bytes (Linux). */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'fundwire-bench-batch-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawnServer({ PORT: String(port), APP_URL: base, DATA_DIR: dataDir, DEMO_DATA: '0', ADMIN_EMAIL: ADMIN, NODE_ENV: 'development' });
try {
  await waitFor200(`${base}/api/health`);
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: ADMIN, password: 'bench-password-1', name: 'bench' }),
  });
  if (!signUp.ok) throw new Error(`bench sign-up failed: ${signUp.status} ${await signUp.text()}`);
  // The admin link ends the sign-up's session and sets the password again: sign in afresh.
  await verifyFromOutbox(dataDir, ADMIN, 'bench-password-1');
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: ADMIN, password: 'bench-password-1' }),
  });
  if (!signIn.ok) throw new Error(`bench sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
  const timed = async (fn: () => Promise<Response>) => {
    const started = performance.now();
    const response = await fn();
    const body = await response.text();
    if (!response.ok) throw new Error(`${response.status} ${body}`);
    return performance.now() - started;
  };
  const health: number[] = [];
  for (let i = 0; i < 20; i++) health.push(await timed(() => fetch(`${base}/api/health`)));
  const created: number[] = [];
  const updated: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const body = JSON.stringify({ leads: batch(run, 10_000) });
    const post = () => fetch(`${base}/api/leads/batch`, { method: 'POST', headers: { cookie, origin: base, 'content-type': 'application/json' }, body });
    created.push(await timed(post));
    updated.push(await timed(post));
  }
  const csv = readFileSync(path.join(root, 'data/samples/fundraisingfox-rounds-sample.csv'));
  const imports: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    imports.push(await timed(() => fetch(`${base}/api/admin/imports`, { method: 'POST', headers: { cookie, origin: base, 'content-type': 'text/csv' }, body: csv })));
  }
  // A 100,000-row file, once per run into a fresh set of rows: rows/s and the server's peak RSS while it runs.
  const large = largeImportFile(LARGE_ROWS);
  const largeTimes: number[] = [];
  const largePeaks: number[] = [];
  let rssBefore = 0;
  for (let run = 0; run < RUNS; run++) {
    const body = run === 0 ? large : Buffer.from(large.toString().replaceAll('bench-co-', `bench-co-r${run}-`));
    rssBefore = await rssOf(server.pid!);
    let peak = rssBefore;
    const sampler = setInterval(() => {
      void rssOf(server.pid!).then((rss) => (peak = Math.max(peak, rss)), () => undefined);
    }, 50);
    try {
      largeTimes.push(await timed(() => fetch(`${base}/api/admin/imports`, { method: 'POST', headers: { cookie, origin: base, 'content-type': 'text/csv' }, body })));
    } finally {
      clearInterval(sampler);
    }
    largePeaks.push(Math.max(peak, await rssOf(server.pid!)));
  }
  const baseline = median(health);
  const row = (name: string, values: number[], target?: number) => [
    name,
    `${(median(values) / 1000).toFixed(2)} s`,
    `${Math.round(median(values) / baseline)}x`,
    target ? `${median(values) < target ? 'met' : 'MISSED'} (< ${target / 1000} s)` : '-',
  ];
  console.log(`\nAdmin writes on PGlite, ${RUNS} runs each, medians (health round trip ${baseline.toFixed(1)} ms)\n`);
  printTable(
    ['operation', 'median', 'vs health', 'target'],
    [
      row('batch of 10,000 new leads', created, TARGET_MS),
      row('same 10,000 again (updates)', updated, TARGET_MS),
      row('import sample CSV (2,540 rows)', imports),
      row(`import synthetic CSV (${LARGE_ROWS.toLocaleString('en-US')} rows)`, largeTimes),
    ],
  );
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log(
    `\n${LARGE_ROWS.toLocaleString('en-US')}-row import (${mb(large.length)} file): ${Math.round(LARGE_ROWS / (median(largeTimes) / 1000)).toLocaleString('en-US')} rows/s, ` +
      `server peak RSS ${mb(Math.max(...largePeaks))} (${mb(rssBefore)} before the last run)`,
  );
} finally {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
