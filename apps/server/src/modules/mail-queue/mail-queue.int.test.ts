// Alert digests for paying subscribers, retries and permanent failures, and exactly-once delivery with
// several instances and across a crash of the sender.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nextSend } from '@fundwire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema/index.js';
import { hasPaidAccessNow, PAUSED_NO_SUBSCRIPTION, withPaidAccessNow } from '../billing/index.js';
import { buildAppOn, buildTestApp, createPostgresDatabase, signUp, type TestApp } from '../../../test/helpers.js';
import { addActiveSubscribers, addLeads, countDeliveries, mailDeps, setAddedAt, testLead } from '../../../test/mail.js';
import { startSmtpThatOutlivesASender } from '../../../test/crash-smtp.js';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../../../test/smtp.js';
import { prepareEdition } from './editions.js';
import { backoffMs, drainDeliveries } from './sender.js';
import { runMailSchedule } from './service.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const HOUR = 3_600_000;
const NY = 'America/New_York';

async function subscribedUser(t: TestApp, email: string, frequency?: 'weekly' | 'daily' | 'off') {
  const account = await signUp(t.app, email);
  await t.database.db.insert(subscriptions).values({ userId: account.userId, status: 'active', plan: 'monthly', priceId: 'price_test_monthly' });
  if (frequency) {
    const response = await t.app.inject({ method: 'PUT', url: '/api/me/alerts', headers: { cookie: account.cookie, origin: t.config.appUrl }, payload: { frequency } });
    expect(response.statusCode).toBe(200);
  }
  return account;
}

