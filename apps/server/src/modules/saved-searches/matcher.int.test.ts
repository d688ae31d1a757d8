// Net-new matching: old matches never alert, an update that starts matching alerts once, a lead that keeps
// matching does not alert again, each (saved search, lead, channel) is queued once with two matchers at once
// and after a matcher that dies mid-batch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { buildTestApp, signInAs, type TestApp } from '../../../test/helpers.js';
import { matchLeadChanges } from './matcher.js';

describe('saved-search matcher', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  let counter = 0;
  const lead = (overrides: Record<string, unknown> = {}) => {
    counter++;
    return {
      companyName: `Matcher Co ${counter}`,
      domain: `matcher-${counter}-${Date.now()}.example.com`,
      industry: 'Robotics',
      fundingAmount: 1_000_000,
      fundingRound: 'Seed',
      location: 'Austin, TX',
      fundingDate: '2026-01-02',
      description: 'Robots that stack boxes.',
      tags: [],
      sourceUrl: null,
      contacts: [],
      ...overrides,
    };
  };
  async function createLead(overrides: Record<string, unknown> = {}): Promise<{ id: string; body: ReturnType<typeof lead> }> {
    const body = lead(overrides);
    const response = await t.app.inject({ method: 'POST', url: '/api/leads', headers: admin, payload: body });
    expect(response.statusCode, response.body).toBe(201);
    return { id: response.json().lead.id, body };
  }
  async function updateLead(id: string, body: Record<string, unknown>): Promise<void> {
    const response = await t.app.inject({ method: 'PUT', url: `/api/leads/${id}`, headers: admin, payload: body });
    expect(response.statusCode, response.body).toBe(200);
  }
  async function saveSearch(
    user: Record<string, string>,
    filter: Record<string, unknown>,
    alerts: Record<string, unknown> = { email: 'instant' },
  ): Promise<string> {
    const response = await t.app.inject({ method: 'POST', url: '/api/saved-searches', headers: user, payload: { name: 'Alerts', filter, alerts } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  }
  const match = (database: Database = t.database) => matchLeadChanges(database, { timeZone: 'UTC', adminEmail: t.config.adminEmail, billingMode: t.app.billing.mode });
  async function drain(): Promise<void> {
    while ((await match()).changes > 0);
  }
  async function matchesOf(searchId: string): Promise<string[]> {
    const result = await t.database.rawTransaction((query) =>
      query('select lead_id from saved_search_matches where saved_search_id = $1 order by lead_id', [searchId]),
    );
    return result.rows.map((row) => String(row.lead_id));
  }
  async function queuedOf(searchId: string): Promise<{ leadId: string; channel: string; deliveryId: string }[]> {
    const result = await t.database.rawTransaction((query) =>
      query('select lead_id, channel, delivery_id from alert_delivery_leads where saved_search_id = $1 order by channel, lead_id', [searchId]),
    );
    return result.rows.map((row) => ({ leadId: String(row.lead_id), channel: String(row.channel), deliveryId: String(row.delivery_id) }));
  }
  const sorted = (ids: string[]) => [...ids].sort();

  it('alerts on leads added after the search and on updates that start matching, once; never on old matches', async () => {
    await drain();
    const industry = `Fintech-${Date.now()}`;
    const oldMatch = await createLead({ industry });
    const oldOther = await createLead({ industry: 'Biotech' });
    const user = await signInAs(t, 'subscriber');
    const searchId = await saveSearch(user, { industry: [industry] }, { email: 'instant', webhookUrl: 'http://127.0.0.1:9/hook', slackWebhookUrl: null });
    await drain();
    expect(await matchesOf(searchId)).toEqual([]);

    // Added after: alerts. Not matching: does not.
    const added = await createLead({ industry });
    await createLead({ industry: 'Biotech' });
    // An old match that changes and still matches: not new.
    await updateLead(oldMatch.id, { ...oldMatch.body, description: 'Now with payments.' });
    await drain();
    expect(await matchesOf(searchId)).toEqual([added.id]);

    // An old lead that comes to match through an update: alerts once; its next update does not alert again.
    await updateLead(oldOther.id, { ...oldOther.body, industry });
    await drain();
    expect(sorted(await matchesOf(searchId))).toEqual(sorted([added.id, oldOther.id]));
    await updateLead(oldOther.id, { ...oldOther.body, industry, description: 'Edited again.' });
    await drain();
    expect(sorted(await matchesOf(searchId))).toEqual(sorted([added.id, oldOther.id]));

    // Each (lead, channel) is queued once: one email and one webhook delivery gather both leads.
    const queued = await queuedOf(searchId);
    expect(queued.map(({ leadId, channel }) => `${channel}:${leadId}`)).toEqual(
      ['email', 'webhook'].flatMap((channel) => sorted([added.id, oldOther.id]).map((id) => `${channel}:${id}`)),
    );
    expect(new Set(queued.filter((row) => row.channel === 'email').map((row) => row.deliveryId)).size).toBe(1);
    const deliveries = await t.database.rawTransaction((query) =>
      query('select channel, status, next_attempt_at > now() as waits from alert_deliveries where saved_search_id = $1 order by channel', [searchId]),
    );
    // Instant email waits for more leads to batch; the webhook goes at once.
    expect(deliveries.rows).toEqual([
      { channel: 'email', status: 'pending', waits: true },
      { channel: 'webhook', status: 'pending', waits: false },
    ]);
    // The list counts them as new until the search is opened.
    const listed = await t.app.inject({ method: 'GET', url: `/api/saved-searches/${searchId}`, headers: user });
    expect(listed.json().newCount).toBe(2);
    await t.app.inject({ method: 'POST', url: `/api/saved-searches/${searchId}/viewed`, headers: user });
    expect((await t.app.inject({ method: 'GET', url: `/api/saved-searches/${searchId}`, headers: user })).json().newCount).toBe(0);
  });

  it('re-uploads through the batch path alert when they start matching, and the text search means what the list means', async () => {
    await drain();
    const word = `zq${Date.now().toString(36)}`;
    const old = await createLead({ description: 'Warehouse robots.' });
    const user = await signInAs(t, 'subscriber');
    const searchId = await saveSearch(user, { q: word, fundingRound: ['Seed'] });
    // The same round uploaded again with a description holding the word: an update through upsertLeadBatch.
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/leads/batch',
      headers: admin,
      payload: { leads: [{ ...old.body, description: `Warehouse robots, ${word} inside.` }] },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const prefixed = await createLead({ companyName: `${word}ify Labs` });
    const series = await createLead({ description: `${word} too`, fundingRound: 'Series A' });
    await drain();
    expect(sorted(await matchesOf(searchId))).toEqual(sorted([old.id, prefixed.id]));
    // The lead list's full-text search finds the same leads.
    const listed = await t.app.inject({ method: 'GET', url: `/api/leads?q=${word}&fundingRound=Seed`, headers: user });
    expect(sorted(listed.json().leads.map((row: { id: string }) => row.id))).toEqual(sorted([old.id, prefixed.id]));
    expect(await matchesOf(searchId)).not.toContain(series.id);
  });

  it('queues each (saved search, lead, channel) once with two matchers at once', async () => {
    await drain();
    const industry = `Climate-${Date.now()}`;
    const user = await signInAs(t, 'subscriber');
    const searchId = await saveSearch(user, { industry: [industry] }, { email: 'daily', slackWebhookUrl: 'http://127.0.0.1:9/slack', webhookUrl: null });
    const ids: string[] = [];
    for (let index = 0; index < 12; index++) ids.push((await createLead({ industry })).id);
    // Small batches so both matchers get work; each change is claimed by exactly one.
    const runs = async () => {
      let total = 0;
      for (;;) {
        const result = await matchLeadChanges(t.database, { timeZone: 'UTC', adminEmail: t.config.adminEmail, billingMode: t.app.billing.mode, batchSize: 3 });
        if (result.changes === 0) return total;
        total += result.queued;
      }
    };
    const [first, second] = await Promise.all([runs(), runs()]);
    expect(first + second).toBe(24);
    expect(sorted(await matchesOf(searchId))).toEqual(sorted(ids));
    const queued = await queuedOf(searchId);
    expect(queued).toHaveLength(24);
    expect(new Set(queued.map((row) => `${row.channel}:${row.leadId}`)).size).toBe(24);
  });

  it('after a matcher dies mid-batch, the next run does the work once', async () => {
    await drain();
    const industry = `Space-${Date.now()}`;
    const user = await signInAs(t, 'subscriber');
    const searchId = await saveSearch(user, { industry: [industry] });
    const added = await createLead({ industry });
    // A matcher that matched and queued, then died before it could commit: nothing it did stays.
    const dying: Database = {
      ...t.database,
      rawTransaction: (fn) =>
        t.database.rawTransaction((query) =>
          fn(async (text, params) => {
            if (text.startsWith('delete from lead_changes')) throw new Error('killed');
            return query(text, params);
          }),
        ),
    };
    await expect(match(dying)).rejects.toThrow('killed');
    expect(await matchesOf(searchId)).toEqual([]);
    expect(await queuedOf(searchId)).toEqual([]);
    expect((await match()).matches).toBe(1);
    expect(await matchesOf(searchId)).toEqual([added.id]);
    expect(await queuedOf(searchId)).toHaveLength(1);
    expect((await match()).changes).toBe(0);
  });

  it('records nothing in the outbox while there is no saved search, and honours hasContacts and lastDays', async () => {
    await t.database.rawTransaction((query) => query('delete from saved_searches'));
    await drain();
    await createLead();
    const outbox = await t.database.rawTransaction((query) => query('select count(*)::int as n from lead_changes'));
    expect(outbox.rows[0]!.n).toBe(0);

    const industry = `Agri-${Date.now()}`;
    const user = await signInAs(t, 'subscriber');
    const withContacts = await saveSearch(user, { industry: [industry], hasContacts: true });
    const recent = await saveSearch(user, { industry: [industry], lastDays: 30 });
    const contact = { name: 'Pat Example', role: 'CEO', email: 'pat@example.com', linkedIn: '' };
    const today = new Date().toISOString().slice(0, 10);
    const fresh = await createLead({ industry, contacts: [contact], fundingDate: today });
    const stale = await createLead({ industry, fundingDate: '2020-01-01' });
    await drain();
    expect(await matchesOf(withContacts)).toEqual([fresh.id]);
    expect(await matchesOf(recent)).toEqual([fresh.id]);
    // Contacts added by an edit make the stale lead match the contacts search.
    await updateLead(stale.id, { ...stale.body, contacts: [contact] });
    await drain();
    expect(sorted(await matchesOf(withContacts))).toEqual(sorted([fresh.id, stale.id]));
    expect(await matchesOf(recent)).toEqual([fresh.id]);
  });
});
