// Shared bench helpers: free ports, spawning the real server, waiting for health, medians and tables.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const tsxCli = path.join(root, 'node_modules/tsx/dist/cli.mjs');
export const serverEntry = path.join(root, 'apps/server/src/server.ts');
/** The server as production runs it (npm run build, then plain node). */
export const builtServerEntry = path.join(root, 'apps/server/dist/server.js');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function waitFor200(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/** Starts the server from its TypeScript sources through tsx (`from: 'source'`, the default) or from the build. */
export function spawnServer(env: Record<string, string>, from: 'source' | 'build' = 'source'): ChildProcess {
  // BENCH_SERVER_ARGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (written on exit).
  const extra = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const entry = from === 'build' ? ['--enable-source-maps', builtServerEntry] : ['--import', 'tsx', serverEntry];
  return spawn(process.execPath, [...extra, ...entry], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A numeric setting from the environment (`BENCH_RUNS=3`), else its default. */
export function envNumber(name: string, fallback: number): number {
  return Number(process.env[name] ?? fallback);
}

/** The PostgreSQL server the benches use: BENCH_POSTGRES_URL, else the local test database. */
export const BENCH_POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function printTable(headers: string[], rows: (string | number)[][]): void {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of cells.slice(1)) console.log(line(row));
}

/**
 * The admin role waits for a verified address: follows the verification link the server (without
 * SMTP_URL) wrote to DATA_DIR/outbox for `email`. The admin link ends the account's sessions and asks for
 * the password again: it is set back to `password`, and the caller signs in afresh.
 */
export async function verifyFromOutbox(dataDir: string, email: string, password?: string, timeoutMs = 10_000): Promise<void> {
  const dir = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith('.json')) : [];
    for (const file of files) {
      const mail = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { to: string; links: string[] };
      const link = mail.to === email ? mail.links.find((candidate) => candidate.includes('/api/auth/verify-email?token=')) : undefined;
      if (!link) continue;
      const response = await fetch(link, { redirect: 'manual' });
      if (response.status !== 302) throw new Error(`verifying ${email} failed: ${response.status} ${await response.text()}`);
      // The admin address's link ends the account's sessions and asks for the password again (decision 035).
      const landing = new URL(response.headers.get('location') ?? '', link);
      const token = landing.pathname === '/reset-password' ? landing.searchParams.get('token') : null;
      if (token && password !== undefined) {
        const reset = await fetch(new URL('/api/auth/reset-password', link), {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: new URL(link).origin },
          body: JSON.stringify({ token, newPassword: password }),
        });
        if (!reset.ok) throw new Error(`setting the password of ${email} failed: ${reset.status} ${await reset.text()}`);
      }
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification mail to ${email} in ${dir}`);
}