describe('alert digests for paying subscribers', () => {
  let smtp: SmtpReceiver;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpReceiver({
      rejectRecipient: (address) => {
        if (address === 'gone@example.com') return { code: 550, message: 'No such mailbox' };
        if (address === 'flaky@example.com' && !flakyAccepted) return { code: 451, message: 'Try again later' };
        return null;
      },
    });
    t = await buildTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  let flakyAccepted = false;

  it('weekly by default, daily by choice, none when off or unsubscribed; contacts included; only leads new since the last digest', async () => {
    const weekly = await subscribedUser(t, 'weekly-user@example.com');
    await subscribedUser(t, 'daily-user@example.com', 'daily');
    await subscribedUser(t, 'off-user@example.com', 'off');
    await signUp(t.app, 'free-user@example.com');

    const settings = await t.app.inject({ method: 'GET', url: '/api/me/alerts', headers: { cookie: weekly.cookie } });
    expect(settings.json()).toMatchObject({ frequency: 'weekly', timeZone: NY });
    const bad = await t.app.inject({ method: 'PUT', url: '/api/me/alerts', headers: { cookie: weekly.cookie, origin: t.config.appUrl }, payload: { frequency: 'hourly' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Choose weekly, daily or off');

    const monday = nextSend('weekly', new Date(Date.now() + 14 * 86_400_000), NY);
    await addLeads(t.database, [testLead({ companyName: 'Alpha Alerts', contacts: [{ name: 'Ada Alpha', role: 'CTO', email: 'ada@alpha.example.com', linkedIn: '' }] })]);
    await setAddedAt(t.database, ['Alpha Alerts'], new Date(monday.getTime() - 2 * HOUR));

    const before = smtp.mails.length;
    await runMailSchedule(mailDeps(t.app), new Date(monday.getTime() + 30_000));
    const first = smtp.mails.slice(before);
    const byRecipient = (mails: ReceivedMail[]) => Object.fromEntries(mails.map((mail) => [mail.to[0], mail]));
    const firstBy = byRecipient(first);
    expect(Object.keys(firstBy).sort()).toEqual(['daily-user@example.com', 'weekly-user@example.com']);
    expect(firstBy['weekly-user@example.com']!.subject).toBe('Your weekly Fundwire alert: 1 new funding round');
    expect(firstBy['daily-user@example.com']!.subject).toBe('Your daily Fundwire alert: 1 new funding round');
    for (const mail of first) {
      expect(mail.text).toContain('Alpha Alerts');
      expect(mail.text).toContain('ada@alpha.example.com');
      expect(mail.rawHeaders['list-unsubscribe']).toMatch(/\/api\/unsubscribe\?token=/);
    }

    // Tuesday 09:00: the daily user gets only what was added since Monday's digest; the weekly user nothing.
    await addLeads(t.database, [testLead({ companyName: 'Beta Alerts' })]);
    await setAddedAt(t.database, ['Beta Alerts'], new Date(monday.getTime() + 5 * HOUR));
    const tuesday = new Date(monday.getTime() + 24 * HOUR + 30_000);
    const beforeTuesday = smtp.mails.length;
    await runMailSchedule(mailDeps(t.app), tuesday);
    const second = smtp.mails.slice(beforeTuesday);
    expect(second.map((mail) => mail.to[0])).toEqual(['daily-user@example.com']);
    expect(second[0]!.text).toContain('Beta Alerts');
    expect(second[0]!.text).not.toContain('Alpha Alerts');

    // Wednesday: nothing new, so no mail at all (the delivery is recorded as skipped).
    const beforeWednesday = smtp.mails.length;
    await runMailSchedule(mailDeps(t.app), new Date(tuesday.getTime() + 24 * HOUR));
    expect(smtp.mails.length).toBe(beforeWednesday);

    // Running the same moment again sends nothing twice.
    await runMailSchedule(mailDeps(t.app), new Date(monday.getTime() + 30_000));
    expect(smtp.mails.length).toBe(beforeWednesday);

    // The unsubscribe link in an alert turns alerts off.
    const oneClick = /<([^>]+)>/.exec(firstBy['weekly-user@example.com']!.rawHeaders['list-unsubscribe']!)![1]!;
    const url = new URL(oneClick);
    const off = await t.app.inject({ method: 'POST', url: `${url.pathname}${url.search}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(off.json()).toMatchObject({ kind: 'alerts', subscribed: false, frequency: 'off' });
    const after = await t.app.inject({ method: 'GET', url: '/api/me/alerts', headers: { cookie: weekly.cookie } });
    expect(after.json()).toMatchObject({ frequency: 'off', nextSend: null });
  });

  it('checks the subscription when the digest is sent, not only when its edition was prepared', async () => {
    const lapsing = await subscribedUser(t, 'lapsing-user@example.com', 'daily');
    const paying = await subscribedUser(t, 'still-paying@example.com', 'daily');
    const now = new Date(Date.now() + 90 * 86_400_000);
    await addLeads(t.database, [testLead({ companyName: 'Lapse Co', fundingDate: new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10) })]);
    await setAddedAt(t.database, ['Lapse Co'], new Date(now.getTime() - HOUR));
    const edition = await prepareEdition(t.database, { kind: 'alerts-daily', now, timeZone: NY, trigger: 'schedule', billingMode: t.app.billing.mode });
    // Cancelled between preparing the edition and sending it (Stripe's customer.subscription.deleted).
    await t.database.rawTransaction((query) => query(`update subscriptions set status = 'canceled' where user_id = $1`, [lapsing.userId]));

    const before = smtp.mails.length;
    await drainDeliveries(mailDeps(t.app), { workerId: 'lapse-test', editionId: edition.id });
    const sent = smtp.mails.slice(before);
    expect(sent.some((mail) => mail.to.includes(paying.email) && mail.text.includes('Lapse Co'))).toBe(true);
    expect(sent.some((mail) => mail.to.includes(lapsing.email))).toBe(false);
    const rows = await t.database.rawTransaction((query) =>
      query(`select status, last_error from mail_deliveries where edition_id = $1 and user_id = $2`, [edition.id, lapsing.userId]),
    );
    expect(rows.rows).toEqual([{ status: 'skipped', last_error: PAUSED_NO_SUBSCRIPTION }]);
  });

  it('retries a transient SMTP failure with backoff and records a permanent one', async () => {
    await t.database.rawTransaction((query) => query(`delete from newsletter_subscribers`));
    await addActiveSubscribers(t.database, ['flaky@example.com', 'gone@example.com', 'fine@example.com']);
    const now = new Date(Date.now() + 60 * 86_400_000);
    await addLeads(t.database, [testLead({ companyName: 'Retry Co', fundingDate: new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10) })]);
    await setAddedAt(t.database, ['Retry Co'], new Date(now.getTime() - HOUR));
    const edition = await prepareEdition(t.database, { kind: 'newsletter-weekly', now, timeZone: NY, trigger: 'admin', billingMode: t.app.billing.mode });
    const deps = mailDeps(t.app);

    const result = await drainDeliveries(deps, { workerId: 'retry-test', editionId: edition.id });
    expect(result).toMatchObject({ sent: 1, failed: 1, retried: 1 });
    const rows = await t.database.rawTransaction((query) =>
      query(`select recipient, status, attempts, last_error, extract(epoch from next_attempt_at - now()) as wait from mail_deliveries where edition_id = $1 order by recipient`, [edition.id]),
    );
    const byRecipient = Object.fromEntries(rows.rows.map((row) => [String(row.recipient), row]));
    expect(byRecipient['gone@example.com']).toMatchObject({ status: 'failed', attempts: 1 });
    expect(String(byRecipient['gone@example.com']!.last_error)).toMatch(/550/);
    expect(byRecipient['flaky@example.com']).toMatchObject({ status: 'pending', attempts: 1 });
    expect(Number(byRecipient['flaky@example.com']!.wait)).toBeGreaterThan(backoffMs(1) / 1000 - 5);

    // Not due yet: a drain now leaves it alone.
    expect(await drainDeliveries(deps, { workerId: 'retry-test', editionId: edition.id })).toMatchObject({ sent: 0, retried: 0 });
    // Once the backoff has passed (moved forward here) and the server accepts, it goes out once.
    flakyAccepted = true;
    await t.database.rawTransaction((query) => query(`update mail_deliveries set next_attempt_at = now() where edition_id = $1 and status = 'pending'`, [edition.id]));
    expect(await drainDeliveries(deps, { workerId: 'retry-test', editionId: edition.id })).toMatchObject({ sent: 1, failed: 0 });
    expect(await countDeliveries(t.database, edition.id)).toEqual({ sent: 2, failed: 1 });
    expect(smtp.mails.filter((mail) => mail.to.includes('flaky@example.com') && mail.text.includes('Retry Co'))).toHaveLength(1);
    expect(smtp.mails.some((mail) => mail.to.includes('gone@example.com'))).toBe(false);
  });
});

describe('alert digests with Stripe as the payment provider', () => {
  let smtp: SmtpReceiver;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await buildTestApp({
      SMTP_URL: smtp.url,
      STRIPE_SECRET_KEY: 'sk_test_fundwire',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_fundwire',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fundwire',
      STRIPE_PRICE_MONTHLY: 'price_live_monthly',
      STRIPE_PRICE_ANNUAL: 'price_live_annual',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('leaves out a subscription left by the test checkout (sub_test_…): the scheduled edition follows the one paid-access rule', async () => {
    expect(t.app.billing.mode).toBe('stripe');
    const real = await signUp(t.app, 'stripe-payer@example.com');
    const leftover = await signUp(t.app, 'test-leftover@example.com');
    await t.database.db.insert(subscriptions).values([
      { userId: real.userId, status: 'active', plan: 'monthly', priceId: 'price_live_monthly', stripeSubscriptionId: 'sub_1RealOne' },
      { userId: leftover.userId, status: 'active', plan: 'monthly', priceId: 'price_test_monthly', stripeSubscriptionId: 'sub_test_0123456789abcdef' },
    ]);
    // The scheduler's own run, at this week's Monday 09:00 send: the weekly edition is prepared and sent.
    const now = new Date(nextSend('weekly', new Date(), NY).getTime() + 60_000);
    await addLeads(t.database, [testLead({ companyName: 'Paid Only Co', fundingDate: new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10) })]);
    await setAddedAt(t.database, ['Paid Only Co'], new Date(now.getTime() - HOUR));
    await runMailSchedule(mailDeps(t.app), now, { deadline: Date.now() + 10_000 });

    const rows = await t.database.rawTransaction((query) =>
      query(`select d.recipient, d.status from mail_deliveries d join mail_editions e on e.id = d.edition_id where e.kind = 'alerts-weekly' order by d.recipient`),
    );
    expect(rows.rows).toEqual([{ recipient: 'stripe-payer@example.com', status: 'sent' }]);
    expect(smtp.mails.some((mail) => mail.to.includes('stripe-payer@example.com') && mail.text.includes('Paid Only Co'))).toBe(true);
    expect(smtp.mails.some((mail) => mail.to.includes('test-leftover@example.com'))).toBe(false);

    // The same rule every other paid channel asks when it delivers (saved-search mail, Slack, webhooks, the matcher).
    const rule = { adminEmail: t.config.adminEmail, billingMode: t.app.billing.mode };
    expect(await hasPaidAccessNow(t.database.db, rule, real.userId)).toBe(true);
    expect(await hasPaidAccessNow(t.database.db, rule, leftover.userId)).toBe(false);
    expect([...(await withPaidAccessNow(t.database.db, rule, [real.userId, leftover.userId]))]).toEqual([real.userId]);
    // In test mode (development), the test checkout's subscriptions are the real ones.
    expect(await hasPaidAccessNow(t.database.db, { ...rule, billingMode: 'test' }, leftover.userId)).toBe(true);
  });
});

describe('exactly once per recipient per edition, on one PostgreSQL', () => {
  it('two server instances trigger the same edition at the same moment: each recipient gets one mail', async () => {
    const smtp = await startSmtpReceiver();
    const db = await createPostgresDatabase();
    const one = await buildAppOn(db.url, { SMTP_URL: smtp.url });
    const two = await buildAppOn(db.url, { SMTP_URL: smtp.url });
    try {
      const recipients = Array.from({ length: 120 }, (_, i) => `twin-${String(i).padStart(3, '0')}@example.com`);
      await addActiveSubscribers(one.app.database, recipients);
      const monday = nextSend('weekly', new Date(), NY);
      await addLeads(one.app.database, [testLead({ companyName: 'Twin Co' })]);
      await setAddedAt(one.app.database, ['Twin Co'], new Date(monday.getTime() - HOUR));
      const at = new Date(monday.getTime() + 1_000);
      const [a, b] = await Promise.all([
        runMailSchedule(mailDeps(one.app, 'instance-one'), at, { concurrency: 4, batchSize: 10 }),
        runMailSchedule(mailDeps(two.app, 'instance-two'), at, { concurrency: 4, batchSize: 10 }),
      ]);
      expect(a.sent + b.sent).toBe(120);
      expect(smtp.mails).toHaveLength(120);
      expect(new Set(smtp.mails.map((mail) => mail.to[0]))).toEqual(new Set(recipients));
      const editions = await one.app.database.rawTransaction((query) => query(`select id, recipient_count from mail_editions where kind = 'newsletter-weekly'`));
      expect(editions.rows).toHaveLength(1);
      expect(Number(editions.rows[0]!.recipient_count)).toBe(120);
    } finally {
      await one.close();
      await two.close();
      await db.dispose();
      await smtp.close();
    }
  });

  it('the sender is killed after 50 of 200 mails and restarted: the other 150 arrive, none twice', async () => {
    const db = await createPostgresDatabase();
    let child: ChildProcess | undefined;
    let countSent: () => Promise<number> = async () => 0;
    // The first 50 are accepted; the sender is killed while the server holds its next mails.
    const smtp = await startSmtpThatOutlivesASender({ acceptFirst: 50, countDone: () => countSent(), sender: () => child });
    const app = await buildAppOn(db.url, { SMTP_URL: smtp.url });
    countSent = async () => Number((await countDeliveries(app.app.database, editionIdHolder.id)).sent ?? 0);
    const editionIdHolder = { id: '' };
    try {
      const recipients = Array.from({ length: 200 }, (_, i) => `crash-${String(i).padStart(3, '0')}@example.com`);
      await addActiveSubscribers(app.app.database, recipients);
      const now = new Date();
      await addLeads(app.app.database, [testLead({ companyName: 'Crash Co' })]);
      await setAddedAt(app.app.database, ['Crash Co'], new Date(now.getTime() - HOUR));
      editionIdHolder.id = (await prepareEdition(app.app.database, { kind: 'newsletter-weekly', now, timeZone: NY, trigger: 'admin', billingMode: app.app.billing.mode })).id;

      const leaseMs = 60_000;
      const run = (workerId: string, clockAheadMs = 0) => {
        const proc = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../../../test/mail-worker-child.ts')], {
          env: { ...process.env, DATABASE_URL: db.url, SMTP_URL: smtp.url, APP_URL: 'http://localhost:3000', LEASE_MS: String(leaseMs), WORKER_ID: workerId, CLOCK_AHEAD_MS: String(clockAheadMs) },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
        return { proc, exited };
      };

      const first = run('crashing-worker');
      child = first.proc;
      expect(await first.exited).toMatchObject({ signal: 'SIGKILL' });
      expect(smtp.mails).toHaveLength(50);
      const midway = await countDeliveries(app.app.database, editionIdHolder.id);
      expect(midway.sent).toBe(50);
      // Rows the dead worker had claimed are still leased to it.
      expect((midway.sending ?? 0) + (midway.pending ?? 0)).toBe(150);

      // A new worker, restarted after the dead worker's leases ran out (its clock reads later instead of the test
      // waiting), picks up the pending rows and the dead worker's leased ones in one pass.
      const second = run('restarted-worker', leaseMs + 1);
      expect(await second.exited).toMatchObject({ code: 0 });
      expect(await countDeliveries(app.app.database, editionIdHolder.id)).toEqual({ sent: 200 });
      expect(smtp.mails).toHaveLength(200);
      expect(new Set(smtp.mails.map((mail) => mail.to[0]))).toEqual(new Set(recipients));
    } finally {
      child?.kill('SIGKILL');
      await app.close();
      await db.dispose();
      await smtp.close();
    }
  }, 60_000);
});

