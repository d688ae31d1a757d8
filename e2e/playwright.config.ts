// Playwright on Debian's Chromium against the built app, started on a free port with a temporary DATA_DIR
// and a fresh PostgreSQL database, beside a real SMTP receiver, a local OpenID provider and EDGAR and HubSpot stand-ins.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { createDatabase, dropDatabase } from './support/database.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

function freePort(): string {
  return execFileSync(process.execPath, ['-e', "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"])
    .toString()
    .trim();
}

// Workers load this file again: the environment carries the main process's choices to them.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = freePort();
  process.env.E2E_SMTP_PORT = freePort();
  process.env.E2E_MAIL_API_PORT = freePort();
  process.env.E2E_OIDC_PORT = freePort();
  process.env.E2E_EDGAR_PORT = freePort();
  process.env.E2E_FUNDRAISINGFOX_PORT = freePort();
  process.env.E2E_SEC_DATA_PORT = freePort();
  process.env.E2E_HUBSPOT_PORT = freePort();
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), 'fundwire-e2e-'));
  process.env.E2E_DB_NAME = `fundwire_e2e_${Date.now()}`;
  process.env.E2E_DATABASE_URL = createDatabase(process.env.E2E_DB_NAME);
  // Only the main process gets here; it exits after Playwright has stopped the servers.
  const dbName = process.env.E2E_DB_NAME;
  const dataDir = process.env.E2E_DATA_DIR;
  process.on('exit', () => {
    dropDatabase(dbName);
    rmSync(dataDir, { recursive: true, force: true });
  });
}

const port = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${port}`;
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    acceptDownloads: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: [
    {
      command: `node ${JSON.stringify(tsx)} ${JSON.stringify(path.join(here, 'support/stack.ts'))}`,
      url: `http://127.0.0.1:${process.env.E2E_MAIL_API_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The server as production runs it: the build (npm run build) with plain node.
      command: `${JSON.stringify(process.execPath)} --enable-source-maps ${JSON.stringify(path.join(root, 'apps/server/dist/server.js'))}`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: baseURL,
        DATA_DIR: process.env.E2E_DATA_DIR ?? '',
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
        DEMO_DATA: '1',
        NODE_ENV: 'test',
        // The saved-search alert job runs in e2e too, every second, so Send test event reaches the test's webhook.
        SAVED_SEARCH_ALERTS_EVERY_MS: '1000',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: 'admin@e2e.example.com',
        // Every test signs up from 127.0.0.1; the limits themselves are covered by integration tests.
        AUTH_RATE_LIMIT_SCALE: '20',
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
        GOOGLE_CLIENT_ID: 'fundwire-e2e',
        GOOGLE_CLIENT_SECRET: 'e2e-secret',
        GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${process.env.E2E_OIDC_PORT}/.well-known/openid-configuration`,
        // The SEC Form D feed, on, against the stand-in in support/stack.ts (support/edgar-filings.ts).
        EDGAR_USER_AGENT: 'Fundwire e2e e2e-ops@example.com',
        EDGAR_BASE_URL: `http://127.0.0.1:${process.env.E2E_EDGAR_PORT}`,
        // SEC's company records (a filer's website, phone and address), against the stand-in in support/stack.ts: never
        // data.sec.gov. No HUNTER_API_KEY: the e2e server makes no provider request.
        EDGAR_DATA_URL: `http://127.0.0.1:${process.env.E2E_SEC_DATA_PORT}`,
        // The Fundraising Fox dataset, on, against the stand-in in support/stack.ts (support/fundraisingfox-rows.ts).
        FUNDRAISINGFOX_URL: `http://127.0.0.1:${process.env.E2E_FUNDRAISINGFOX_PORT}/fundraisingfox/data/main/rounds.csv`,
        // HubSpot, connectable, against the stand-in in support/stack.ts; the job worker runs so CRM pushes are sent.
        HUBSPOT_CLIENT_ID: 'hubspot-client-id',
        HUBSPOT_CLIENT_SECRET: 'hubspot-client-secret',
        HUBSPOT_AUTH_URL: `http://127.0.0.1:${process.env.E2E_HUBSPOT_PORT}/oauth/authorize`,
        HUBSPOT_API_URL: `http://127.0.0.1:${process.env.E2E_HUBSPOT_PORT}`,
        JOB_WORKER: '1',
      },
    },
  ],
});
