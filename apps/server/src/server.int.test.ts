// The real process entry: config failures, listening, and graceful shutdown.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { copyOfPostgresTemplate, makeFakeWebDist, makeTempDir, testDatabaseKind } from '../test/helpers.js';

const require = createRequire(import.meta.url);
const tsxCli = require.resolve('tsx/cli');
const serverEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [tsxCli, serverEntry], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('server process', () => {
  const dirs: string[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    for (const cleanup of cleanups) await cleanup();
  });

  it('exits non-zero and names PORT when PORT=abc', async () => {
    const server = startServer({ PORT: 'abc', DATA_DIR: makeTempDir() });
    expect(await server.exited).not.toBe(0);
    expect(server.output()).toContain('PORT');
    expect(server.output()).toContain('"abc"');
  });

  it('refuses NODE_ENV=production without Stripe and SMTP: exit 1, one line naming each missing variable', async () => {
    const dataDir = makeTempDir();
    dirs.push(dataDir);
    const server = startServer({ NODE_ENV: 'production', PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    const lines = server.output().split('\n');
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_ANNUAL', 'SMTP_URL', 'ENCRYPTION_KEY']) {
      expect(lines.filter((line) => line.includes(`${name}:`)), name).toHaveLength(1);
    }
    expect(server.output()).not.toContain('ready at');
  });

  it('serves health, then shuts down cleanly on SIGTERM', async () => {
    const dataDir = makeTempDir();
    const webDist = makeFakeWebDist();
    dirs.push(dataDir, webDist);
    const port = await freePort();
    // On the PGlite run the process starts cold, as a first `npm start` does: a new data directory, every migration.
    // On the PostgreSQL run it opens a copy of the run's migrated template, as every test database there is.
    const postgres = testDatabaseKind === 'postgres' ? await copyOfPostgresTemplate() : undefined;
    if (postgres) cleanups.push(() => postgres.dispose());
    const server = startServer({ PORT: String(port), DATA_DIR: dataDir, WEB_DIST_DIR: webDist, DEMO_DATA: '0', ...(postgres ? { DATABASE_URL: postgres.url } : {}) });
    // A cold start on PGlite takes 5-15 s; a loaded 2-core machine, more.
    const deadline = Date.now() + 60_000;
    let status = 0;
    while (Date.now() < deadline) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        status = response.status;
        if (status === 200) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
  }, 75_000);
});
