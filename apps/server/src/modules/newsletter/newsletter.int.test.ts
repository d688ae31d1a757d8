// The newsletter end to end over real SMTP: double opt-in, the weekly send, unsubscribing, preferences,
// and the admin calls' contract.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signInAs, type TestApp } from '../../../test/helpers.js';
import { addActiveSubscribers, addLeads, countDeliveries, linkFrom, mailDeps, setAddedAt, testLead } from '../../../test/mail.js';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp.js';
import { newsletterSchedule, sendWeeklyNewsletter } from '../mail-queue/index.js';
import { CONFIRMATION_RESENT_MESSAGE } from './routes.js';

const WEEK = 7 * 86_400_000;

describe('newsletter', () => {
  let smtp: SmtpReceiver;
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await buildTestApp({ SMTP_URL: smtp.url, APP_URL: 'http://fundwire.test:3000' });
    admin = await signInAs(t, 'admin');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  afterEach(async () => {
    // Each test runs in its own week, so editions never collide.
    await t.database.rawTransaction((query) => query(`delete from mail_editions`));
  });

  const subscribe = (email: unknown, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/subscribe-email', payload: { email }, remoteAddress: ip });

  it('subscribe, confirm by mail, then the weekly send delivers one mail per active subscriber with that week\'s leads', async () => {
    const weekLeads = [testLead({ companyName: 'Orbitly', fundingAmount: 4_500_000, fundingRound: 'Series A' }), testLead({ companyName: 'Quantia' })];
    await addLeads(t.database, weekLeads);

    const response = await subscribe('  Reader.One@Example.com ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ alreadySubscribed: false, confirmationResent: false });

    const confirmation = await smtp.waitFor((mail) => mail.to.includes('reader.one@example.com'));
    // Signing up again before confirming says the confirmation went out again, not "account setup instructions".
    const repeat = await subscribe('reader.one@example.com');
    expect(repeat.json()).toEqual({ alreadySubscribed: false, confirmationResent: true, message: CONFIRMATION_RESENT_MESSAGE });
    expect(confirmation.subject).toBe('Confirm your Fundwire newsletter subscription');
    expect(confirmation.rawHeaders['list-unsubscribe']).toMatch(/^<http:\/\/fundwire\.test:3000\/api\/unsubscribe\?token=[^>]+>$/);
    expect(confirmation.rawHeaders['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // Before the click the address gets nothing.
    const before = await t.app.inject({ method: 'GET', url: '/api/subscribers', headers: admin });
    expect(before.json().subscribers.map((s: { email: string }) => s.email)).not.toContain('reader.one@example.com');

    const link = new URL(linkFrom(confirmation.text, '/newsletter/confirm?token='));
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token: link.searchParams.get('token') } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: 'reader.one@example.com', subscribed: true });

    // Now it is active, and saying it again reports so without another mail.
    const again = await subscribe('reader.one@example.com');
    expect(again.json()).toMatchObject({ alreadySubscribed: true });

    await addActiveSubscribers(t.database, ['reader.two@example.com', 'reader.three@example.com']);
    const list = await t.app.inject({ method: 'GET', url: '/api/subscribers', headers: admin });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.stats.totalSubscribers).toBe(3);
    expect(body.stats.weeklyLeads).toBe(2);
    expect(body.stats.timeZone).toBe('America/New_York');
    expect(Date.parse(body.stats.nextSend)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.subscribers[0]).toMatchObject({ subscribed: true, preferences: { weeklyLeads: true, productUpdates: true, marketingEmails: false } });

    const mailsBefore = smtp.mails.length;
    // The spec's client posts a JSON content type with an empty body.
    const send = await t.app.inject({ method: 'POST', url: '/api/send-weekly-email', headers: { ...admin, 'content-type': 'application/json' } });
    expect(send.statusCode).toBe(200);
    expect(send.json().stats).toMatchObject({ successCount: 3, alreadySent: 0, failedCount: 0, pendingCount: 0 });

    const digests = smtp.mails.slice(mailsBefore);
    expect(digests.map((mail) => mail.to[0]).sort()).toEqual(['reader.one@example.com', 'reader.three@example.com', 'reader.two@example.com']);
    for (const mail of digests) {
      expect(mail.subject).toBe('This week on Fundwire: 2 new funding rounds');
      expect(mail.html).toContain('Orbitly');
      expect(mail.html).toContain('$4,500,000');
      expect(mail.text).toContain('Quantia');
      // The free digest has no contacts, and sells the plan at its real price.
      expect(mail.text).not.toContain('founder');
      expect(mail.text).toContain('$79/month');
      expect(mail.rawHeaders['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    }
    const unsubscribeLinks = new Set(digests.map((mail) => linkFrom(mail.text, '/unsubscribe?token=')));
    expect(unsubscribeLinks.size).toBe(3);

    // Pressing again in the same week sends nothing new.
    const second = await t.app.inject({ method: 'POST', url: '/api/send-weekly-email', headers: admin, payload: {} });
    expect(second.json().stats).toMatchObject({ successCount: 0, alreadySent: 3 });
    await t.app.mailer.flush();
    expect(smtp.mails.length).toBe(mailsBefore + 3);

    // Someone who confirms later in the week gets this week's mail on the next press; nobody else does.
    await addActiveSubscribers(t.database, ['late.reader@example.com']);
    const third = await t.app.inject({ method: 'POST', url: '/api/send-weekly-email', headers: admin, payload: {} });
    expect(third.json().stats).toMatchObject({ successCount: 1, alreadySent: 3 });
    expect(smtp.mails.slice(mailsBefore + 3).map((mail) => mail.to[0])).toEqual(['late.reader@example.com']);
    expect(smtp.mails.at(-1)!.text).toContain('Orbitly');
  });

  it('the one-click unsubscribe (RFC 8058 POST) works, and that address gets nothing on the next send', async () => {
    await addActiveSubscribers(t.database, ['stays@example.com', 'leaves@example.com']);
    await addLeads(t.database, [testLead({ companyName: 'Firstweek' })]);
    const deps = mailDeps(t.app);
    const now = Date.now() + 2 * WEEK;
    await setAddedAt(t.database, ['Firstweek'], new Date(now - 1_000));
    const mailsBefore = smtp.mails.length;
    const first = await sendWeeklyNewsletter(deps, { now: new Date(now) });
    expect(first.successCount).toBeGreaterThanOrEqual(2);
    const leaving = smtp.mails.slice(mailsBefore).find((mail) => mail.to.includes('leaves@example.com'));
    expect(leaving).toBeDefined();

    // What a mail client does with List-Unsubscribe + List-Unsubscribe-Post.
    const oneClick = /<([^>]+)>/.exec(leaving!.rawHeaders['list-unsubscribe']!)![1]!;
    const url = new URL(oneClick);
    const unsubscribed = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.statusCode).toBe(200);
    expect(unsubscribed.json()).toMatchObject({ email: 'leaves@example.com', subscribed: false });

    // The link in the body leads to the same place with the same token.
    const pageLink = new URL(linkFrom(leaving!.text, '/unsubscribe?token='));
    expect(pageLink.searchParams.get('token')).toBe(url.searchParams.get('token'));

    await addLeads(t.database, [testLead({ companyName: 'Secondweek' })]);
    await setAddedAt(t.database, ['Secondweek'], new Date(now + WEEK - 1_000));
    const next = smtp.mails.length;
    const second = await sendWeeklyNewsletter(deps, { now: new Date(now + WEEK) });
    expect(second.successCount).toBeGreaterThanOrEqual(1);
    const nextMails = smtp.mails.slice(next);
    expect(nextMails.some((mail) => mail.to.includes('stays@example.com'))).toBe(true);
    expect(nextMails.some((mail) => mail.to.includes('leaves@example.com'))).toBe(false);
    // The next edition carries only what was added since the previous one.
    const staying = nextMails.find((mail) => mail.to.includes('stays@example.com'))!;
    expect(staying.text).toContain('Secondweek');
    expect(staying.text).not.toContain('Firstweek');
  });

  it('validates the address, rate-limits per IP, and never mails an unconfirmed address', async () => {
    const empty = await subscribe('', '10.0.0.2');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: 'Please enter your email address' });
    const missing = await t.app.inject({ method: 'POST', url: '/api/subscribe-email', payload: {}, remoteAddress: '10.0.0.2' });
    expect(missing.json()).toEqual({ error: 'Please enter your email address' });
    const invalid = await subscribe('not-an-email', '10.0.0.2');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ error: 'Please enter a valid email address' });

    await addLeads(t.database, [testLead({ companyName: 'Pendingweek' })]);
    await setAddedAt(t.database, ['Pendingweek'], new Date(Date.now() + 6 * WEEK - 1_000));
    const pending = await subscribe('pending@example.com', '10.0.0.2');
    expect(pending.statusCode).toBe(200);
    await smtp.waitFor((mail) => mail.to.includes('pending@example.com'));
    const mailsBefore = smtp.mails.length;
    const result = await sendWeeklyNewsletter(mailDeps(t.app), { now: new Date(Date.now() + 6 * WEEK) });
    expect(smtp.mails.slice(mailsBefore).some((mail) => mail.to.includes('pending@example.com'))).toBe(false);
    expect(result.failedCount).toBe(0);

    // Asking twice within a minute does not mail twice.
    await subscribe('pending@example.com', '10.0.0.2');
    await t.app.mailer.flush();
    expect(smtp.mails.filter((mail) => mail.to.includes('pending@example.com'))).toHaveLength(1);

    const ip = '10.0.0.99';
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await subscribe(`burst${i}@example.com`, ip)).statusCode);
    expect(codes.slice(0, 10).every((code) => code === 200)).toBe(true);
    const limited = await subscribe('burst-last@example.com', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/try again later/);
  });

  it('preferences and unsubscribe links: forged or mismatched tokens are refused and change nothing', async () => {
    const forged = await t.app.inject({ method: 'POST', url: '/api/unsubscribe?token=abc.def', payload: {} });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toMatch(/not valid/);
    const none = await t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: {} });
    expect(none.statusCode).toBe(400);

    await subscribe('prefs@example.com', '10.0.0.3');
    const mail = await smtp.waitFor((m) => m.to.includes('prefs@example.com'));
    const confirmToken = new URL(linkFrom(mail.text, '/newsletter/confirm?token=')).searchParams.get('token')!;
    const manageToken = new URL(linkFrom(mail.text, '/email-preferences?token=')).searchParams.get('token')!;
    // A confirm token cannot unsubscribe and a manage token cannot confirm.
    expect((await t.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${confirmToken}`, payload: {} })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token: manageToken } })).statusCode).toBe(400);
    // A tampered signature is refused.
    const tampered = `${manageToken.slice(0, -2)}${manageToken.endsWith('A') ? 'B' : 'A'}A`;
    expect((await t.app.inject({ method: 'GET', url: `/api/email-preferences?token=${tampered}` })).statusCode).toBe(400);

    await t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token: confirmToken } });
    const read = await t.app.inject({ method: 'GET', url: `/api/email-preferences?token=${manageToken}` });
    expect(read.json()).toEqual({
      email: 'prefs@example.com',
      kind: 'newsletter',
      subscribed: true,
      preferences: { weeklyLeads: true, productUpdates: true, marketingEmails: false },
      frequency: null,
    });
    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/email-preferences',
      payload: { token: manageToken, preferences: { weeklyLeads: false, productUpdates: true, marketingEmails: true } },
    });
    expect(update.json()).toMatchObject({ subscribed: true, preferences: { weeklyLeads: false, productUpdates: true, marketingEmails: true } });
    // Weekly leads off: no digest for this address, though it stays subscribed to the rest.
    const mailsBefore = smtp.mails.length;
    // Funded that week too: a digest only carries rounds that are still news.
    await addLeads(t.database, [testLead({ companyName: 'Prefsweek', fundingDate: new Date(Date.now() + 10 * WEEK - 86_400_000).toISOString().slice(0, 10) })]);
    await setAddedAt(t.database, ['Prefsweek'], new Date(Date.now() + 10 * WEEK - 1_000));
    const sent = await sendWeeklyNewsletter(mailDeps(t.app), { now: new Date(Date.now() + 10 * WEEK) });
    expect(sent.successCount).toBeGreaterThan(0);
    expect(smtp.mails.slice(mailsBefore).some((m) => m.to.includes('prefs@example.com'))).toBe(false);

    // Everything off is an unsubscribe; a later confirm link cannot silently resubscribe.
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/email-preferences',
      payload: { token: manageToken, preferences: { weeklyLeads: false, productUpdates: false, marketingEmails: false } },
    });
    expect(off.json()).toMatchObject({ subscribed: false });
    const reconfirm = await t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token: confirmToken } });
    expect(reconfirm.statusCode).toBe(409);
    const list = await t.app.inject({ method: 'GET', url: '/api/subscribers', headers: admin });
    expect(list.json().subscribers.map((s: { email: string }) => s.email)).not.toContain('prefs@example.com');

    // Subscribing again starts a new double opt-in.
    const back = await subscribe('prefs@example.com', '10.0.0.3');
    expect(back.json()).toMatchObject({ alreadySubscribed: false });
  });

  it('Next Send follows the schedule in its zone, across the autumn DST change (fixed clocks)', async () => {
    const zone = 'America/New_York';
    // Thursday 2026-10-29 (EDT), this week's edition already out: next is Monday 2026-11-02 09:00 EST.
    await t.database.rawTransaction((query) =>
      query(`insert into mail_editions (id, kind, scheduled_for, covers_from, covers_to, trigger) values ('newsletter-weekly:2026-10-26', 'newsletter-weekly', '2026-10-26T13:00:00Z', '2026-10-19T13:00:00Z', '2026-10-26T13:00:00Z', 'schedule')`),
    );
    expect((await newsletterSchedule(t.database, zone, new Date('2026-10-29T16:00:00Z'))).nextSend.toISOString()).toBe('2026-11-02T14:00:00.000Z');
    // Monday 2026-11-02 07:00 EST, not sent yet: this morning at 09:00 EST.
    expect((await newsletterSchedule(t.database, zone, new Date('2026-11-02T12:00:00Z'))).nextSend.toISOString()).toBe('2026-11-02T14:00:00.000Z');
    // Monday 10:00, not sent (the server was down at 09:00): due now.
    const late = new Date('2026-11-02T15:00:00Z');
    expect((await newsletterSchedule(t.database, zone, late)).nextSend.toISOString()).toBe(late.toISOString());
    // Friday, never sent that week and past the catch-up day: the next Monday.
    expect((await newsletterSchedule(t.database, zone, new Date('2026-11-06T15:00:00Z'))).nextSend.toISOString()).toBe('2026-11-09T14:00:00.000Z');
    // Leads counted from the end of the last edition.
    expect((await newsletterSchedule(t.database, zone, new Date('2026-10-29T16:00:00Z'))).since.toISOString()).toBe('2026-10-26T13:00:00.000Z');
  });

  it('the admin list pages through every subscriber and searches addresses literally', async () => {
    const emails = Array.from({ length: 120 }, (_, i) => `paged${String(i).padStart(3, '0')}@paging.example`);
    await addActiveSubscribers(t.database, [...emails, 'under_score@paging.example', 'underXscore@paging.example']);
    const get = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/subscribers?${query}`, headers: admin });
      expect(response.statusCode).toBe(200);
      return response.json() as { subscribers: { email: string }[]; page: number; pageSize: number; matchCount: number; stats: { totalSubscribers: number } };
    };
    const pages = [await get('q=paged'), await get('q=PAGED&page=2'), await get('q=paged&page=3'), await get('q=paged&page=4')];
    expect(pages.map((page) => page.subscribers.length)).toEqual([50, 50, 20, 0]);
    expect(pages.map((page) => page.page)).toEqual([1, 2, 3, 4]);
    expect(pages[0]?.pageSize).toBe(50);
    expect(pages[0]?.matchCount).toBe(120);
    // Every address once, across the pages.
    expect(pages.flatMap((page) => page.subscribers.map((s) => s.email)).sort()).toEqual(emails);
    // Without q, the total and the match count are everyone.
    const all = await get('');
    expect(all.matchCount).toBe(all.stats.totalSubscribers);
    expect(all.stats.totalSubscribers).toBeGreaterThanOrEqual(122);
    // _ and % are characters, not wildcards.
    expect((await get('q=under_score')).subscribers.map((s) => s.email)).toEqual(['under_score@paging.example']);
    expect((await get('q=%25')).matchCount).toBe(0);
    // Bad paging is a clear 400.
    for (const query of ['page=0', 'page=x', `q=${'a'.repeat(255)}`]) {
      const bad = await t.app.inject({ method: 'GET', url: `/api/subscribers?${query}`, headers: admin });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatch(/page|q must/);
    }
  });

  it('the admin calls are admin-only', async () => {
    const user = await signInAs(t, 'subscriber');
    expect((await t.app.inject({ method: 'GET', url: '/api/subscribers', headers: user })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/send-weekly-email', headers: user, payload: {} })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/send-weekly-email', payload: {} })).statusCode).toBe(401);
    const editions = await countDeliveries(t.database, 'none');
    expect(editions).toEqual({});
  });
});

