// Test helpers: a fresh database per app (in-memory PGlite, or a new PostgreSQL database when
// TEST_DATABASE_URL is set), a config that touches nothing outside a temporary folder, and log capture.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, loggerOptions, type BuildAppOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { subscriptions } from '../src/db/schema/index.js';
import type { MailMessage } from '../src/mail/transport.js';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const testDatabaseKind = TEST_DATABASE_URL ? 'postgres' : 'pglite';

// Every temporary folder a test file makes is removed after the file (test/setup.ts), whoever made it and whether or
// not the test closed what used it.
const tempDirs = new Set<string>();

export function removeTempDirs(): void {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

export function makeTempDir(prefix = 'fundwire-test-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/** A web dist folder with a recognisable index.html, so static serving can be tested without a build. */
export function makeFakeWebDist(): string {
  const dir = makeTempDir('fundwire-web-');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Fundwire test shell</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("app")');
  return dir;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: makeTempDir(),
    LOG_LEVEL: 'silent',
    DEMO_DATA: '0',
    WEB_DIST_DIR: makeFakeWebDist(),
    // Nothing listens on port 9: a test that forgets its CRM stand-in fails instead of reaching HubSpot or Pipedrive.
    HUBSPOT_API_URL: 'http://127.0.0.1:9',
    PIPEDRIVE_API_URL: 'http://127.0.0.1:9',
    ...overrides,
  });
}

export interface TestDatabase {
  database: Database;
  url: string | undefined;
  /** Closes and drops everything the test database owns. */
  dispose(): Promise<void>;
}

let pgliteTemplate: Blob | undefined;

/** The migrated PGlite data directory global-setup.ts dumped for this run, read once per test file. */
function migratedPgliteDump(): Blob {
  pgliteTemplate ??= new Blob([readFileSync(inject('pgliteTemplateFile'))]);
  return pgliteTemplate;
}

/**
 * A brand-new, migrated database: in-memory PGlite, or a new PostgreSQL database dropped afterwards. Both start as
 * a copy of the run's migrated template (global-setup.ts); opening them still runs the migrator, which finds
 * nothing left to apply. Under TEST_DB_TEMPLATE=off there is no template and opening applies every migration.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const useTemplate = inject('useTemplate');
  if (!TEST_DATABASE_URL) {
    const database = await openDatabase({ dataDir: 'memory://', pgliteDataDump: useTemplate ? migratedPgliteDump() : undefined });
    return { database, url: undefined, dispose: () => database.close() };
  }
  const server = await copyOfPostgresTemplate();
  const database = await openDatabase({ databaseUrl: server.url, dataDir: makeTempDir() });
  return {
    database,
    url: server.url,
    dispose: async () => {
      await database.close();
      await server.dispose();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Every log line the app wrote, parsed. */
  logs: Record<string, unknown>[];
  /** Every mail the app handed to its mailer (SMTP or outbox alike), oldest first. */
  mails: MailMessage[];
  close(): Promise<void>;
}

export async function buildTestApp(overrides: Record<string, string> = {}, options: Pick<BuildAppOptions, 'authRateLimits' | 'runJobs' | 'now'> = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  const testDatabase = await createTestDatabase();
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  const base = loggerOptions({ ...config, logLevel: 'trace' });
  const app = await buildApp(config, {
    database: testDatabase.database,
    logger: typeof base === 'object' && base ? { ...base, stream } : base,
    ...options,
  });
  await app.ready();
  const mails: MailMessage[] = [];
  const send = app.mailer.send.bind(app.mailer);
  app.mailer.send = async (message) => {
    mails.push(message);
    await send(message);
  };
  return {
    app,
    database: testDatabase.database,
    config,
    logs,
    mails,
    close: async () => {
      await app.close();
      await testDatabase.dispose();
      rmSync(config.dataDir, { recursive: true, force: true });
      rmSync(config.webDistDir, { recursive: true, force: true });
    },
  };
}

/** Cookie header value from a response's set-cookie headers. */
export function cookiesFrom(setCookie: string | string[] | undefined): string {
  const list = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  return list.map((cookie) => cookie.split(';')[0]).join('; ');
}

export interface SignedIn {
  userId: string;
  email: string;
  password: string;
  cookie: string;
  token: string;
}

