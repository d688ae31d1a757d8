// A worker process killed mid-batch (SIGKILL) while the mail server holds its next mails: the restarted worker
// sends the rest once the dead worker's leases run out (its clock reads later, instead of the test waiting), and
// every saved search's mail arrives exactly once.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildAppOn, createPostgresDatabase } from '../../../test/helpers.js';
import { startSmtpThatOutlivesASender } from '../../../test/crash-smtp.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SEARCHES = 20;
const LEASE_MS = 60_000;

describe('saved-search alerts across a crash', () => {
  it('a worker killed after 5 of 20 mails: the others arrive once, none twice', { timeout: 90_000 }, async () => {
    const db = await createPostgresDatabase();
    let child: ChildProcess | undefined;
    let countDelivered: () => Promise<number> = async () => 0;
    const smtp = await startSmtpThatOutlivesASender({ acceptFirst: 5, countDone: () => countDelivered(), sender: () => child });
    const app = await buildAppOn(db.url, { SMTP_URL: smtp.url });
    const database = app.app.database;
    countDelivered = async () =>
      Number((await database.rawTransaction((query) => query(`select count(*)::int as n from alert_deliveries where status = 'delivered'`))).rows[0]!.n);
    try {
      const owners = Array.from({ length: SEARCHES }, (_, index) => `crash-owner-${String(index).padStart(2, '0')}`);
      await database.rawTransaction(async (query) => {
        await query(`insert into users (id, name, email) select id, id, id || '@example.com' from unnest($1::text[]) as u(id)`, [owners]);
        await query(`insert into subscriptions (user_id, status) select id, 'active' from unnest($1::text[]) as u(id)`, [owners]);
        await query(
          `insert into saved_searches (user_id, name, filter, email_mode, created_at) select id, 'Crash ' || id, '{"industry":["Crashing"]}'::jsonb, 'instant', now() - interval '1 minute' from unnest($1::text[]) as u(id)`,
          [owners],
        );
      });
      const { upsertLeadBatch } = await import('../leads/index.js');
      await database.rawTransaction((query) =>
        upsertLeadBatch(query, [
          {
            companyName: 'Crash Lead',
            domain: 'crash-lead.example.com',
            industry: 'Crashing',
            fundingAmount: 1_000_000,
            fundingRound: 'Seed',
            location: 'Austin, TX',
            fundingDate: '2026-01-02',
            description: 'Crashes.',
            tags: [],
            contacts: [],
          },
        ]),
      );
      const { matchLeadChanges } = await import('./index.js');
      expect((await matchLeadChanges(database, { timeZone: 'UTC', adminEmail: app.app.config.adminEmail, billingMode: app.app.billing.mode })).matches).toBe(SEARCHES);
      await database.rawTransaction((query) => query(`update alert_deliveries set next_attempt_at = now()`));

      const run = (workerId: string, clockAheadMs = 0) => {
        const proc = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../../../test/alert-worker-child.ts')], {
          env: { ...process.env, DATABASE_URL: db.url, SMTP_URL: smtp.url, APP_URL: 'http://localhost:3000', LEASE_MS: String(LEASE_MS), WORKER_ID: workerId, CLOCK_AHEAD_MS: String(clockAheadMs) },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
          proc.on('exit', (code, signal) => resolve({ code, signal })),
        );
        return { proc, exited };
      };
      const first = run('crashing-worker');
      child = first.proc;
      expect(await first.exited).toMatchObject({ signal: 'SIGKILL' });
      expect(smtp.mails).toHaveLength(5);
      expect(await countDelivered()).toBe(5);

      // Restarted after the dead worker's leases have run out: one pass sends everything left.
      expect(await run('restarted-worker', LEASE_MS + 1).exited).toMatchObject({ code: 0 });
      expect(await countDelivered()).toBe(SEARCHES);
      expect(smtp.mails).toHaveLength(SEARCHES);
      expect(new Set(smtp.mails.map((mail) => mail.to[0]))).toEqual(new Set(owners.map((owner) => `${owner}@example.com`)));
    } finally {
      child?.kill('SIGKILL');
      await app.close();
      await db.dispose();
      await smtp.close();
    }
  });
});
