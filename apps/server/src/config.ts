// The only reader of process.env: parses the runtime contract once and fails fast on bad values.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isTimeZone } from '@fundwire/shared';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The built web app, relative to this file, so the server finds it from any working directory. */
export const DEFAULT_WEB_DIST_DIR = path.resolve(here, '../../web/dist');

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'], { message: 'must be 1 or 0 (or true/false)' })
  .optional()
  .transform((value) => (value === undefined ? undefined : ['1', 'true', 'yes'].includes(value)));

const wholeNumber = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .refine((value) => value === undefined || (/^\d+$/.test(value.trim()) && Number(value) >= min && Number(value) <= max), `must be a whole number from ${min} to ${max}`)
    .transform((value) => (value === undefined ? fallback : Number(value.trim())));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { message: 'must be development, production or test' }).default('development'),
  PORT: z
    .string()
    .optional()
    .refine((value) => value === undefined || /^\d+$/.test(value.trim()), 'must be a whole number between 1 and 65535')
    .transform((value) => (value === undefined ? 3000 : Number(value.trim())))
    .refine((value) => value >= 1 && value <= 65535, 'must be a whole number between 1 and 65535'),
  HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
  APP_URL: optionalString.refine(
    (value) => value === undefined || /^https?:\/\/[^/\s]+/.test(value),
    'must be an absolute http(s) URL such as https://fundwire.example.com',
  ),
  DATABASE_URL: optionalString.refine(
    (value) => value === undefined || /^postgres(ql)?:\/\//.test(value),
    'must be a postgres:// or postgresql:// connection URL',
  ),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./.data'),
  ADMIN_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'must be an email address' }))
    .default('admin@fundwire.local'),
  SMTP_URL: optionalString.refine((value) => value === undefined || /^smtps?:\/\//.test(value), 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().trim().min(1).default('Fundwire <no-reply@fundwire.local>'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_PRICE_MONTHLY: optionalString,
  STRIPE_PRICE_ANNUAL: optionalString,
  /** Where the Stripe SDK sends API calls; only for a local stand-in in tests. */
  STRIPE_API_URL: optionalString.refine((value) => value === undefined || /^https?:\/\/[^/]+\/?$/.test(value), 'must be a base URL such as http://127.0.0.1:12111'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  TWITTER_CLIENT_ID: optionalString,
  TWITTER_CLIENT_SECRET: optionalString,
  GOOGLE_DISCOVERY_URL: z
    .string()
    .trim()
    .default('https://accounts.google.com/.well-known/openid-configuration')
    .refine((value) => /^https?:\/\/\S+$/.test(value), 'must be an http(s) URL of an OpenID discovery document'),
  ALERT_TIMEZONE: z.string().trim().default('America/New_York').refine(isTimeZone, 'must be an IANA time zone such as America/New_York'),
  DEMO_DATA: booleanFlag,
  AUTH_RATE_LIMIT_SCALE: z
    .string()
    .optional()
    .refine((value) => value === undefined || (/^\d+(\.\d+)?$/.test(value) && Number(value) >= 1), 'must be a number of at least 1')
    .transform((value) => (value === undefined ? 1 : Number(value))),
  /** Run the saved-search alert job this often (ms) even when NODE_ENV=test: the e2e server sets it so Send test event delivers. */
  SAVED_SEARCH_ALERTS_EVERY_MS: z.coerce.number({ message: 'must be a number of milliseconds' }).int().min(100).max(3_600_000).optional(),
  /** Run the job queue's worker in this process; unset: on, except with NODE_ENV=test (the e2e server sets 1 for CRM pushes). */
  JOB_WORKER: booleanFlag,
  /** off: every lead read goes to the database (bench/leads' uncached table). */
  LEAD_CACHES: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { message: 'must be a pino level such as info' }).default('info'),
  WEB_DIST_DIR: optionalString,
  /** Declared to SEC on every request ('Fundwire ops@yourcompany.com'); set, it turns the Form D feed on. */
  EDGAR_USER_AGENT: optionalString.refine(
    (value) => value === undefined || /^[^\r\n]*\S+@\S+\.[^\r\n]+$/.test(value),
    'must name the company and a contact email, such as "Fundwire ops@yourcompany.com"',
  ),
  EDGAR_BASE_URL: z
    .string()
    .trim()
    .default('https://www.sec.gov')
    .refine((value) => /^https?:\/\/[^/\s]+\/?$/.test(value), 'must be a base URL such as https://www.sec.gov'),
  /** SEC's company records (submissions/CIK##########.json) live on their own host. */
  EDGAR_DATA_URL: z
    .string()
    .trim()
    .default('https://data.sec.gov')
    .refine((value) => /^https?:\/\/[^/\s]+\/?$/.test(value), 'must be a base URL such as https://data.sec.gov'),
  EDGAR_BACKFILL_DAYS: wholeNumber(7, 0, 365),
  EDGAR_POLL_MINUTES: wholeNumber(15, 1, 1440),
  /** Seconds from start-up to the live sources' first run (both sources; then each on its own interval). */
  SOURCES_FIRST_RUN_SECONDS: wholeNumber(10, 0, 3600),
  /** The Fundraising Fox open dataset's rounds.csv (its raw address, no redirects); set, it turns the source on. */
  FUNDRAISINGFOX_URL: optionalString.refine((value) => value === undefined || /^https?:\/\/[^/\s]+\/\S*$/.test(value), 'must be an address such as https://raw.githubusercontent.com/fundraisingfox/data/main/rounds.csv'),
  FUNDRAISINGFOX_POLL_HOURS: wholeNumber(24, 1, 24 * 31),
  /** Hunter.io's API key: set, enrichment looks up websites and emails there (docs/enrichment.md). */
  HUNTER_API_KEY: optionalString,
  HUNTER_API_URL: z
    .string()
    .trim()
    .default('https://api.hunter.io')
    .refine((value) => /^https?:\/\/[^/\s]+\/?$/.test(value), 'must be a base URL such as https://api.hunter.io'),
  /** Provider requests a day at most (UTC days). */
  ENRICHMENT_DAILY_LIMIT: wholeNumber(500, 0, 1_000_000),
  /** A HubSpot public app's OAuth client (docs/crm.md); both set, Send to HubSpot is offered. */
  HUBSPOT_CLIENT_ID: optionalString,
  HUBSPOT_CLIENT_SECRET: optionalString,
  HUBSPOT_AUTH_URL: z
    .string()
    .trim()
    .default('https://app.hubspot.com/oauth/authorize')
    .refine((value) => /^https?:\/\/[^/\s]+\/\S*$/.test(value), 'must be a URL such as https://app.hubspot.com/oauth/authorize'),
  HUBSPOT_API_URL: z
    .string()
    .trim()
    .default('https://api.hubapi.com')
    .refine((value) => /^https?:\/\/[^/\s]+\/?$/.test(value), 'must be a base URL such as https://api.hubapi.com'),
  PIPEDRIVE_API_URL: z
    .string()
    .trim()
    .default('https://api.pipedrive.com')
    .refine((value) => /^https?:\/\/[^/\s]+\/?$/.test(value), 'must be a base URL such as https://api.pipedrive.com'),
  /** 32 bytes as 64 hex digits or base64: encrypts CRM tokens at rest (AES-256-GCM). Unset: a key generated into DATA_DIR (not in production). */
  ENCRYPTION_KEY: optionalString.refine((value) => value === undefined || encryptionKeyBytes(value) !== undefined, 'must be 32 bytes written as 64 hex digits or as base64'),
});