/** Signs up a fresh account through the real auth endpoint. */
export async function signUp(app: FastifyInstance, email: string, password = 'correct horse battery'): Promise<SignedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: app.config.appUrl },
    payload: { email, password, name: email.split('@')[0] },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { user: { id: string } };
  return {
    userId: body.user.id,
    email,
    password,
    cookie: cookiesFrom(response.headers['set-cookie']),
    token: String(response.headers['set-auth-token']),
  };
}

/** The newest email-verification link mailed to `email`, waiting up to a few seconds for it. */
export async function verificationLinkFor(t: TestApp, email: string): Promise<URL> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mail = t.mails.findLast((candidate) => candidate.to.toLowerCase() === email.toLowerCase() && candidate.text.includes('/api/auth/verify-email?token='));
    const link = mail?.text.match(/https?:\/\/\S+\/api\/auth\/verify-email\?token=\S+/)?.[0];
    if (link) return new URL(link);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no verification mail to ${email}`);
}

/** The password the admin account is given when its verification link is followed (see followVerificationLink). */
export const ADMIN_TEST_PASSWORD = 'correct horse battery';

/**
 * Follows the verification link mailed to `email`, as a click in the mail would (no cookie needed). The admin
 * address's link ends the account's sessions and lands on the set-a-new-password form (plugins/admin-ownership.ts):
 * this sets `newPassword` there, as the link's holder would. Returns where the link led.
 */
export async function followVerificationLink(t: TestApp, email: string, newPassword = ADMIN_TEST_PASSWORD): Promise<string> {
  const link = await verificationLinkFor(t, email);
  const response = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
  const location = String(response.headers.location);
  if (response.statusCode !== 302 || location.includes('error=')) {
    throw new Error(`verification failed: ${response.statusCode} ${location} ${response.body}`);
  }
  const token = location.startsWith('/reset-password?') ? new URL(location, t.config.appUrl).searchParams.get('token') : null;
  if (token) {
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: { origin: t.config.appUrl }, payload: { token, newPassword } });
    if (reset.statusCode !== 200) throw new Error(`setting the admin password failed: ${reset.statusCode} ${reset.body}`);
  }
  return location;
}

/** Signs in with email and password; the session as a cookie header value. */
export async function signInWithPassword(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: app.config.appUrl }, payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return cookiesFrom(response.headers['set-cookie']);
}

export type Role = 'visitor' | 'user' | 'subscriber' | 'admin';

/** Headers that make a request as the given role: a fresh account for each, subscribed where needed. */
export async function signInAs(t: TestApp, role: Role): Promise<Record<string, string>> {
  if (role === 'visitor') return {};
  const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const email = role === 'admin' ? t.config.adminEmail : `${role}-${unique}@example.com`;
  const account = await signUp(t.app, email);
  // The admin address is an ordinary account until its verification link is followed; following it ends the
  // sign-up's session and sets the password again, so the admin signs in afresh.
  if (role === 'admin') {
    await followVerificationLink(t, email, account.password);
    account.cookie = await signInWithPassword(t.app, email, account.password);
  }
  if (role === 'subscriber') {
    await t.database.db.insert(subscriptions).values({ userId: account.userId, status: 'active', priceId: 'price_test_monthly' });
  }
  // Browsers send Origin with every POST/PUT/DELETE; the CSRF check (plugins/csrf.ts) requires it.
  return { cookie: account.cookie, origin: t.config.appUrl };
}

/**
 * A new PostgreSQL database even on the PGlite run: tests of several server processes or instances
 * need a database server they can all reach. Empty unless `template` names a database to copy. Dropped by dispose().
 */
export async function createPostgresDatabase(options: { template?: string | undefined } = {}): Promise<{ url: string; dispose(): Promise<void> }> {
  const base = TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `fundwire_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(options.template ? `create database ${name} template ${options.template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dispose: async () => {
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** A new PostgreSQL database copied from the run's migrated template (migrated from scratch under TEST_DB_TEMPLATE=off). */
export function copyOfPostgresTemplate(): Promise<{ url: string; dispose(): Promise<void> }> {
  return createPostgresDatabase({ template: (inject('useTemplate') && inject('postgresTemplate')) || undefined });
}

/** An app on an existing database URL (a second instance of the same installation). */
export async function buildAppOn(databaseUrl: string, overrides: Record<string, string> = {}): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const config = testConfig({ ...overrides, DATABASE_URL: databaseUrl });
  const database = await openDatabase({ databaseUrl, dataDir: config.dataDir });
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
      rmSync(config.webDistDir, { recursive: true, force: true });
    },
  };
}
