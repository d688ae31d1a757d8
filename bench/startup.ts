// bench/startup: time from spawn to the first 200 from /api/health.
// Cold = empty DATA_DIR (migrations + demo seed); warm = the same DATA_DIR again.
// Baseline = a bare Node HTTP server started the same way, the floor any Node server pays.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, median, printTable, spawnServer, stop, waitFor200 } from './lib.js';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const COLD_TARGET_MS = 10_000;
const WARM_TARGET_MS = 3_000;

async function timeBaseline(): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [
    '-e',
    `require('http').createServer((q,s)=>{s.setHeader('content-type','application/json');s.end('{"status":"ok"}')}).listen(${port},'127.0.0.1')`,
  ]);
  await waitFor200(`http://127.0.0.1:${port}/api/health`);
  const elapsed = performance.now() - started;
  await stop(child);
  return elapsed;
}

async function timeServer(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawnServer({ PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'development' });
  try {
    await waitFor200(`http://127.0.0.1:${port}/api/health`);
    return performance.now() - started;
  } finally {
    await stop(child);
  }
}

const baseline: number[] = [];
const cold: number[] = [];
const warm: number[] = [];
for (let run = 0; run < runs; run++) {
  baseline.push(await timeBaseline());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fundwire-bench-startup-'));
  try {
    cold.push(await timeServer(dataDir));
    warm.push(await timeServer(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.stderr.write(`run ${run + 1}/${runs} done\n`);
}

const base = median(baseline);
const row = (name: string, values: number[], target?: number) => {
  const m = median(values);
  return [
    name,
    `${(m / 1000).toFixed(2)} s`,
    `${(Math.min(...values) / 1000).toFixed(2)} s`,
    `${(Math.max(...values) / 1000).toFixed(2)} s`,
    `${(m / base).toFixed(1)}x`,
    target === undefined ? '-' : `${m < target ? 'met' : 'MISSED'} (< ${target / 1000} s)`,
  ];
};
console.log(`\nStartup to first 200 from /api/health, ${runs} runs each (PGlite, 500 demo leads on cold start)\n`);
printTable(
  ['start', 'median', 'min', 'max', 'vs bare node', 'target'],
  [row('bare node http (baseline)', baseline), row('cold (empty DATA_DIR)', cold, COLD_TARGET_MS), row('warm (existing DATA_DIR)', warm, WARM_TARGET_MS)],
);
const failed = median(cold) >= COLD_TARGET_MS || median(warm) >= WARM_TARGET_MS;
process.exitCode = failed ? 1 : 0;
