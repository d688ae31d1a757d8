// The feed by itself: a real server process started with EDGAR_USER_AGENT and EDGAR_BASE_URL (a local
// stand-in) ingests the last EDGAR_BACKFILL_DAYS days with no click, and the admin status shows the counts.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { startEdgarStandIn, type FormDFixture } from '../../test/edgar-stand-in.js';
import { createPostgresDatabase, makeFakeWebDist, makeTempDir } from '../../test/helpers.js';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { secFormD } from './sec-form-d/connector.js';
import { addDays, businessDays, edgarToday } from './days.js';
import { sourceStatus } from './status.js';

const require = createRequire(import.meta.url);
const tsxCli = require.resolve('tsx/cli');
const serverEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'server.ts');
const cleanups: (() => Promise<unknown> | void)[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

it('a server started with EDGAR_USER_AGENT ingests the last 7 days of filings on its own', { timeout: 90_000 }, async () => {
  const edgar = await startEdgarStandIn();
  const server = await createPostgresDatabase();
  cleanups.push(() => edgar.close(), () => server.dispose());
  const today = edgarToday();
  const days = businessDays(addDays(today, -7), today);
  days.forEach((day, index) => {
    const fixture: FormDFixture = { accessionNumber: `0009${String(index).padStart(6, '0')}-26-000001`, cik: `9${index}0000`, entityName: `Process Test ${index} Inc` };
    edgar.addFiling(day, fixture);
  });
  const dirs = [makeTempDir(), makeTempDir(), makeFakeWebDist()];
  cleanups.push(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  // The first run at once rather than after the default 10 s: what is under test is that it starts with no click.
  const env = { EDGAR_USER_AGENT: 'Fundwire tests ops@fundwire.example.com', EDGAR_BASE_URL: edgar.url, SOURCES_FIRST_RUN_SECONDS: '0' };
  const child = spawn(process.execPath, [tsxCli, serverEntry], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', PORT: String(await freePort()), DATA_DIR: dirs[0]!, DATABASE_URL: server.url, DEMO_DATA: '0', WEB_DIST_DIR: dirs[2]!, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let running = true;
  const exited = new Promise((resolve) => child.on('exit', resolve)).finally(() => (running = false));
  cleanups.push(async () => {
    child.kill('SIGTERM');
    await exited;
  });

  // Migrations take an advisory lock, so opening beside the starting server is safe.
  const database: Database = await openDatabase({ databaseUrl: server.url, dataDir: dirs[1]! });
  cleanups.push(() => database.close());
  const config = loadConfig({ ...env, DATA_DIR: dirs[1]! });
  let status = await sourceStatus(database, config, secFormD);
  // The first run starts within a minute of start-up, with no click.
  for (let waited = 0; running && waited < 60_000 && status.lastRun?.status !== 'done'; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    status = await sourceStatus(database, config, secFormD);
  }
  expect(status.lastRun, output).toMatchObject({ status: 'done' });
  expect(status.days.map((day) => [day.day, day.status, day.filingsSeen, day.created])).toEqual([...days].reverse().map((day) => [day, 'done', 1, 1]));
  const leads = await database.rawTransaction((query) => query(`select count(*)::int as n from leads where source = 'sec-form-d'`));
  expect(leads.rows[0]).toEqual({ n: days.length });
  expect(edgar.requests.every((request) => request.userAgent === env.EDGAR_USER_AGENT)).toBe(true);
});
