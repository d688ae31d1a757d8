// What must never happen: a token readable in a database dump or a log line, a push of leads that do not exist,
// of more than 500 ids, to a CRM not connected, or by an account whose subscription lapsed. Each is a 4xx with a
// clear {"error"}, and nothing reaches the CRM.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { invalidateAuthCache } from '../../plugins/access.js';
import { signInAs, signUp, type TestApp } from '../../../test/helpers.js';
import { buildCrmTestApp, connectHubspot, connectPipedrive, createLeads, runPush, startPush } from '../../../test/crm.js';
import { startHubspotStandIn, type HubspotStandIn } from '../../../test/hubspot-stand-in.js';
import { startPipedriveStandIn, type PipedriveStandIn } from '../../../test/pipedrive-stand-in.js';
import { subscriptions } from '../../db/schema/index.js';

describe('Send to CRM: secrets and bad input', () => {
  let hubspot: HubspotStandIn;
  let pipedrive: PipedriveStandIn;
  let t: TestApp;
  let user: Record<string, string>;
  beforeAll(async () => {
    hubspot = await startHubspotStandIn({ tokenLifetimeSeconds: 60 });
    pipedrive = await startPipedriveStandIn();
    t = await buildCrmTestApp(hubspot, pipedrive);
    user = await signInAs(t, 'subscriber');
  });
  afterAll(async () => {
    await t.close();
    await hubspot.close();
    await pipedrive.close();
  });

  /** Every row of every table, as text: what a database dump holds. */
  async function dump(): Promise<string> {
    return t.database.rawTransaction(async (query) => {
      const tables = await query(`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
      const parts: string[] = [];
      for (const row of tables.rows) parts.push(JSON.stringify((await query(`select * from "${String(row.table_name)}"`)).rows));
      return parts.join('\n');
    });
  }

  it('keeps tokens encrypted in the database and out of every answer and log line', async () => {
    await connectHubspot(t, user);
    await connectPipedrive(t, user);
    // The token lives 60 s, so the push refreshes it first: the refreshed token must be as hidden.
    const [lead] = await createLeads(t, 1, { contacts: 1 });
    await runPush(t, user, (await startPush(t, user, 'hubspot', [lead!.id])).id);
    const secrets = [...hubspot.accessTokens.keys(), ...hubspot.requests.flatMap((request) => new URLSearchParams(request.text).getAll('refresh_token')), 'pipedrive-token-0123456789abcdef'];
    const codes = hubspot.requests.flatMap((request) => new URLSearchParams(request.text).getAll('code'));
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    expect(hubspot.requests.some((request) => request.text.includes('grant_type=refresh_token'))).toBe(true);

    const text = await dump();
    expect(text).toContain('v1.');
    for (const secret of secrets) expect(text).not.toContain(secret);
    const logged = JSON.stringify(t.logs);
    expect(logged).toContain('/api/integrations/hubspot/callback');
    for (const secret of [...secrets, ...codes]) expect(logged).not.toContain(secret);
    const answer = await t.app.inject({ method: 'GET', url: '/api/integrations', headers: user });
    for (const secret of secrets) expect(answer.body).not.toContain(secret);
  });

  it('refuses bad pushes with a 4xx and sends nothing', async () => {
    const [lead] = await createLeads(t, 1);
    const crmBefore = hubspot.crmRequests().length;
    const pushesBefore = await t.database.rawTransaction((query) => query('select count(*)::int as n from crm_pushes'));
    const post = (payload: unknown, headers = user) => t.app.inject({ method: 'POST', url: '/api/crm/pushes', headers, payload: payload as Record<string, unknown> });

    const unknown = await post({ crm: 'hubspot', leadIds: [lead!.id, randomUUID()] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'A lead was not found; nothing was sent' });
    const tooMany = await post({ crm: 'hubspot', leadIds: Array.from({ length: 501 }, () => randomUUID()) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ error: 'Send at most 500 leads at once' });
    expect((await post({ crm: 'hubspot', leadIds: [] })).json()).toEqual({ error: 'Choose at least one lead' });
    expect((await post({ crm: 'salesforce', leadIds: [lead!.id] })).json()).toEqual({ error: 'crm must be hubspot or pipedrive' });
    expect((await post({ crm: 'hubspot', leadIds: ['x'] })).statusCode).toBe(400);

    const stranger = await signInAs(t, 'subscriber');
    const unconnected = await post({ crm: 'hubspot', leadIds: [lead!.id] }, stranger);
    expect(unconnected.statusCode).toBe(400);
    expect(unconnected.json()).toEqual({ error: 'Connect HubSpot first (Integrations)' });
    await t.app.jobs.runDue({ kinds: ['crm.push'] });
    expect(hubspot.crmRequests().length).toBe(crmBefore);
    const none = await t.database.rawTransaction((query) => query('select count(*)::int as n from crm_pushes'));
    expect(none.rows[0]!.n).toBe(pushesBefore.rows[0]!.n);

    // Someone else's push is not found.
    const mine = await startPush(t, user, 'hubspot', [lead!.id]);
    const theirs = await t.app.inject({ method: 'GET', url: `/api/crm/pushes/${mine.id}`, headers: stranger });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: 'Push not found' });
    await t.app.jobs.runDue({ kinds: ['crm.push'] });

    // A lapsed subscription: 403 from the route, and a push queued before the lapse sends nothing.
    const lapsing = await signUp(t.app, `lapsing-${Date.now()}@example.com`);
    await t.database.db.insert(subscriptions).values({ userId: lapsing.userId, status: 'active', priceId: 'price_test_monthly' });
    const lapsingHeaders = { cookie: lapsing.cookie, origin: t.config.appUrl };
    await connectHubspot(t, lapsingHeaders);
    const queued = await startPush(t, lapsingHeaders, 'hubspot', [lead!.id]);
    await t.database.rawTransaction((query) => query(`update subscriptions set status = 'canceled' where user_id = $1`, [lapsing.userId]));
    invalidateAuthCache(t.app, lapsing.userId);
    const refused = await post({ crm: 'hubspot', leadIds: [lead!.id] }, lapsingHeaders);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/active subscription/);
    const crmAtLapse = hubspot.crmRequests().length;
    await t.app.jobs.runDue({ kinds: ['crm.push'] });
    expect(hubspot.crmRequests().length).toBe(crmAtLapse);
    const row = await t.database.rawTransaction((query) => query(`select status, error from crm_push_leads where push_id = $1`, [queued.id]));
    expect(row.rows[0]).toEqual({ status: 'failed', error: 'Not sent: the account has no active subscription' });

    const pushesAfter = await t.database.rawTransaction((query) => query('select count(*)::int as n from crm_pushes'));
    // Only the two pushes made on purpose were recorded.
    expect(Number(pushesAfter.rows[0]!.n)).toBe(Number(pushesBefore.rows[0]!.n) + 2);
  });
});
