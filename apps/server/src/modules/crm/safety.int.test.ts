// What must never happen: a token readable in a database dump or a log line, a push of leads that do not exist,
// of more than 500 ids, to a CRM not connected, or by an account whose subscription lapsed. Each is a 4xx with a
// clear {"error"}, and nothing reaches the CRM.
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { invalidateAuthCache } from '../../plugins/access.js';
import { signInAs, signUp } from '../../../test/helpers.js';
import { connectHubspot, connectPipedrive, createLeads, runPush, startPush, useCrmTestApp } from '../../../test/crm.js';
import { subscriptions } from '../../db/schema/index.js';

describe('Send to CRM: secrets and bad input', () => {
  const crm = useCrmTestApp({ hubspot: { tokenLifetimeSeconds: 60 }, signIn: true });

  /** Every row of every table, as text: what a database dump holds. */
  async function dump(): Promise<string> {
    return crm.t.database.rawTransaction(async (query) => {
      const tables = await query(`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
      const parts: string[] = [];
      for (const row of tables.rows) parts.push(JSON.stringify((await query(`select * from "${String(row.table_name)}"`)).rows));
      return parts.join('\n');
    });
  }

  it('keeps tokens encrypted in the database and out of every answer and log line', async () => {
    await connectHubspot(crm.t, crm.user);
    await connectPipedrive(crm.t, crm.user);
    // The token lives 60 s, so the push refreshes it first: the refreshed token must be as hidden.
    const [lead] = await createLeads(crm.t, 1, { contacts: 1 });
    await runPush(crm.t, crm.user, (await startPush(crm.t, crm.user, 'hubspot', [lead!.id])).id);
    const secrets = [...crm.hubspot.accessTokens.keys(), ...crm.hubspot.requests.flatMap((request) => new URLSearchParams(request.text).getAll('refresh_token')), 'pipedrive-token-0123456789abcdef'];
    const codes = crm.hubspot.requests.flatMap((request) => new URLSearchParams(request.text).getAll('code'));
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    expect(crm.hubspot.requests.some((request) => request.text.includes('grant_type=refresh_token'))).toBe(true);

    const text = await dump();
    expect(text).toContain('v1.');
    for (const secret of secrets) expect(text).not.toContain(secret);
    const logged = JSON.stringify(crm.t.logs);
    expect(logged).toContain('/api/integrations/hubspot/callback');
    for (const secret of [...secrets, ...codes]) expect(logged).not.toContain(secret);
    const answer = await crm.t.app.inject({ method: 'GET', url: '/api/integrations', headers: crm.user });
    for (const secret of secrets) expect(answer.body).not.toContain(secret);
  });

  it('refuses bad pushes with a 4xx and sends nothing', async () => {
    const [lead] = await createLeads(crm.t, 1);
    const crmBefore = crm.hubspot.crmRequests().length;
    const pushesBefore = await crm.t.database.rawTransaction((query) => query('select count(*)::int as n from crm_pushes'));
    const post = (payload: unknown, headers = crm.user) => crm.t.app.inject({ method: 'POST', url: '/api/crm/pushes', headers, payload: payload as Record<string, unknown> });

    const unknown = await post({ crm: 'hubspot', leadIds: [lead!.id, randomUUID()] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'A lead was not found; nothing was sent' });
    const tooMany = await post({ crm: 'hubspot', leadIds: Array.from({ length: 501 }, () => randomUUID()) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ error: 'Send at most 500 leads at once' });
    expect((await post({ crm: 'hubspot', leadIds: [] })).json()).toEqual({ error: 'Choose at least one lead' });
    expect((await post({ crm: 'salesforce', leadIds: [lead!.id] })).json()).toEqual({ error: 'crm must be hubspot or pipedrive' });
    expect((await post({ crm: 'hubspot', leadIds: ['x'] })).statusCode).toBe(400);

    const stranger = await signInAs(crm.t, 'subscriber');
    const unconnected = await post({ crm: 'hubspot', leadIds: [lead!.id] }, stranger);
    expect(unconnected.statusCode).toBe(400);
    expect(unconnected.json()).toEqual({ error: 'Connect HubSpot first (Integrations)' });
    await crm.t.app.jobs.runDue({ kinds: ['crm.push'] });
    expect(crm.hubspot.crmRequests().length).toBe(crmBefore);
    const none = await crm.t.database.rawTransaction((query) => query('select count(*)::int as n from crm_pushes'));
    expect(none.rows[0]!.n).toBe(pushesBefore.rows[0]!.n);

    // Someone else's push is not found.
    const mine = await startPush(crm.t, crm.user, 'hubspot', [lead!.id]);
    const theirs = await crm.t.app.inject({ method: 'GET', url: `/api/crm/pushes/${mine.id}`, headers: stranger });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: 'Push not found' });
    await crm.t.app.jobs.runDue({ kinds: ['crm.push'] });

    // A lapsed subscription: 403 from the route, and a push queued before the lapse sends nothing.
    const lapsing = await signUp(crm.t.app, `lapsing-${Date.now()}@example.com`);
    await crm.t.database.db.insert(subscriptions).values({ userId: lapsing.userId, status: 'active', priceId: 'price_test_monthly' });
    const lapsingHeaders = { cookie: lapsing.cookie, origin: crm.t.config.appUrl };
    await connectHubspot(crm.t, lapsingHeaders);
    const queued = await startPush(crm.t, lapsingHeaders, 'hubspot', [lead!.id]);
    await crm.t.database.rawTransaction((query) => query(`update subscriptions set status = 'canceled' where user_id = $1`, [lapsing.userId]));
    invalidateAuthCache(crm.t.app, lapsing.userId);
    const refused = await post({ crm: 'hubspot', leadIds: [lead!.id] }, lapsingHeaders);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/active subscription/);
    const crmAtLapse = crm.hubspot.crmRequests().length;
    await crm.t.app.jobs.runDue({ kinds: ['crm.push'] });
    expect(crm.hubspot.crmRequests().length).toBe(crmAtLapse);
    const row = await crm.t.database.rawTransaction((query) => query(`select status, error from crm_push_leads where push_id = $1`, [queued.id]));
    expect(row.rows[0]).toEqual({ status: 'failed', error: 'Not sent: the account has no active subscription' });

    const pushesAfter = await crm.t.database.rawTransaction((query) => query('select count(*)::int as n from crm_pushes'));
    // Only the two pushes made on purpose were recorded.
    expect(Number(pushesAfter.rows[0]!.n)).toBe(Number(pushesBefore.rows[0]!.n) + 2);
  });
});
