// Runs a command with TEST_DATABASE_URL pointing at the local PostgreSQL (or the one already set),
// after checking that the server answers, so a missing database fails loudly instead of silently.
import { spawn } from 'node:child_process';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  await client.query('select 1');
} catch (error) {
  console.error(`PostgreSQL integration run: cannot reach ${url.replace(/:[^:@/]*@/, ':***@')}: ${error.message}`);
  console.error('Start PostgreSQL (see README, "Running against PostgreSQL") or set TEST_DATABASE_URL.');
  process.exit(1);
} finally {
  await client.end().catch(() => undefined);
}

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: 'inherit', shell: false, env: { ...process.env, TEST_DATABASE_URL: url } });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