describe("'this week' means new to our readers", () => {
  let smtp: SmtpReceiver;
  let t: TestApp;
  let admin: Record<string, string>;
  const DAY = 86_400_000;
  const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
  const HEADER = 'company_slug,company_name,fundraisingfox_url,domain,announced_on,stage,round_label,amount_usd,amount_is_floor,basis';
  const row = (name: string, date: string) => `${name.toLowerCase()},${name},https://fundraisingfox.com/companies/x,${name.toLowerCase()}.example.com,${date},Seed,Seed,1000000,False,press`;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await buildTestApp({ SMTP_URL: smtp.url, APP_URL: 'http://fundwire.test:3000' });
    admin = await signInAs(t, 'admin');
    await addActiveSubscribers(t.database, ['news.reader@example.com']);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const importRows = async (rows: string[]) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/imports', headers: { ...admin, 'content-type': 'text/csv' }, payload: [HEADER, ...rows, ''].join('\n') });
    expect(response.statusCode).toBe(200);
  };
  const nextMailCount = async () => (await t.app.inject({ method: 'GET', url: '/api/subscribers', headers: admin })).json().stats.weeklyLeads as number;

  it('an edition prepared right after importing only rounds funded more than 30 days ago lists none of them; the admin count agrees', async () => {
    await importRows([row('Oldround', isoDay(Date.now() - 31 * DAY)), row('Ancientround', '2026-06-02')]);
    expect(await nextMailCount()).toBe(0);
    const mailsBefore = smtp.mails.length;
    const send = await sendWeeklyNewsletter(mailDeps(t.app));
    // Nothing is news, so nothing is sent.
    expect(send.successCount).toBe(0);
    expect(smtp.mails.slice(mailsBefore).some((mail) => /Oldround|Ancientround/.test(mail.text))).toBe(false);
  });

  it('fixes an edition when it is sent, not when it was prepared: leads uploaded later that day are in it, and the count said so', async () => {
    await t.database.rawTransaction((query) => query(`delete from mail_editions`));
    const { prepareEdition } = await import('../mail-queue/editions.js');
    // Prepared at start-up with no mail sent yet...
    await prepareEdition(t.database, { kind: 'newsletter-weekly', now: new Date(), timeZone: t.config.alertTimeZone, trigger: 'schedule', billingMode: t.app.billing.mode });
    await t.database.rawTransaction((query) => query(`delete from mail_deliveries`));
    // ...then the admin uploads a fresh round and an old one.
    await importRows([row('Freshround', isoDay(Date.now() - 2 * DAY)), row('Staleround', isoDay(Date.now() - 45 * DAY))]);
    expect(await nextMailCount()).toBe(1);
    const mailsBefore = smtp.mails.length;
    const send = await sendWeeklyNewsletter(mailDeps(t.app));
    expect(send.successCount).toBe(1);
    const mail = smtp.mails.slice(mailsBefore)[0]!;
    expect(mail.subject).toBe('This week on Fundwire: 1 new funding round');
    expect(mail.text).toContain('Freshround');
    expect(mail.text).not.toContain('Staleround');
  });
});
