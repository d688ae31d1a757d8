// bench/batch: admin writes on PGlite. A 10,000-lead JSON batch (created, then the same batch again as
// updates) and the Fundraising Fox sample CSV import, each timed end to end over HTTP. Target: a
// 10,000-lead batch in under 10 s. Baseline: the same server's GET /api/health round trip.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
  const cookie = signUp.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
  await verifyFromOutbox(dataDir, ADMIN);
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
    ],
  );
} finally {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
