// The e2e server runs on a fresh PostgreSQL database, so fixtures can shape data that only billing
// could otherwise create (an active subscription). Created when the config loads, dropped at teardown.
import { execFileSync } from 'node:child_process';

export const ADMIN_DATABASE_URL = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function runSql(url: string, statement: string): void {
  execFileSync(process.execPath, ['-e', `const {Client}=require('pg');(async()=>{const c=new Client({connectionString:process.argv[1]});await c.connect();await c.query(process.argv[2]);await c.end()})().catch(e=>{console.error(e.message);process.exit(1)})`, url, statement], {
    stdio: 'inherit',
  });
}

export function createDatabase(name: string): string {
  runSql(ADMIN_DATABASE_URL, `create database ${name}`);
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export function dropDatabase(name: string): void {
  runSql(ADMIN_DATABASE_URL, `drop database if exists ${name} with (force)`);
}
