// bench/mail: the weekly newsletter to 10,000 subscribers through a local SMTP receiver (smtp-server,
// a separate process), on PGlite and on PostgreSQL: mails/s through the whole queue (claim, render,
// send, record). Baseline in the same process: the same mail sent straight through the same pooled
// SMTP transport with the same concurrency, no database. Target: at least 200 mails/s.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { loadInstallationSecret } from '../apps/server/src/db/secrets.js';
import { insertLeads } from '../apps/server/src/seed/insert.js';
import { generateLeads } from '../apps/server/src/seed/generate.js';
import { MailLinkSigner } from '../apps/server/src/mail/signed-links.js';
import { createMailer } from '../apps/server/src/mail/transport.js';
import { prepareEdition } from '../apps/server/src/modules/mail-queue/editions.js';
import { drainDeliveries } from '../apps/server/src/modules/mail-queue/sender.js';
import { median, printTable } from './lib.js';

const RECIPIENTS = Number(process.env.BENCH_MAIL_RECIPIENTS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET = 200;
const here = path.dirname(fileURLToPath(import.meta.url));
const log = pino({ level: 'warn' });

interface Receiver {
  url: string;
  count(): Promise<number>;
  stop(): void;
}

/** The SMTP receiver in its own process, so it does not share the sender's CPU time slice accounting. */
async function startReceiver(): Promise<Receiver> {
  const child: ChildProcess = fork(path.join(here, 'mail-receiver.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve) => child.once('message', (message) => resolve((message as { port: number }).port)));
  return {
    url: `smtp://127.0.0.1:${port}`,
    count: () =>
      new Promise((resolve) => {
        child.once('message', (message) => resolve((message as { count: number }).count));
        child.send('count');
      }),
    stop: () => child.kill(),
  };
}

async function postgresUrl(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `fundwire_bench_mail_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    console.log(`PostgreSQL not reachable at ${base} (${(error as Error).message}); PGlite only.`);
    return null;
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

async function prepare(database: Database): Promise<void> {
  await insertLeads(database, generateLeads({ count: 200 }));
  await database.rawTransaction((query) =>
    query(
      `insert into newsletter_subscribers (email, status, confirmed_at)
       select 'bench-' || g || '@example.com', 'active', now() from generate_series(1, $1::int) g`,
      [RECIPIENTS],
    ),
  );
}

/** One run: a fresh edition to every subscriber, drained by one worker. Returns mails/s. */
async function runQueue(database: Database, receiver: Receiver, run: number): Promise<{ rate: number; seconds: number }> {
  const mailer = createMailer({ smtpUrl: receiver.url, from: 'Fundwire <bench@fundwire.test>', dataDir: tmpdir(), log, production: false });
  const signer = new MailLinkSigner(await loadInstallationSecret(database, 'mail_link_secret'));
  // Each run is its own week, so it is a new edition with every subscriber in it.
  const now = new Date(Date.now() + run * 7 * 86_400_000);
  // Some leads "added" during that week, so the digest has something to say.
  await database.rawTransaction((query) =>
    query(`update leads set created_at = $1::timestamptz - interval '1 hour' where id in (select id from leads order by id limit 25 offset $2)`, [now.toISOString(), run * 25]),
  );
  const edition = await prepareEdition(database, { kind: 'newsletter-weekly', now, timeZone: 'America/New_York', trigger: 'admin', billingMode: 'test' });
  if (edition.recipientCount !== RECIPIENTS) throw new Error(`edition has ${edition.recipientCount} recipients`);
  const before = await receiver.count();
  const started = performance.now();
  const result = await drainDeliveries({ database, mailer, signer, appUrl: 'http://localhost:3000', adminEmail: 'admin@bench.invalid', billingMode: 'test', log }, { workerId: `bench-${run}`, editionId: edition.id });
  const seconds = (performance.now() - started) / 1000;
  mailer.close();
  const received = (await receiver.count()) - before;
  if (result.sent !== RECIPIENTS || received !== RECIPIENTS) throw new Error(`sent ${result.sent}, received ${received}`);
  return { rate: RECIPIENTS / seconds, seconds };
}

/** The same number of mails straight through nodemailer: what SMTP alone allows on this machine. */
async function runBaseline(receiver: Receiver): Promise<number> {
  const mailer = createMailer({ smtpUrl: receiver.url, from: 'Fundwire <bench@fundwire.test>', dataDir: tmpdir(), log, production: false });
  const html = `<html><body>${'<p>Funding round line for the baseline mail.</p>'.repeat(40)}</body></html>`;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < RECIPIENTS) {
        const index = next++;
        await mailer.send({ to: `baseline-${index}@example.com`, subject: 'Baseline', html, text: 'Baseline' });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  mailer.close();
  return RECIPIENTS / seconds;
}

const receiver = await startReceiver();
const rows: (string | number)[][] = [];
try {
  const baseline: number[] = [];
  for (let run = 0; run < RUNS; run++) baseline.push(await runBaseline(receiver));
  const baselineRate = median(baseline);
  rows.push(['baseline: nodemailer pool, no queue', RECIPIENTS, baselineRate.toFixed(0), '-', '1.00']);

  const targets: { name: string; open(): Promise<{ database: Database; cleanup(): Promise<void> }> }[] = [
    {
      name: 'queue on PGlite',
      open: async () => {
        const dir = mkdtempSync(path.join(tmpdir(), 'fundwire-bench-mail-'));
        const database = await openDatabase({ dataDir: dir });
        return { database, cleanup: async () => { await database.close(); rmSync(dir, { recursive: true, force: true }); } };
      },
    },
  ];
  const pgDatabase = await postgresUrl();
  if (pgDatabase) {
    targets.push({
      name: 'queue on PostgreSQL',
      open: async () => {
        const database = await openDatabase({ databaseUrl: pgDatabase.url, dataDir: tmpdir() });
        return { database, cleanup: async () => { await database.close(); await pgDatabase.drop(); } };
      },
    });
  }
  for (const target of targets) {
    const { database, cleanup } = await target.open();
    try {
      await prepare(database);
      const rates: number[] = [];
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const { rate, seconds } = await runQueue(database, receiver, run);
        rates.push(rate);
        times.push(seconds);
      }
      const rate = median(rates);
      rows.push([target.name, RECIPIENTS, rate.toFixed(0), median(times).toFixed(1), (rate / baselineRate).toFixed(2)]);
    } finally {
      await cleanup();
    }
  }
} finally {
  receiver.stop();
}

console.log(`\nbench/mail: the weekly newsletter to ${RECIPIENTS.toLocaleString('en-US')} subscribers, median of ${RUNS} runs (target ${TARGET} mails/s)\n`);
printTable(['sender', 'mails', 'mails/s', 'seconds', 'vs baseline'], rows);
const worst = Math.min(...rows.slice(1).map((row) => Number(row[2])));
console.log(`\nslowest queue: ${worst.toFixed(0)} mails/s — ${worst >= TARGET ? 'meets' : 'MISSES'} the ${TARGET} mails/s target`);
