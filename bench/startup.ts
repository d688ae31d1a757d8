// bench/startup: time from spawn to the first 200 from /api/health, and the server's memory then.
// Cold = empty DATA_DIR (migrations + demo seed); warm = the same DATA_DIR again. Each is measured with the server
// run from its TypeScript sources through tsx (how production ran before) and from the build (`npm run build`,
// plain node: how it runs now). Baseline = a bare Node HTTP server started the same way, the floor any Node server
// pays. Last, `npm start` itself on an unchanged tree (its build step finds nothing to do) against the old
// `npm start`, which rebuilt the web app every time (`npm run build -w @fundwire/web` then the server).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, median, printTable, root, spawnServer, stop, waitFor200 } from './lib.js';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const COLD_TARGET_MS = 10_000;
const WARM_TARGET_MS = 3_000;

interface Sample {
  ms: number;
  rssMb: number;
}

/** Resident memory of a process (Linux /proc), in MB. */
function rssOf(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function timeChild(start: (port: number) => ChildProcess): Promise<Sample> {
  const port = await freePort();
  const started = performance.now();
  const child = start(port);
  try {
    await waitFor200(`http://127.0.0.1:${port}/api/health`);
    return { ms: performance.now() - started, rssMb: rssOf(child) };
  } finally {
    await stop(child);
  }
}

const bare = (port: number) =>
  spawn(process.execPath, [
    '-e',
    `require('http').createServer((q,s)=>{s.setHeader('content-type','application/json');s.end('{"status":"ok"}')}).listen(${port},'127.0.0.1')`,
  ]);
const server = (dataDir: string, from: 'source' | 'build') => (port: number) => spawnServer({ PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'development' }, from);
/** `npm start` as a user types it; npm's own process is the one timed, the server is its grandchild. */
const npmStart = (dataDir: string) => (port: number) =>
  spawn('npm', ['start', '--silent'], { cwd: root, env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', PORT: String(port), DATA_DIR: dataDir }, stdio: 'ignore', detached: true });

// Brings the build up to date (and writes the fingerprint npm start compares against).
execFileSync(process.execPath, [path.join(root, 'scripts/build-if-changed.mjs')], { cwd: root, stdio: 'inherit' });

const samples: Record<string, Sample[]> = {};
const add = (name: string, sample: Sample) => (samples[name] ??= []).push(sample);
for (let run = 0; run < runs; run++) {
  add('bare node http (baseline)', await timeChild(bare));
  for (const from of ['source', 'build'] as const) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fundwire-bench-startup-'));
    try {
      add(`cold, from ${from === 'source' ? 'TypeScript (tsx)' : 'the build'}`, await timeChild(server(dataDir, from)));
      add(`warm, from ${from === 'source' ? 'TypeScript (tsx)' : 'the build'}`, await timeChild(server(dataDir, from)));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  process.stderr.write(`run ${run + 1}/${runs} done\n`);
}

// npm start, warm DATA_DIR: now (build skipped) and before (the web app rebuilt, then the server from TypeScript).
const npmRuns = Number(process.env.BENCH_NPM_RUNS ?? 3);
const warmDir = mkdtempSync(path.join(tmpdir(), 'fundwire-bench-startup-'));
try {
  await timeChild(server(warmDir, 'build'));
  for (let run = 0; run < npmRuns; run++) {
    const now = await timeNpmStart(warmDir);
    add('npm start, warm, unchanged tree (now)', now);
    const before = performance.now();
    execFileSync('npm', ['run', 'build', '-w', '@fundwire/web'], { cwd: root, stdio: 'ignore' });
    const buildMs = performance.now() - before;
    const served = await timeChild(server(warmDir, 'source'));
    add('npm start, warm (before: rebuilt every time, then tsx)', { ms: buildMs + served.ms, rssMb: served.rssMb });
  }
} finally {
  rmSync(warmDir, { recursive: true, force: true });
}

async function timeNpmStart(dataDir: string): Promise<Sample> {
  const port = await freePort();
  const started = performance.now();
  const child = npmStart(dataDir)(port);
  try {
    await waitFor200(`http://127.0.0.1:${port}/api/health`);
    return { ms: performance.now() - started, rssMb: Number.NaN };
  } finally {
    // npm start's process group: npm, sh and the server.
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const base = median(samples['bare node http (baseline)']!.map((sample) => sample.ms));
const targets: Record<string, number> = {};
// The targets are for how production starts (from the build, decision 040); the tsx rows are the before.
for (const name of Object.keys(samples)) if (name === 'cold, from the build') targets[name] = COLD_TARGET_MS;
for (const name of Object.keys(samples)) if (name === 'warm, from the build') targets[name] = WARM_TARGET_MS;
const row = (name: string) => {
  const values = samples[name]!.map((sample) => sample.ms);
  const rss = samples[name]!.map((sample) => sample.rssMb).filter((value) => !Number.isNaN(value));
  const m = median(values);
  const target = targets[name];
  return [
    name,
    `${(m / 1000).toFixed(2)} s`,
    `${(Math.min(...values) / 1000).toFixed(2)} s`,
    `${(Math.max(...values) / 1000).toFixed(2)} s`,
    `${(m / base).toFixed(1)}x`,
    rss.length ? `${median(rss).toFixed(0)} MB` : '-',
    target === undefined ? '-' : `${m < target ? 'met' : 'MISSED'} (< ${target / 1000} s)`,
  ];
};
console.log(`\nStartup to first 200 from /api/health (PGlite, 500 demo leads on cold start); ${runs} runs, npm start ${npmRuns}\n`);
printTable(['start', 'median', 'min', 'max', 'vs bare node', 'RSS at first 200', 'target'], Object.keys(samples).map(row));
const failed = Object.entries(targets).some(([name, target]) => median(samples[name]!.map((sample) => sample.ms)) >= target);
process.exitCode = failed ? 1 : 0;