/** ENCRYPTION_KEY's 32 bytes: 64 hex digits, or base64 / base64url of 32 bytes; undefined when it is neither. */
export function encryptionKeyBytes(value: string): Buffer | undefined {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === 32) return bytes;
  }
  return undefined;
}

/** Every variable the server reads: `.env.example` lists each one (config.test.ts checks they agree). */
export const ENV_VARIABLES = Object.keys(envSchema.shape) as readonly string[];

/** The value a variable takes when it is unset, as the schema parses it (undefined: unset means off). */
export function envDefault(name: string): unknown {
  const field = envSchema.shape[name as keyof typeof envSchema.shape];
  return field.safeParse(undefined).data;
}

/** How the schema reads a written value (undefined when the value is refused). */
export function envParse(name: string, value: string): unknown {
  const field = envSchema.shape[name as keyof typeof envSchema.shape];
  return field.safeParse(value).data;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  /** PostgreSQL connection URL; undefined means embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  /** Absolute path. */
  dataDir: string;
  adminEmail: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    publishableKey: string | undefined;
    priceMonthly: string | undefined;
    priceAnnual: string | undefined;
    apiUrl: string | undefined;
  };
  oauth: Record<'google' | 'github' | 'twitter', { clientId: string; clientSecret: string } | undefined>;
  /** Google is an OpenID provider found by discovery; tests point this at a local OIDC server. */
  googleDiscoveryUrl: string;
  alertTimeZone: string;
  /** Set: the saved-search alert job runs at this interval, in every environment (tests included). */
  savedSearchAlertsEveryMs: number | undefined;
  /** Set: whether this process runs the job queue's worker; undefined leaves it to NODE_ENV (off in tests). */
  jobWorker: boolean | undefined;
  demoData: boolean;
  /** Multiplies every auth rate limit (test suites that create many accounts from one address). */
  authRateLimitScale: number;
  logLevel: string;
  /** The in-process lead read caches (decision 006); off only to measure the database path. */
  leadCaches: boolean;
  webDistDir: string;
  /** SEC EDGAR, for the Form D feed: off while userAgent is undefined. */
  edgar: {
    userAgent: string | undefined;
    /** No trailing slash. */
    baseUrl: string;
    backfillDays: number;
    pollMinutes: number;
    /** SEC's company records host (submissions/CIK##########.json); no trailing slash. */
    dataUrl: string;
  };
  /** Enrichment (issue 31): the provider is off while hunterApiKey is undefined. */
  enrichment: {
    hunterApiKey: string | undefined;
    /** No trailing slash. */
    hunterApiUrl: string;
    dailyLimit: number;
  };
  /** The Fundraising Fox open dataset: off while url is undefined. */
  fundraisingfox: { url: string | undefined; pollHours: number };
  /** Milliseconds from start-up to the live sources' first run. */
  sourcesFirstRunMs: number;
  /** Send to CRM (docs/crm.md). HubSpot is offered while its client is set; base URLs have no trailing slash. */
  crm: {
    hubspot: { clientId: string; clientSecret: string } | undefined;
    hubspotAuthUrl: string;
    hubspotApiUrl: string;
    pipedriveApiUrl: string;
    /** 32 bytes, or undefined: a key generated into dataDir (refused in production). */
    encryptionKey: Buffer | undefined;
  };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** What NODE_ENV=production refuses to start without (docs/decisions/021-production-checks-and-admin-verification.md). */
