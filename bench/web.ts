// bench/web: Lighthouse (performance and accessibility, median of 3 runs) on /, /pricing and /free-leads,
// with the mobile preset (Lighthouse's default: Moto G Power, slow 4G, 4x CPU slowdown) and the desktop
// preset, against the production build on PGlite with demo data; and each page's initial JavaScript,
// gzipped, against the landing page's 100 KB budget. Runs Debian's Chromium, headless, offline.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { INITIAL_JS_BUDGET_BYTES, measureInitialJs } from '../apps/web/scripts/initial-js.js';
import { freePort, median, printTable, root, spawnServer, stop, waitFor200 } from './lib.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PAGES = ['/', '/pricing', '/free-leads'];
const PRESETS = (process.env.BENCH_PRESETS ?? 'mobile,desktop').split(',') as ('mobile' | 'desktop')[];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGETS = { performance: 95, accessibility: 100 };
const distDir = path.join(root, 'apps/web/dist');

interface Run {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** One Lighthouse run; a run whose trace recording failed (Lighthouse's NO_NAVSTART and friends) is retried. */
async function audit(url: string, port: number, preset: 'mobile' | 'desktop', attempt = 1): Promise<Run> {
  try {
    return await auditOnce(url, port, preset);
  } catch (error) {
    if (attempt >= 3) throw error;
    process.stderr.write(`retrying ${preset} ${url}: ${(error as Error).message}\n`);
    return audit(url, port, preset, attempt + 1);
  }
}

async function auditOnce(url: string, port: number, preset: 'mobile' | 'desktop'): Promise<Run> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] };
  const config: Config | undefined = preset === 'desktop' ? (desktopConfig as Config) : undefined;
  const result = await lighthouse(url, flags, config);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
  };
}

if (process.env.BENCH_SKIP_BUILD !== '1') {
  process.stderr.write('building the web app...\n');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'fundwire-bench-web-'));
const port = await freePort();
const server = spawnServer({ PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'development', DEMO_DATA: '1', APP_URL: `http://127.0.0.1:${port}` });
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const rows: (string | number)[][] = [];
try {
  await waitFor200(`http://127.0.0.1:${port}/api/health`);
  await fetch(`http://127.0.0.1:${port}/api/free-leads`); // warm the lead cache, as a running server has it
  for (const preset of PRESETS) {
    for (const page of PAGES) {
      const url = `http://127.0.0.1:${port}${page}`;
      await audit(url, chrome.port, preset); // one unrecorded run warms the server and Chromium's disk cache
      const runs: Run[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await audit(url, chrome.port, preset);
        process.stderr.write(`${preset} ${page}: performance ${result.performance}, accessibility ${result.accessibility}, LCP ${Math.round(result.lcpMs)} ms, TBT ${Math.round(result.tbtMs)} ms, CLS ${result.cls.toFixed(3)}\n`);
        runs.push(result);
      }
      const m = (pick: (run: Run) => number) => median(runs.map(pick));
      rows.push([
        page,
        preset,
        `${m((run) => run.performance)} (${Math.min(...runs.map((run) => run.performance))}-${Math.max(...runs.map((run) => run.performance))})`,
        m((run) => run.accessibility),
        `${(m((run) => run.lcpMs) / 1000).toFixed(2)} s`,
        `${Math.round(m((run) => run.tbtMs))} ms`,
        m((run) => run.cls).toFixed(3),
      ]);
      process.stderr.write(`${preset} ${page} done\n`);
    }
  }
} finally {
  await chrome.kill();
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nLighthouse ${RUNS} runs each, medians (performance range in brackets); targets: performance >= ${TARGETS.performance}, accessibility ${TARGETS.accessibility}\n`);
printTable(['page', 'preset', 'performance', 'accessibility', 'LCP', 'TBT', 'CLS'], rows);

const jsRows = PAGES.map((page) => {
  const html = page === '/' ? 'index.html' : `${page.slice(1)}/index.html`;
  // All three load an islands entry (apps/web/src/islands/); the whole app comes later, and only for someone signed in.
  const js = measureInitialJs(distDir, html);
  const kb = js.gzipBytes / 1024;
  return [page, js.files.length, `${(js.bytes / 1024).toFixed(1)} KB`, `${kb.toFixed(1)} KB`, page === '/' ? `${INITIAL_JS_BUDGET_BYTES / 1024} KB ${kb <= INITIAL_JS_BUDGET_BYTES / 1024 ? 'ok' : 'OVER'}` : '-'];
});
console.log('\nInitial JavaScript (the islands entry + modulepreloads, with their static imports)\n');
printTable(['page', 'files', 'minified', 'gzipped', 'budget'], jsRows);
