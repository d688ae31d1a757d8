import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARIABLES, envDefault, envParse, loadConfig } from './config.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('./.data'));
    expect(config.adminEmail).toBe('admin@fundwire.local');
    expect(config.alertTimeZone).toBe('America/New_York');
    expect(config.demoData).toBe(true);
    expect(config.oauth.google).toBeUndefined();
  });

  it('derives APP_URL from PORT and trims a trailing slash from an explicit one', () => {
    expect(loadConfig({ PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ APP_URL: 'https://fundwire.example.com/' }).appUrl).toBe('https://fundwire.example.com');
  });

  it('turns demo data off by default on PostgreSQL, and lets DEMO_DATA decide', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/x' }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/x', DEMO_DATA: '1' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: '0' }).demoData).toBe(false);
  });

  it('leaves the job worker to NODE_ENV unless JOB_WORKER says (the e2e server runs it under NODE_ENV=test)', () => {
    expect(loadConfig({}).jobWorker).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', JOB_WORKER: '1' }).jobWorker).toBe(true);
    expect(loadConfig({ JOB_WORKER: '0' }).jobWorker).toBe(false);
    expect(problemsOf({ JOB_WORKER: 'sometimes' })[0]).toMatch(/^JOB_WORKER: /);
  });

  it('rejects a non-numeric PORT, naming the variable and the value', () => {
    const problems = problemsOf({ PORT: 'abc' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PORT: .*"abc"/);
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({
      PORT: '70000',
      APP_URL: 'not a url',
      DATABASE_URL: 'mysql://x',
      ADMIN_EMAIL: 'nobody',
      ALERT_TIMEZONE: 'Mars/Olympus',
      DEMO_DATA: 'maybe',
      SMTP_URL: 'http://mail',
    });
    const names = problems.map((problem) => problem.split(':')[0]);
    expect(names.sort()).toEqual(['ADMIN_EMAIL', 'ALERT_TIMEZONE', 'APP_URL', 'DATABASE_URL', 'DEMO_DATA', 'PORT', 'SMTP_URL']);
  });

  it('requires OAuth client ids and secrets in pairs', () => {
    expect(problemsOf({ GITHUB_CLIENT_ID: 'id' })[0]).toMatch(/^GITHUB_CLIENT_SECRET:/);
    expect(loadConfig({ GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 's' }).oauth.github).toEqual({ clientId: 'id', clientSecret: 's' });
  });

  it('refuses production without Stripe and SMTP, naming each missing variable once', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'STRIPE_SECRET_KEY: must be set when NODE_ENV=production',
      'STRIPE_WEBHOOK_SECRET: must be set when NODE_ENV=production',
      'STRIPE_PUBLISHABLE_KEY: must be set when NODE_ENV=production',
      'STRIPE_PRICE_MONTHLY: must be set when NODE_ENV=production',
      'STRIPE_PRICE_ANNUAL: must be set when NODE_ENV=production',
      'SMTP_URL: must be set when NODE_ENV=production',
      'ENCRYPTION_KEY: must be set when NODE_ENV=production',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x', SMTP_URL: 'smtp://mail:587' }).map((problem) => problem.split(':')[0])).toEqual([
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_PRICE_MONTHLY',
      'STRIPE_PRICE_ANNUAL',
      'ENCRYPTION_KEY',
    ]);
    const complete = {
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      STRIPE_PRICE_MONTHLY: 'price_m',
      STRIPE_PRICE_ANNUAL: 'price_a',
      SMTP_URL: 'smtp://mail:587',
      ENCRYPTION_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    };
    expect(loadConfig(complete).env).toBe('production');
    // Development and test keep the built-in test checkout and the local outbox.
    expect(problemsOf({ NODE_ENV: 'development' })).toEqual([]);
  });

  it('leaves the SEC Form D feed off without EDGAR_USER_AGENT, with SEC defaults', () => {
    expect(loadConfig({}).edgar).toEqual({ userAgent: undefined, baseUrl: 'https://www.sec.gov', backfillDays: 7, pollMinutes: 15, dataUrl: 'https://data.sec.gov' });
    const on = loadConfig({
      EDGAR_USER_AGENT: ' Fundwire ops@example.com ',
      EDGAR_BASE_URL: 'http://127.0.0.1:9999/',
      EDGAR_DATA_URL: 'http://127.0.0.1:9998/',
      EDGAR_BACKFILL_DAYS: '3',
      EDGAR_POLL_MINUTES: '5',
    });
    expect(on.edgar).toEqual({ userAgent: 'Fundwire ops@example.com', baseUrl: 'http://127.0.0.1:9999', backfillDays: 3, pollMinutes: 5, dataUrl: 'http://127.0.0.1:9998' });
  });

  it('leaves the enrichment provider off without HUNTER_API_KEY, with a 500-request daily limit', () => {
    expect(loadConfig({}).enrichment).toEqual({ hunterApiKey: undefined, hunterApiUrl: 'https://api.hunter.io', dailyLimit: 500 });
    const on = loadConfig({ HUNTER_API_KEY: ' key-1 ', HUNTER_API_URL: 'http://127.0.0.1:9997/', ENRICHMENT_DAILY_LIMIT: '20' });
    expect(on.enrichment).toEqual({ hunterApiKey: 'key-1', hunterApiUrl: 'http://127.0.0.1:9997', dailyLimit: 20 });
    expect(problemsOf({ HUNTER_API_URL: 'hunter.io', ENRICHMENT_DAILY_LIMIT: '-1' }).map((problem) => problem.split(':')[0])).toEqual(['HUNTER_API_URL', 'ENRICHMENT_DAILY_LIMIT']);
  });

  it('rejects an EDGAR_USER_AGENT without a contact email and bad EDGAR numbers and URLs, naming each', () => {
    const names = problemsOf({ EDGAR_USER_AGENT: 'Fundwire', EDGAR_BASE_URL: 'sec.gov', EDGAR_BACKFILL_DAYS: '-1', EDGAR_POLL_MINUTES: '0' }).map((problem) => problem.split(':')[0]);
    expect(names).toEqual(['EDGAR_USER_AGENT', 'EDGAR_BASE_URL', 'EDGAR_BACKFILL_DAYS', 'EDGAR_POLL_MINUTES']);
    expect(problemsOf({ EDGAR_POLL_MINUTES: '1.5' })[0]).toMatch(/^EDGAR_POLL_MINUTES: must be a whole number/);
  });

  it('starts the sources 10 s after start-up unless SOURCES_FIRST_RUN_SECONDS says otherwise (0 to 3600)', () => {
    expect(loadConfig({}).sourcesFirstRunMs).toBe(10_000);
    expect(loadConfig({ SOURCES_FIRST_RUN_SECONDS: '0' }).sourcesFirstRunMs).toBe(0);
    expect(problemsOf({ SOURCES_FIRST_RUN_SECONDS: '-1' })[0]).toMatch(/^SOURCES_FIRST_RUN_SECONDS: /);
    expect(problemsOf({ SOURCES_FIRST_RUN_SECONDS: '3601' })[0]).toMatch(/^SOURCES_FIRST_RUN_SECONDS: /);
  });
});

describe('.env.example', () => {
  // Lines such as "# PORT=3000" or "PORT=3000": the variable and the default written for it.
  const file = readFileSync(fileURLToPath(new URL('../../../.env.example', import.meta.url)), 'utf8');
  const written = new Map<string, string>();
  for (const line of file.split('\n')) {
    const match = /^#? ?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) written.set(match[1]!, match[2]!);
  }

  it('lists every variable config.ts reads, and no other', () => {
    expect([...written.keys()].sort()).toEqual([...ENV_VARIABLES].sort());
  });

  it('writes each variable with the default config.ts applies (empty: unset)', () => {
    const wrong: string[] = [];
    for (const [name, value] of written) {
      const documented = value === '' ? undefined : envParse(name, value);
      if (JSON.stringify(documented) !== JSON.stringify(envDefault(name))) wrong.push(`${name}=${value}`);
    }
    expect(wrong).toEqual([]);
  });
});
