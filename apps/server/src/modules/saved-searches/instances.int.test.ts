// Two server instances on one PostgreSQL, each matching and sending at the same moment: every saved search's
// instant email goes out once, with each of its new leads once.
import { describe, expect, it } from 'vitest';
import { buildAppOn, createPostgresDatabase } from '../../../test/helpers.js';
import { startSmtpReceiver } from '../../../test/smtp.js';
import { drainAlertDeliveries, matchLeadChanges } from './index.js';

describe('saved-search alerts with two instances on one PostgreSQL', () => {
  it('matches and sends each (saved search, lead, channel) once', { timeout: 120_000 }, async () => {
    const smtp = await startSmtpReceiver();
    const db = await createPostgresDatabase();
    const one = await buildAppOn(db.url, { SMTP_URL: smtp.url });
    const two = await buildAppOn(db.url, { SMTP_URL: smtp.url });
    try {
      const database = one.app.database;
      const owners = Array.from({ length: 8 }, (_, index) => `twin-owner-${index}`);
      await database.rawTransaction(async (query) => {
        await query(`insert into users (id, name, email) select id, id, id || '@example.com' from unnest($1::text[]) as u(id)`, [owners]);
        await query(`insert into subscriptions (user_id, status) select id, 'active' from unnest($1::text[]) as u(id)`, [owners]);
        await query(
          `insert into saved_searches (user_id, name, filter, email_mode) select id, 'Twin ' || id, '{"industry":["Twinning"]}'::jsonb, 'instant' from unnest($1::text[]) as u(id)`,
          [owners],
        );
      });
      const { upsertLeadBatch } = await import('../leads/index.js');
      await database.rawTransaction((query) =>
        upsertLeadBatch(
          query,
          Array.from({ length: 30 }, (_, index) => ({
            companyName: `Twin Lead ${index}`,
            domain: `twin-lead-${index}.example.com`,
            industry: 'Twinning',
            fundingAmount: 1_000_000,
            fundingRound: 'Seed' as const,
            location: 'Austin, TX',
            fundingDate: '2026-01-02',
            description: 'Twins.',
            tags: [],
            contacts: [],
          })),
        ),
      );
      // Both instances drain the outbox in small batches at once.
      const matchAll = async (app: typeof one.app) => {
        let matches = 0;
        for (;;) {
          const result = await matchLeadChanges(app.database, { timeZone: 'UTC', batchSize: 4, adminEmail: app.config.adminEmail, billingMode: app.billing.mode });
          if (result.changes === 0) return matches;
          matches += result.matches;
        }
      };
      const [a, b] = await Promise.all([matchAll(one.app), matchAll(two.app)]);
      expect(a + b).toBe(8 * 30);
      await database.rawTransaction((query) => query(`update alert_deliveries set next_attempt_at = now()`));
      const depsOf = (app: typeof one.app) => ({ database: app.database, log: app.log, appUrl: app.config.appUrl, mailer: app.mailer, signer: app.mailLinks, adminEmail: app.config.adminEmail, billingMode: app.billing.mode });
      const [x, y] = await Promise.all([
        drainAlertDeliveries(depsOf(one.app), { workerId: 'instance-one', batchSize: 1 }),
        drainAlertDeliveries(depsOf(two.app), { workerId: 'instance-two', batchSize: 1 }),
      ]);
      const mails = smtp.mails.filter((mail) => mail.subject.includes('Twin twin-owner'));
      expect(x.delivered + y.delivered).toBe(mails.length);
      // One recipient may get its leads in more than one mail (two matchers may each open a delivery), never a lead twice.
      for (const owner of owners) {
        const theirs = mails.filter((mail) => mail.to.includes(`${owner}@example.com`));
        const leadsMailed = theirs.flatMap((mail) => [...mail.text.matchAll(/Twin Lead (\d+)/g)].map((found) => found[1]));
        expect(leadsMailed.sort(), owner).toEqual(Array.from({ length: 30 }, (_, index) => String(index)).sort());
      }
    } finally {
      await one.close();
      await two.close();
      await db.dispose();
      await smtp.close();
    }
  });
});