export const PRODUCTION_REQUIRED = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_PRICE_MONTHLY',
  'STRIPE_PRICE_ANNUAL',
  'SMTP_URL',
  'ENCRYPTION_KEY',
] as const;

function oauthPair(id: string | undefined, secret: string | undefined) {
  return id && secret ? { clientId: id, clientSecret: secret } : undefined;
}

/** Parses an environment (process.env by default). Throws ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const raw = source[name];
      return `${name}: ${issue.message}${raw === undefined ? '' : ` (got ${JSON.stringify(raw)})`}`;
    });
    throw new ConfigError(problems);
  }
  const env = parsed.data;
  const oauthProblems: string[] = [];
  for (const provider of ['GOOGLE', 'GITHUB', 'TWITTER', 'HUBSPOT'] as const) {
    const id = env[`${provider}_CLIENT_ID`];
    const secret = env[`${provider}_CLIENT_SECRET`];
    if (Boolean(id) !== Boolean(secret)) {
      oauthProblems.push(`${provider}_CLIENT_${id ? 'SECRET' : 'ID'}: must be set together with ${provider}_CLIENT_${id ? 'ID' : 'SECRET'}`);
    }
  }
  // Production takes real money and sends real mail: the built-in test checkout and the local outbox
  // (which would hand out paid access and show reset links) exist only outside production.
  if (env.NODE_ENV === 'production') {
    for (const name of PRODUCTION_REQUIRED) {
      if (!env[name]) oauthProblems.push(`${name}: must be set when NODE_ENV=production`);
    }
  }
  if (env.STRIPE_SECRET_KEY && env.NODE_ENV !== 'production') {
    for (const name of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_ANNUAL'] as const) {
      if (!env[name]) oauthProblems.push(`${name}: must be set when STRIPE_SECRET_KEY is set`);
    }
  }
  if (oauthProblems.length > 0) throw new ConfigError(oauthProblems);

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(env.DATA_DIR),
    adminEmail: env.ADMIN_EMAIL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      priceMonthly: env.STRIPE_PRICE_MONTHLY,
      priceAnnual: env.STRIPE_PRICE_ANNUAL,
      apiUrl: env.STRIPE_API_URL,
    },
    oauth: {
      google: oauthPair(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET),
      github: oauthPair(env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET),
      twitter: oauthPair(env.TWITTER_CLIENT_ID, env.TWITTER_CLIENT_SECRET),
    },
    googleDiscoveryUrl: env.GOOGLE_DISCOVERY_URL,
    alertTimeZone: env.ALERT_TIMEZONE,
    savedSearchAlertsEveryMs: env.SAVED_SEARCH_ALERTS_EVERY_MS,
    jobWorker: env.JOB_WORKER,
    // Demo leads by default only on the embedded database; never implied for a real PostgreSQL.
    demoData: env.DEMO_DATA ?? env.DATABASE_URL === undefined,
    authRateLimitScale: env.AUTH_RATE_LIMIT_SCALE,
    logLevel: env.LOG_LEVEL,
    leadCaches: env.LEAD_CACHES === 'on',
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : DEFAULT_WEB_DIST_DIR,
    edgar: {
      userAgent: env.EDGAR_USER_AGENT,
      baseUrl: env.EDGAR_BASE_URL.replace(/\/+$/, ''),
      backfillDays: env.EDGAR_BACKFILL_DAYS,
      pollMinutes: env.EDGAR_POLL_MINUTES,
      dataUrl: env.EDGAR_DATA_URL.replace(/\/+$/, ''),
    },
    enrichment: {
      hunterApiKey: env.HUNTER_API_KEY,
      hunterApiUrl: env.HUNTER_API_URL.replace(/\/+$/, ''),
      dailyLimit: env.ENRICHMENT_DAILY_LIMIT,
    },
    fundraisingfox: { url: env.FUNDRAISINGFOX_URL, pollHours: env.FUNDRAISINGFOX_POLL_HOURS },
    sourcesFirstRunMs: env.SOURCES_FIRST_RUN_SECONDS * 1000,
    crm: {
      hubspot: oauthPair(env.HUBSPOT_CLIENT_ID, env.HUBSPOT_CLIENT_SECRET),
      hubspotAuthUrl: env.HUBSPOT_AUTH_URL,
      hubspotApiUrl: env.HUBSPOT_API_URL.replace(/\/+$/, ''),
      pipedriveApiUrl: env.PIPEDRIVE_API_URL.replace(/\/+$/, ''),
      encryptionKey: env.ENCRYPTION_KEY ? encryptionKeyBytes(env.ENCRYPTION_KEY) : undefined,
    },
  };
}

/** For process entries (server, CLIs): the config, or every problem printed (after `prefix`) and exit 1. */
export function loadConfigOrExit(prefix = ''): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${prefix}${error.message}`);
    process.exit(1);
  }
}
