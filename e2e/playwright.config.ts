// Playwright on Debian's Chromium (its headless shell where installed) against the built app: each worker has its
// own server on a free port, with a temporary DATA_DIR and a fresh PostgreSQL database, beside a real SMTP receiver,
// a local OpenID provider and EDGAR, Fundraising Fox, SEC records and HubSpot stand-ins of its own.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { createDatabase, dropDatabase } from './support/database.js';

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number];

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

function freePort(): string {
  return execFileSync(process.execPath, ['-e', "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"])
    .toString()
    .trim();
}

// One stack per Playwright worker: its own server, PostgreSQL database, DATA_DIR and stand-ins (SMTP receiver,
// OpenID provider, EDGAR, Fundraising Fox, SEC records, HubSpot), so specs on different workers share no state.
// E2E_WORKERS sets how many (default 2, one per core of the 2-core machine; a third made the stage slower).
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const SLOT_PORTS = ['PORT', 'SMTP_PORT', 'MAIL_API_PORT', 'OIDC_PORT', 'EDGAR_PORT', 'FUNDRAISINGFOX_PORT', 'SEC_DATA_PORT', 'HUBSPOT_PORT'] as const;
const SLOT_VARIABLES = [...SLOT_PORTS, 'DATA_DIR', 'DB_NAME', 'DATABASE_URL'] as const;

// Workers load this file again: the environment carries the main process's choices to them.
if (!process.env.E2E_SLOTS) {
  process.env.E2E_SLOTS = String(workers);
  const stamp = Date.now();
  for (let slot = 0; slot < workers; slot++) {
    for (const name of SLOT_PORTS) process.env[`E2E_${name}_${slot}`] = freePort();
    process.env[`E2E_DATA_DIR_${slot}`] = mkdtempSync(path.join(tmpdir(), `fundwire-e2e-${slot}-`));
    process.env[`E2E_DB_NAME_${slot}`] = `fundwire_e2e_${stamp}_${slot}`;
    process.env[`E2E_DATABASE_URL_${slot}`] = createDatabase(process.env[`E2E_DB_NAME_${slot}`]!);
  }
  // Only the main process gets here; it exits after Playwright has stopped the servers.
  const created = Array.from({ length: workers }, (_, slot) => ({ db: process.env[`E2E_DB_NAME_${slot}`]!, dir: process.env[`E2E_DATA_DIR_${slot}`]! }));
  process.on('exit', () => {
    for (const { db, dir } of created) {
      dropDatabase(db);
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

/** The E2E_* variables of one slot, under the names the stack, the fixtures and the specs read. */
function slotEnvironment(slot: number): Record<`E2E_${(typeof SLOT_VARIABLES)[number]}`, string> {
  return Object.fromEntries(SLOT_VARIABLES.map((name) => [`E2E_${name}`, process.env[`E2E_${name}_${slot}`] ?? ''])) as Record<
    `E2E_${(typeof SLOT_VARIABLES)[number]}`,
    string
  >;
}

// A worker's fixtures and specs read E2E_PORT, E2E_DATABASE_URL and the rest: point them at its own slot.
// (TEST_PARALLEL_INDEX is set in worker processes only; the main process keeps slot 0, which it does not use.)
Object.assign(process.env, slotEnvironment(Number(process.env.TEST_PARALLEL_INDEX ?? 0)));

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

// Debian's headless Chromium (package chromium-headless-shell: the same Chromium release, built without the desktop
// browser around it, which is what Playwright itself runs for headless Chromium) when it is installed, otherwise
// Debian's full Chromium; CHROMIUM_PATH picks another. Decision 046 says why.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
if (!process.env.TEST_PARALLEL_INDEX) console.log(`e2e: Chromium at ${chromium}`);
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL,
    // A failure keeps a screenshot and the page's snapshot; recording a trace of every test cost a fifth of the stage's
    // time, so ask for one when you need it (--trace on).
    trace: 'off',
    screenshot: 'only-on-failure',
    acceptDownloads: true,
    // The app honours reduced motion, so its spinners and skeletons stop repainting while a test waits.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: Array.from({ length: workers }, (_, slot) => slotServers(slot)).flat(),
});

/** Slot `slot`'s stand-ins and server, as Playwright starts them. */
function slotServers(slot: number): WebServer[] {
  const env = slotEnvironment(slot);
  const url = `http://127.0.0.1:${env.E2E_PORT}`;
  return [
    {
      command: `node ${JSON.stringify(tsx)} ${JSON.stringify(path.join(here, 'support/stack.ts'))}`,
      url: `http://127.0.0.1:${env.E2E_MAIL_API_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env,
    },
    {
      // The server as production runs it: the build (npm run build) with plain node.
      command: `${JSON.stringify(process.execPath)} --enable-source-maps ${JSON.stringify(path.join(root, 'apps/server/dist/server.js'))}`,
      url: `${url}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: env.E2E_PORT,
        HOST: '127.0.0.1',
        APP_URL: url,
        DATA_DIR: env.E2E_DATA_DIR,
        DATABASE_URL: env.E2E_DATABASE_URL,
        DEMO_DATA: '1',
        NODE_ENV: 'test',
        // The saved-search alert job runs in e2e too, every second, so Send test event reaches the test's webhook.
        SAVED_SEARCH_ALERTS_EVERY_MS: '1000',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: 'admin@e2e.example.com',
        // Every test signs up from 127.0.0.1; the limits themselves are covered by integration tests.
        AUTH_RATE_LIMIT_SCALE: '20',
        SMTP_URL: `smtp://127.0.0.1:${env.E2E_SMTP_PORT}`,
        GOOGLE_CLIENT_ID: 'fundwire-e2e',
        GOOGLE_CLIENT_SECRET: 'e2e-secret',
        GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${env.E2E_OIDC_PORT}/.well-known/openid-configuration`,
        // The SEC Form D feed, on, against the stand-in in support/stack.ts (support/edgar-filings.ts).
        EDGAR_USER_AGENT: 'Fundwire e2e e2e-ops@example.com',
        EDGAR_BASE_URL: `http://127.0.0.1:${env.E2E_EDGAR_PORT}`,
        // SEC's company records (a filer's website, phone and address), against the stand-in in support/stack.ts: never
        // data.sec.gov. No HUNTER_API_KEY: the e2e server makes no provider request.
        EDGAR_DATA_URL: `http://127.0.0.1:${env.E2E_SEC_DATA_PORT}`,
        // The sources' first run at once, not 10 s after start-up: every worker waits for it before its first test.
        SOURCES_FIRST_RUN_SECONDS: '0',
        // The Fundraising Fox dataset, on, against the stand-in in support/stack.ts (support/fundraisingfox-rows.ts).
        FUNDRAISINGFOX_URL: `http://127.0.0.1:${env.E2E_FUNDRAISINGFOX_PORT}/fundraisingfox/data/main/rounds.csv`,
        // HubSpot, connectable, against the stand-in in support/stack.ts; the job worker runs so CRM pushes are sent.
        HUBSPOT_CLIENT_ID: 'hubspot-client-id',
        HUBSPOT_CLIENT_SECRET: 'hubspot-client-secret',
        HUBSPOT_AUTH_URL: `http://127.0.0.1:${env.E2E_HUBSPOT_PORT}/oauth/authorize`,
        HUBSPOT_API_URL: `http://127.0.0.1:${env.E2E_HUBSPOT_PORT}`,
        JOB_WORKER: '1',
      },
    },
  ];
}
