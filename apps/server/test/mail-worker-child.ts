// A mail worker in its own process, so a test can kill it mid-send (SIGKILL) and start another.
// Env: DATABASE_URL, SMTP_URL, APP_URL, LEASE_MS, WORKER_ID, and
// CLOCK_AHEAD_MS: the worker's lease clock reads that much later (a restart after the dead worker's leases ran out).
import pino from 'pino';
import { openDatabase } from '../src/db/client.js';
import { loadInstallationSecret } from '../src/db/secrets.js';
import { MailLinkSigner } from '../src/mail/signed-links.js';
import { createMailer } from '../src/mail/transport.js';
import { drainDeliveries } from '../src/modules/mail-queue/sender.js';

const env = process.env;
const log = pino({ level: 'warn' });
// The children run without Stripe, as the apps that spawn them do.
const billingMode = 'test' as const;
const ahead = Number(env.CLOCK_AHEAD_MS ?? 0);
const clock = ahead > 0 ? () => new Date(Date.now() + ahead) : undefined;
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: '/tmp' });
const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: 'Fundwire <no-reply@fundwire.test>', dataDir: '/tmp', log, production: false });
const signer = new MailLinkSigner(await loadInstallationSecret(database, 'mail_link_secret'));
const result = await drainDeliveries(
  { database, mailer, signer, appUrl: env.APP_URL ?? 'http://localhost:3000', adminEmail: env.ADMIN_EMAIL ?? 'admin@fundwire.test', billingMode, log, clock },
  { workerId: env.WORKER_ID ?? `child-${process.pid}`, leaseMs: Number(env.LEASE_MS ?? 120_000) },
);
process.stdout.write(`${JSON.stringify(result)}\n`);
mailer.close();
await database.close();
